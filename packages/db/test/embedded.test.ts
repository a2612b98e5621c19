import { chmod, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { startEmbeddedPostgres } from "../src/embedded";

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

  it("stop() returns when Ctrl-C already stopped the server (it shares the terminal's group)", async () => {
    const dataDir = join(base, "postgres");
    const server = await startEmbeddedPostgres({ dataDir, persistent: false });
    const pidFile = join(dataDir, "postmaster.pid");
    const pid = Number((await readFile(pidFile, "utf8")).split("\n")[0]);
    process.kill(pid, "SIGINT");
    await until(async () => !(await exists(pidFile)));
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
