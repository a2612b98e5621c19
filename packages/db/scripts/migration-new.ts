/**
 * `pnpm migration:new <name>`: writes prisma/migrations/<UTC timestamp>_<name>/migration.sql,
 * the SQL that takes the database from the last migrated schema to the current schema.prisma.
 *
 * Prisma 7's `migrate dev` needs the native schema engine, which cannot be downloaded here, so
 * this runs Prisma 6.19's WebAssembly engine (`pnpm dlx prisma@6.19.3 migrate diff`) on two
 * datamodels, offline once pnpm has it cached. "Last migrated schema" is schema.prisma as
 * committed with the newest committed migration (empty when there is none): commit each
 * migration together with its schema change. The drift test catches any mismatch.
 *
 * Options: --empty writes an empty migration (for hand-written SQL) when nothing changed.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import { startEmbeddedPostgres } from "../src/embedded";

const PRISMA_FOR_DIFF = "prisma@6.19.3";
const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
const schemaPath = join(packageDir, "prisma", "schema.prisma");
const migrationsPath = join(packageDir, "prisma", "migrations");
// Inside the package so the config below can import @prisma/adapter-pg.
const workDir = join(packageDir, "node_modules", ".cache", "migration-diff");

const EMPTY_MIGRATION = "-- This is an empty migration.";

function git(args: string[]): string {
  return execFileSync("git", args, { cwd: packageDir, encoding: "utf8" }).trim();
}

/** schema.prisma as committed with the newest committed migration, or undefined if none. */
function lastMigratedSchema(): string | undefined {
  const pending = git([
    "status",
    "--porcelain",
    "--untracked-files=all",
    "--",
    "prisma/migrations",
  ]);
  if (pending !== "") {
    throw new Error(
      `prisma/migrations has uncommitted changes; commit or delete them first:\n${pending}`,
    );
  }
  const commit = git(["log", "-1", "--format=%H", "--", "prisma/migrations"]);
  if (commit === "") return undefined;
  return git(["show", `${commit}:./prisma/schema.prisma`]);
}

/** The schema as Prisma 6 wants it for a diff: a datasource URL, no generator. */
function forPrisma6(schema: string): string {
  return schema
    .replaceAll(/^generator\s+\w+\s*\{[^}]*\}/gm, "")
    .replace(/(datasource\s+\w+\s*\{)/, '$1\n  url = env("DATABASE_URL")');
}

/** Prisma prepends this to a diff from nothing; the schema always exists, and creating it needs rights. */
function withoutCreateSchema(sql: string): string {
  return sql.replace(/-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n\n/, "");
}

/**
 * Prisma 6's JS engine connects its adapter even for a datamodel-to-datamodel diff (it reads
 * nothing): give it DATABASE_URL's server, or a throwaway embedded one.
 */
async function withServer<T>(work: (url: string) => Promise<T>): Promise<T> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv !== undefined && fromEnv !== "") return work(fromEnv);
  const dataDir = await mkdtemp(join(tmpdir(), "fuda-migration-diff-"));
  const server = await startEmbeddedPostgres({ dataDir, persistent: false });
  try {
    return await work(server.url("postgres"));
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function utcTimestamp(date: Date): string {
  return date.toISOString().replaceAll(/[-:T]/g, "").slice(0, 14);
}

async function diff(from: string | undefined, to: string, databaseUrl: string): Promise<string> {
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  const stub = join(workDir, "no-engine");
  await writeFile(stub, "");
  await writeFile(join(workDir, "to.prisma"), forPrisma6(to));
  if (from !== undefined) await writeFile(join(workDir, "from.prisma"), forPrisma6(from));
  // The adapter is never used for a datamodel-to-datamodel diff, but it lets Prisma 6 run
  // without the native engines.
  await writeFile(
    join(workDir, "prisma.config.ts"),
    `import { PrismaPg } from "@prisma/adapter-pg";
export default {
  experimental: { adapter: true },
  engine: "js",
  adapter: () => Promise.resolve(new PrismaPg({ connectionString: process.env.DATABASE_URL })),
};
`,
  );
  const output = join(workDir, "migration.sql");
  execFileSync(
    "pnpm",
    [
      "dlx",
      // Its postinstall only tries (and fails) to download engines; pnpm 12 refuses to skip it.
      "--allow-build=@prisma/engines",
      "--allow-build=prisma",
      PRISMA_FOR_DIFF,
      "migrate",
      "diff",
      ...(from === undefined ? ["--from-empty"] : ["--from-schema-datamodel", "from.prisma"]),
      "--to-schema-datamodel",
      "to.prisma",
      "--script",
      "--output",
      output,
    ],
    {
      cwd: workDir,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PRISMA_QUERY_ENGINE_LIBRARY: stub,
        PRISMA_SCHEMA_ENGINE_BINARY: stub,
        PRISMA_HIDE_UPDATE_MESSAGE: "1",
      },
    },
  );
  return withoutCreateSchema(await readFile(output, "utf8"));
}

async function main(args: string[]): Promise<number> {
  const empty = args.includes("--empty");
  const [rawName] = args.filter((arg) => !arg.startsWith("--"));
  const name = rawName
    ?.toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, "_")
    .replaceAll(/^_|_$/g, "");
  if (!name) {
    process.stderr.write("usage: pnpm migration:new <name> [--empty]\n");
    return 2;
  }
  const from = lastMigratedSchema();
  const to = await readFile(schemaPath, "utf8");
  const sql = await withServer((url) => diff(from, to, url));
  const unchanged = sql.trim() === EMPTY_MIGRATION || sql.trim() === "";
  if (unchanged && !empty) {
    process.stdout.write(
      "schema.prisma has no changes since the last migration; nothing written\n",
    );
    return 0;
  }
  const dir = join(migrationsPath, `${utcTimestamp(new Date())}_${name}`);
  if (existsSync(dir)) throw new Error(`${dir} already exists`);
  await mkdir(dir, { recursive: true });
  const file = join(dir, "migration.sql");
  await writeFile(file, unchanged ? `${EMPTY_MIGRATION}\n` : sql);
  process.stdout.write(`wrote ${relative(process.cwd(), file)}\n\n${sql}`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(
    `migration:new: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
}
