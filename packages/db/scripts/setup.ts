/**
 * `pnpm --filter @fuda/db setup` (or `node --import tsx packages/db/scripts/setup.ts`): migrate and
 * seed the database at DATABASE_URL, for deployments that start the apps separately.
 */
import { setupDatabase } from "../src/setup";

const url = process.env.DATABASE_URL;
if (url === undefined || url === "") {
  process.stderr.write("db-setup: DATABASE_URL: is required\n");
  process.exit(1);
}
setupDatabase({ url, log: (line) => process.stdout.write(`${line}\n`) }).then(
  ({ applied, tables }) => {
    process.stdout.write(
      `db-setup: ${applied.length} migration(s) applied, ${tables} demo tables\n`,
    );
  },
  (error: unknown) => {
    process.stderr.write(`db-setup: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
