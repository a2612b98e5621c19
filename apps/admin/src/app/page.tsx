import { connection } from "next/server";

import { HealthStrip } from "~/components/health-strip";
import { TablesAdmin } from "~/components/tables-admin";
import { env } from "~/env";
import { loadOverview } from "~/game-api";

import styles from "./page.module.css";

export default async function TablesPage() {
  // The game API is not running at build time: render on every request.
  await connection();
  const overview = await loadOverview(env.GAME_API_URL);

  return (
    <main className={styles.main}>
      <HealthStrip overview={overview} gameApiUrl={env.GAME_API_URL} />
      {overview.available ? (
        <TablesAdmin
          initial={overview.tables}
          headingClassName={styles.heading}
          countsClassName={styles.counts}
        />
      ) : (
        <>
          <div className={styles.heading}>
            <h1>Tables</h1>
          </div>
          <p className={styles.note}>
            Table configuration is read from the game API; it will appear here once the API answers.
          </p>
        </>
      )}
      <p className={styles.note}>
        Limits are per bet type and per player, shown in points (1 point = 100 minor units). A
        pause, a close or a new shoe takes effect between rounds: the round in play is finished.
        Times are UTC.
      </p>
    </main>
  );
}
