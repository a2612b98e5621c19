import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * The migrations in `dir` (Prisma's layout: `<dir>/<timestamp>_<name>/migration.sql`), names and
 * SQL, in the order Prisma applies them (by directory name).
 */
export async function readMigrationFolder(dir: string): Promise<{ name: string; sql: string }[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      name,
      sql: await readFile(join(dir, name, "migration.sql"), "utf8"),
    })),
  );
}
