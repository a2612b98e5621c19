/**
 * How long the database part of `pnpm start` takes: embedded PostgreSQL init and start,
 * migrate, seed. `pnpm exec tsx bench/startup.ts` (ignores DATABASE_URL). Numbers on a shared
 * 2-core machine are noisy: run it a few times.
 */
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { createDb, migrate, resolveDatabaseUrl, seed } from "../src/index";

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(
    `${label.padEnd(44)} ${Math.round(performance.now() - started)
      .toString()
      .padStart(6)} ms`,
  );
  return result;
}

async function main(): Promise<void> {
  delete process.env.DATABASE_URL;
  const base = await mkdtemp(join(tmpdir(), "fuda-bench-"));
  // As root the server runs as `postgres`, which must be able to enter this directory.
  await chmod(base, 0o755);
  const dataDir = join(base, "postgres");
  try {
    const first = await timed("embedded PostgreSQL: init + start", () =>
      resolveDatabaseUrl({ dataDir }),
    );
    await timed("migrate (empty database)", () => migrate(first.url));
    await timed("migrate (nothing to apply)", () => migrate(first.url));
    const db = createDb(first.url);
    await timed("seed (first run, cold client)", () => seed(db));
    await timed("seed (again)", () => seed(db));
    await db.$disconnect();
    await timed("embedded PostgreSQL: stop", () => first.stop());
    const second = await timed("embedded PostgreSQL: start (existing data)", () =>
      resolveDatabaseUrl({ dataDir }),
    );
    await timed("migrate (after restart, nothing to apply)", () => migrate(second.url));
    await second.stop();
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

await main();
