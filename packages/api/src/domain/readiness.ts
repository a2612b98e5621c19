import type { Db } from "@fuda/db";
import { pendingMigrations } from "@fuda/db";
import type { EventHub } from "@fuda/live";

/**
 * What a server needs before it takes traffic (`/readyz`, docs/observability.md): its database
 * answering, every committed migration applied (a server newer than its database waits), its
 * event hub listening when it has one, and a read replica answering when it reads from one.
 * Each check rejects saying what is wrong.
 */
export function readinessChecks({
  db,
  events,
  replica,
}: {
  db: Db;
  events?: Pick<EventHub, "connected">;
  replica?: Db;
}): Record<string, () => Promise<unknown>> {
  return {
    database: () => db.$queryRaw`SELECT 1`,
    ...(replica === undefined ? {} : { replica: () => replica.$queryRaw`SELECT 1` }),
    migrations: async () => {
      const pending = await pendingMigrations(db);
      if (pending.length > 0) throw new Error(`not applied: ${pending.join(", ")}`);
    },
    ...(events === undefined
      ? {}
      : {
          events: () =>
            events.connected()
              ? Promise.resolve()
              : Promise.reject(new Error("the event hub is not listening")),
        }),
  };
}
