import { createDb } from "./client";
import { migrate } from "./migrate";
import { seed } from "./seed";

/**
 * What every deployment runs before the apps start: the pending migrations, then the demo
 * tables that are missing. Used by `pnpm start` and by the compose file's db-setup service.
 */
export async function setupDatabase({
  url,
  log,
}: {
  url: string;
  log?: (line: string) => void;
}): Promise<{ applied: string[]; tables: number }> {
  const { applied } = await migrate(url, { log });
  const db = createDb(url);
  try {
    const { tables } = await seed(db);
    return { applied, tables };
  } finally {
    await db.$disconnect();
  }
}
