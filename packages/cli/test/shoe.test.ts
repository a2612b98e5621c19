import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";

import { beforeAll, describe, expect, it } from "vitest";

import { fromHex, isPermutationOf, standardDecks, toHex } from "@fuda/shoe";

import shoe from "../src/commands/shoe";
import { runCommand } from "./run-json";

const root = resolve(import.meta.dirname, "../../..");

/** Runs `pnpm --silent fuda …` as a user would (through tsx), without failing on exit codes. */
async function fuda(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = join(root, "node_modules/.bin/tsx");
  try {
    const { stdout, stderr } = await promisify(execFile)(
      tsx,
      ["packages/cli/src/main.ts", ...args],
      {
        cwd: root,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

interface NewShoeOutput {
  commitment: string;
  reveal: { salt: string; cards: string };
}

const run = (args: string[]) => runCommand(shoe, args);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fuda-shoe-"));
});

describe("fuda shoe (from the repo root)", () => {
  // Three processes through tsx: seconds on a loaded 2-core CI machine, hence the timeout.
  it(
    "new then verify exits 0; editing one card in the reveal exits 1 with the reason",
    { timeout: 60_000 },
    async () => {
      const created = await fuda(["shoe", "new", "--decks", "8", "--seed", "c0ffee", "--json"]);
      expect(created.code).toBe(0);
      const output = JSON.parse(created.stdout) as NewShoeOutput;
      const file = join(dir, "shoe.json");
      await writeFile(file, created.stdout);
      const verified = await fuda(["shoe", "verify", file]);
      expect(verified.code).toBe(0);
      expect(verified.stdout).toContain(output.commitment);

      const cards = fromHex(output.reveal.cards);
      cards[100] = cards[100] === 0x01 ? 0x02 : 0x01;
      const tampered = join(dir, "tampered.json");
      await writeFile(
        tampered,
        JSON.stringify({ ...output, reveal: { ...output.reveal, cards: toHex(cards) } }),
      );
      const refused = await fuda(["shoe", "verify", tampered]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /fuda: shoe verify: the reveal hashes to [0-9a-f]{64}, not to the commitment/,
      );
    },
  );

  it(
    "without a command prints the usage and exits 1; help exits 0",
    { timeout: 60_000 },
    async () => {
      const bare = await fuda([]);
      expect(bare.code).toBe(1);
      expect(bare.stdout).toMatch(/^usage: pnpm fuda <command>/);
      const help = await fuda(["help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toBe(bare.stdout);
    },
  );
});

describe("fuda shoe new", () => {
  it("with --seed prints the same commitment and reveal every time", async () => {
    const a = await run(["new", "--seed", "ab", "--nonce", "2", "--json"]);
    const b = await run(["new", "--seed", "ab", "--nonce", "2", "--json"]);
    const c = await run(["new", "--seed", "ab", "--nonce", "3", "--json"]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout).not.toBe(c.stdout);
    const output = JSON.parse(a.stdout) as NewShoeOutput;
    expect(output.commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(output.reveal.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(isPermutationOf(fromHex(output.reveal.cards), standardDecks(8))).toBe(true);
  });

  it("without --seed uses the CSPRNG: two shoes differ", async () => {
    const a = JSON.parse((await run(["new", "--decks", "1", "--json"])).stdout) as NewShoeOutput;
    const b = JSON.parse((await run(["new", "--decks", "1", "--json"])).stdout) as NewShoeOutput;
    expect(fromHex(a.reveal.cards).length).toBe(52);
    expect(a.reveal.cards).not.toBe(b.reveal.cards);
  });

  it("builds the quick game's deck and blackjack shoes with jokers", async () => {
    const quick = await run(["new", "--suits", "5", "--seed", "01", "--json"]);
    expect(fromHex((JSON.parse(quick.stdout) as NewShoeOutput).reveal.cards).length).toBe(520);
    const blackjack = await run(["new", "--decks", "6", "--jokers", "1", "--seed", "01", "--json"]);
    expect(fromHex((JSON.parse(blackjack.stdout) as NewShoeOutput).reveal.cards)).toContain(0x50);
  });

  it("refuses a bad seed, a bad deck count and an unknown subcommand", async () => {
    await expect(run(["new", "--seed", "xyz"])).rejects.toThrow(/--seed must be hex/);
    await expect(run(["new", "--decks", "0"])).rejects.toThrow(
      /--decks must be a positive integer/,
    );
    await expect(run(["new", "--suits", "6"])).rejects.toThrow(/--suits/);
    await expect(run(["new", "--decks", "2000"])).rejects.toThrow(/at most 65,535 cards/);
    await expect(run(["new", "--jokers", "-1"])).rejects.toThrow(
      /--jokers must be a non-negative integer/,
    );
    await expect(run(["new", "--seed", "01", "--nonce", "0x10"])).rejects.toThrow(
      /--nonce must be a non-negative integer/,
    );
    await expect(run(["shuffle"])).rejects.toThrow(/usage: shoe new/);
  });

  it("counts the jokers in the 65,535-card limit: 1,260 decks take 15 jokers, not 16", async () => {
    // Refused by the CLI with its advice, before the shoe is built.
    await expect(run(["new", "--decks", "1260", "--jokers", "16"])).rejects.toThrow(
      "a shoe holds at most 65,535 cards: lower --decks or --jokers",
    );
    const full = await run(["new", "--decks", "1260", "--jokers", "15", "--seed", "01", "--json"]);
    expect(fromHex((JSON.parse(full.stdout) as NewShoeOutput).reveal.cards).length).toBe(65_535);
  });

  it("the client seed is part of the shoe: another client seed, another shoe", async () => {
    const a = await run(["new", "--seed", "ab", "--client-seed", "alice", "--json"]);
    const b = await run(["new", "--seed", "ab", "--client-seed", "bob", "--json"]);
    expect(a.stdout).not.toBe(b.stdout);
  });

  it("refuses --client-seed or --nonce without --seed rather than ignoring them", async () => {
    await expect(run(["new", "--client-seed", "alice"])).rejects.toThrow(
      /--client-seed needs --seed/,
    );
    await expect(run(["new", "--nonce", "7"])).rejects.toThrow(/--nonce needs --seed/);
  });
});

describe("fuda shoe verify", () => {
  async function newShoeFile(name: string, args: string[]): Promise<string> {
    const file = join(dir, name);
    await writeFile(file, (await run(["new", ...args, "--json"])).stdout);
    return file;
  }

  it("checks the composition when --decks is given", async () => {
    const file = await newShoeFile("two-decks.json", ["--decks", "2", "--seed", "02"]);
    expect((await run(["verify", file, "--decks", "2"])).code).toBe(0);
    await expect(run(["verify", file, "--decks", "3"])).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringMatching(/not the expected composition/) as unknown,
    });
  });

  it("exits 1 when the salt was changed", async () => {
    const file = await newShoeFile("salted.json", ["--seed", "03"]);
    const output = JSON.parse(await readFile(file, "utf8")) as NewShoeOutput;
    const salt = `${output.reveal.salt.startsWith("0") ? "1" : "0"}${output.reveal.salt.slice(1)}`;
    await writeFile(file, JSON.stringify({ ...output, reveal: { ...output.reveal, salt } }));
    await expect(run(["verify", file])).rejects.toMatchObject({ exitCode: 1 });
  });

  it("names a missing file, a non-JSON file and a file without a reveal", async () => {
    await expect(run(["verify", join(dir, "missing.json")])).rejects.toThrow(/cannot read/);
    const notJson = join(dir, "not.json");
    await writeFile(notJson, "hello");
    await expect(run(["verify", notJson])).rejects.toThrow(/is not JSON/);
    const noReveal = join(dir, "no-reveal.json");
    await writeFile(noReveal, JSON.stringify({ commitment: "00" }));
    await expect(run(["verify", noReveal])).rejects.toThrow(/needs \{ "commitment"/);
    const noCards = join(dir, "no-cards.json");
    await writeFile(noCards, JSON.stringify({ commitment: "00", reveal: { salt: "00" } }));
    await expect(run(["verify", noCards])).rejects.toThrow(/needs \{ "commitment"/);
    const numeric = join(dir, "numeric.json");
    await writeFile(
      numeric,
      JSON.stringify({ commitment: 5, reveal: { salt: "00", cards: "01" } }),
    );
    await expect(run(["verify", numeric])).rejects.toThrow(/needs \{ "commitment"/);
    await expect(run(["verify"])).rejects.toThrow(/usage/);
  });
});
