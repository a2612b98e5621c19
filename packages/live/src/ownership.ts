/**
 * One dealer per table (docs/live-tables.md, Who deals a table): a process deals a table while it
 * holds the table's PostgreSQL advisory lock on its own connection. The lock lives as long as
 * that connection, so when the process dies — or its connection does — the database frees its
 * tables, and another process claims them on its next pass (every `claimIntervalMs`). The same
 * pass wakes the runners of paused or closed tables it reads open again: one read a second for
 * every table, not one per table.
 */
import pg from "pg";

import type { Db, Game } from "@fuda/db";
import { sqlClient } from "@fuda/db";
import type { Rng } from "@fuda/shoe";
import { tablesOpen } from "@fuda/telemetry";

import type { Clock } from "./clock";
import { systemClock } from "./clock";
import type { DealerTiming } from "./dealer";
import { cryptoRng, DEFAULT_TIMING } from "./dealer";
import { definitionOf } from "./games";
import type { LiveLog } from "./log";
import { defaultLiveLog, oneLine } from "./log";
import type { EventHub } from "./services";
import { runTable } from "./table-runner";

/** The advisory lock namespace of tables ("live"); the key is `hashtext(table id)`. */
const TABLE_LOCKS = 0x6c69_7665;

export interface DealerOptions {
  db: Db;
  /** The database's URL, for the connection that holds this process's table locks. */
  connectionString: string;
  timing?: Partial<DealerTiming>;
  /**
   * How often unowned tables are claimed, the lock connection checked, and the runners of tables
   * opened again woken. Default 1 s.
   */
  claimIntervalMs?: number;
  rng?: () => Rng;
  /** The dealer's time (windows, turn timers, its waits); a test hands it one it moves on. */
  clock?: Clock;
  /** Faults at warn/error, tables taken at info, each round's phases at debug. */
  log?: LiveLog;
  /** The process's event hub: a table waiting for a decision goes on at its next event. */
  hub?: Pick<EventHub, "listen">;
}

export interface Dealer {
  /** The ids of the tables this process deals now. */
  owned(): string[];
  /** Finishes the step in progress on every table, then lets the tables go. */
  stop(): Promise<void>;
}

interface Runner {
  abort: AbortController;
  done: Promise<void>;
}

export function startDealer(options: DealerOptions): Dealer {
  const { db, connectionString, claimIntervalMs = 1_000, clock = systemClock } = options;
  const timing: DealerTiming = { ...DEFAULT_TIMING, ...options.timing };
  const log = options.log ?? defaultLiveLog();
  const rng = (options.rng ?? cryptoRng)();
  const runners = new Map<string, Runner>();
  /** Per table, its runner while it waits for the table to open (`TableRunnerOptions.opened`). */
  const awaitingOpen = new Map<string, () => void>();
  const stopping = new AbortController();
  let locks: pg.Client | null = null;

  /** The lock connection is gone: so are the locks, and so must the runners be. */
  function release(reason: string): void {
    if (locks === null) return;
    const client = locks;
    locks = null;
    client.end().catch(() => undefined);
    if (runners.size > 0) {
      log.warn(
        { reason, tables: runners.size },
        "dealer lost its table locks: stopping its tables",
      );
    }
    for (const runner of runners.values()) runner.abort.abort();
    runners.clear();
    tablesOpen.set(0);
  }

  /** The lock connection runs one query at a time: claims and unlocks queue behind each other. */
  let queue: Promise<unknown> = Promise.resolve();

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString, application_name: "fuda-dealer-locks" });
    client.on("error", (error) => {
      release(error.message);
    });
    client.on("end", () => {
      release("connection ended");
    });
    await client.connect();
    // A new connection: nothing of the old one's queue can be waited for.
    queue = Promise.resolve();
    return client;
  }

  function onLocks<T>(
    client: pg.Client,
    sql: string,
    values: unknown[],
  ): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
    const next = queue.then(() => client.query<T & pg.QueryResultRow>(sql, values));
    queue = next.catch(() => undefined);
    return next;
  }

  function run(tableId: string, slug: string, client: pg.Client): void {
    log.info({ table: slug }, `dealing table ${slug}`);
    const abort = new AbortController();
    const done = runTable({
      db,
      tableId,
      timing,
      rng,
      clock,
      log,
      signal: abort.signal,
      hub: options.hub,
      opened: (listener) => {
        awaitingOpen.set(tableId, listener);
        return () => {
          if (awaitingOpen.get(tableId) === listener) awaitingOpen.delete(tableId);
        };
      },
    }).finally(() => {
      // Stopping (or the locks lost): ending the connection frees every lock at once.
      if (runners.get(tableId)?.abort !== abort || stopping.signal.aborted) return;
      // The runner gave the table up (another dealer moved it): let the lock go too.
      runners.delete(tableId);
      if (locks === client) {
        onLocks(client, "SELECT pg_advisory_unlock($1, hashtext($2))", [
          TABLE_LOCKS,
          tableId,
        ]).catch(() => undefined);
      }
    });
    runners.set(tableId, { abort, done });
  }

  async function claim(): Promise<void> {
    locks ??= await connect();
    const client = locks;
    // On node-postgres: this runs every second.
    const tables = await sqlClient(db).$queryRaw<
      { id: string; slug: string; game: Game; variant: string; status: string }[]
    >`SELECT id::text, slug, game::text AS game, variant, status::text AS status FROM tables`;
    for (const table of tables) {
      if (table.status === "OPEN") awaitingOpen.get(table.id)?.();
      if (runners.has(table.id) || definitionOf(table) === null) continue;
      const { rows } = await onLocks<{ locked: boolean }>(
        client,
        "SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked",
        [TABLE_LOCKS, table.id],
      );
      if (rows[0]?.locked === true && locks === client && !stopping.signal.aborted) {
        run(table.id, table.slug, client);
      }
    }
    // As of this pass: a table paused or opened since counts at the next (every claimIntervalMs).
    tablesOpen.set(
      tables.filter((table) => table.status === "OPEN" && runners.has(table.id)).length,
    );
  }

  const claiming = (async () => {
    let failing = false;
    while (!stopping.signal.aborted) {
      try {
        await claim();
        if (failing) log.info("claiming tables again");
        failing = false;
      } catch (error) {
        if (!failing) {
          log.warn({ reason: oneLine(error).slice(0, 300) }, "cannot claim tables: retrying");
        }
        failing = true;
        release("claim failed");
      }
      await clock.sleep(claimIntervalMs, stopping.signal);
    }
  })();

  return {
    owned: () => [...runners.keys()],
    async stop() {
      stopping.abort();
      await claiming;
      const running = [...runners.values()];
      for (const runner of running) runner.abort.abort();
      await Promise.all(running.map((runner) => runner.done));
      runners.clear();
      tablesOpen.set(0);
      const client = locks;
      locks = null;
      // Ending the connection frees every lock it holds.
      await client?.end().catch(() => undefined);
    },
  };
}
