import type { AddressInfo } from "node:net";

import type { Db } from "@fuda/db";
import type { TestDatabase } from "@fuda/db/testing";
import { createEventHub, silentLog, startLive } from "@fuda/live";
import type { EventHub, Live } from "@fuda/live";

import { createFeedServer } from "../src/server";

export interface FeedStack {
  baseUrl: string;
  /** The dealer: the test stops it (some stop it early, for rounds that no longer change). */
  live: Live;
  /** Closes the hub and the server. */
  close(): Promise<void>;
}

/**
 * A feed server in this process reading through `feedDb` (its event hub listening on
 * `feedUrl`), with a rate limit no test reaches, and the dealer dealing every open table with no
 * pauses: rounds settle as fast as the database takes them.
 */
export async function startFeedStack(
  database: TestDatabase,
  { feedDb, feedUrl, heartbeatMs }: { feedDb: Db; feedUrl: string; heartbeatMs?: number },
): Promise<FeedStack> {
  const hub: EventHub = createEventHub({
    db: feedDb,
    connectionString: feedUrl,
    log: silentLog,
  });
  const server = createFeedServer({
    db: feedDb,
    rateLimit: { perSecond: 10_000, burst: 10_000 },
    stream: { events: hub, ...(heartbeatMs === undefined ? {} : { heartbeatMs }) },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const live = startLive({
    db: database.db,
    connectionString: database.url,
    // Rounds back to back, with a moment between: flat out the dealer settles hundreds a second,
    // faster than the tests' pages of three rounds can catch up, and a shoe ends within one.
    timing: { dealDelayMs: 0, resultPauseMs: 50, bettingWindowMs: () => 0 },
    log: silentLog,
  });
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    live,
    async close() {
      await hub.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
