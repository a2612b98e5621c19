import { connection } from "next/server";

import { HealthStrip } from "~/components/health-strip";
import { TablesAdmin } from "~/components/tables-admin";
import { env } from "~/env";
import type { TableConfig } from "~/game-api";
import { loadOverview } from "~/game-api";

import styles from "./page.module.css";

const STATUSES: TableConfig["status"][] = ["open", "paused", "closed"];

export default async function TablesPage() {
  // The game API is not running at build time: render on every request.
  await connection();
  const overview = await loadOverview(env.GAME_API_URL);

  return (
    <main className={styles.main}>
      <HealthStrip overview={overview} gameApiUrl={env.GAME_API_URL} />
      <div className={styles.heading}>
        <h1>Tables</h1>
        {overview.available && (
          <ul className={styles.counts} data-testid="status-counts">
            <li>
              <strong>{overview.tables.length}</strong> total
            </li>
            {STATUSES.map((status) => (
              <li key={status} data-status={status}>
                <strong>{overview.tables.filter((table) => table.status === status).length}</strong>{" "}
                {status}
              </li>
            ))}
          </ul>
        )}
      </div>
      {overview.available ? (
        <TablesAdmin initial={overview.tables} />
      ) : (
        <p className={styles.note}>
          Table configuration is read from the game API; it will appear here once the API answers.
        </p>
      )}
      <p className={styles.note}>
        Limits are per bet type and per player, shown in points (1 point = 100 minor units). A
        pause, a close or a new shoe takes effect between rounds: the round in play is finished.
        Times are UTC.
      </p>
    </main>
  );
}
