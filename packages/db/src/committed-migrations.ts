import { fileURLToPath } from "node:url";

import { readMigrationFolder } from "./migration-folder";

/** The committed migrations, in Prisma's layout: `<dir>/<timestamp>_<name>/migration.sql`. */
export const migrationsDir = fileURLToPath(new URL("../prisma/migrations", import.meta.url));

/**
 * The committed migrations' names and SQL, in the order Prisma applies them. A server bundle
 * (packages/env/src/bundle.ts) replaces this module with the same list read at build time, so
 * production images carry no migrations folder.
 */
export const migrationSources = (): Promise<{ name: string; sql: string }[]> =>
  readMigrationFolder(migrationsDir);
