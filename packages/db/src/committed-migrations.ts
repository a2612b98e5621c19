import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The committed migrations, in Prisma's layout: `<dir>/<timestamp>_<name>/migration.sql`. */
export const migrationsDir = fileURLToPath(new URL("../prisma/migrations", import.meta.url));

/**
 * The committed migrations' names and SQL, in the order Prisma applies them (by directory
 * name). A server bundle (packages/env/src/bundle.ts) replaces this module with the same list
 * read at build time, so production images carry no migrations folder.
 */
export async function migrationSources(): Promise<{ name: string; sql: string }[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      sql: await readFile(join(migrationsDir, name, "migration.sql"), "utf8"),
    })),
  );
}
