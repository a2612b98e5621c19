/**
 * `tables.watch`: the lobby's stream. With the event hub, one shared feed per process reads the
 * lobby when any table's event but a chat line arrives (at most `LOBBY_REFRESHES_PER_SECOND`, a burst coalesced
 * into one read) and every watcher gets the newest list: a read per change per process, not per
 * watcher. A slow refresh also runs, for edits that announce no event and to pick up again
 * after an outage. While the database is out of reach the streams stay open with the last list.
 */
import { setTimeout as sleep } from "node:timers/promises";

import type { Db } from "@fuda/db";
import type { EventHub } from "@fuda/live";

import { isDatabaseUnreachable } from "../errors";

import type { LobbyTable } from "./lobby.types";
import { lobbyTables } from "./lobby";

const LOBBY_REFRESHES_PER_SECOND = 4;
/** Refresh without an event: table edits made without one, and recovery after an outage. */
const LOBBY_SLOW_REFRESH_MS = 5_000;

interface Snapshot {
  tables: LobbyTable[];
  json: string;
}

class LobbyFeed {
  private snapshot: Snapshot | undefined;
  private failure: Error | undefined;
  private readonly waiters = new Set<() => void>();
  private watchers = 0;
  private stop: AbortController | undefined;
  private refreshing = false;
  private again = false;
  private lastRefresh = 0;

  constructor(
    private readonly db: Db,
    private readonly hub: EventHub,
  ) {}

  private notify(): void {
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** One read at a time; a request meanwhile becomes one more read, spaced by the throttle. */
  private refresh(): void {
    if (this.refreshing) {
      this.again = true;
      return;
    }
    this.refreshing = true;
    void (async () => {
      do {
        this.again = false;
        const wait = this.lastRefresh + 1_000 / LOBBY_REFRESHES_PER_SECOND - Date.now();
        if (wait > 0) await sleep(wait);
        this.lastRefresh = Date.now();
        try {
          const tables = await lobbyTables({ db: this.db });
          const json = JSON.stringify(tables);
          if (json !== this.snapshot?.json) {
            this.snapshot = { tables, json };
            this.notify();
          }
        } catch (error) {
          if (!isDatabaseUnreachable(error)) {
            this.failure = asError(error);
            this.notify();
          }
        }
      } while (this.readAgain());
      this.refreshing = false;
    })();
  }

  /** A read was asked for during the last one, and someone still watches. */
  private readAgain(): boolean {
    return this.again && this.watchers > 0;
  }

  private start(): void {
    const stop = new AbortController();
    this.stop = stop;
    this.failure = undefined;
    this.refresh();
    const timer = setInterval(() => {
      this.refresh();
    }, LOBBY_SLOW_REFRESH_MS);
    timer.unref();
    stop.signal.addEventListener(
      "abort",
      () => {
        clearInterval(timer);
      },
      { once: true },
    );
    void (async () => {
      // Every table's public events; the hub keeps this open through outages.
      // The chat changes nothing the lobby shows: a busy chat costs the lobby no read.
      for await (const event of this.hub.subscribe({ signal: stop.signal })) {
        if (!event.type.startsWith("chat.")) this.refresh();
      }
    })().catch((error: unknown) => {
      this.failure = asError(error);
      this.notify();
    });
  }

  async *watch(signal?: AbortSignal): AsyncGenerator<LobbyTable[]> {
    this.watchers += 1;
    if (this.watchers === 1) this.start();
    const abort = (): void => {
      this.notify();
    };
    signal?.addEventListener("abort", abort, { once: true });
    try {
      let sent: string | undefined;
      while (signal?.aborted !== true) {
        if (this.failure !== undefined) throw this.failure;
        const snapshot = this.snapshot;
        if (snapshot !== undefined && snapshot.json !== sent) {
          sent = snapshot.json;
          yield snapshot.tables;
          continue;
        }
        await new Promise<void>((resolve) => this.waiters.add(resolve));
      }
    } finally {
      signal?.removeEventListener("abort", abort);
      this.watchers -= 1;
      if (this.watchers === 0) {
        this.stop?.abort();
        // A list kept while no one watches would be stale for the next watcher.
        this.snapshot = undefined;
      }
    }
  }
}

const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(String(error));

/** One feed per hub (per process): its watchers share its reads. */
const feeds = new WeakMap<EventHub, LobbyFeed>();

/**
 * The lobby's live view: the list now, then again whenever it changes, until `signal` aborts.
 * With `hub`, driven by table events through the process's shared feed; without one (an
 * in-process caller with no live tables), by polling every `intervalMs`.
 */
export function watchTables({
  db,
  hub,
  signal,
  intervalMs = 2_000,
}: {
  db: Db;
  hub?: EventHub;
  signal?: AbortSignal;
  intervalMs?: number;
}): AsyncGenerator<LobbyTable[]> {
  if (hub === undefined) return pollTables({ db, signal, intervalMs });
  let feed = feeds.get(hub);
  if (feed === undefined) feeds.set(hub, (feed = new LobbyFeed(db, hub)));
  return feed.watch(signal);
}

/**
 * Polling: the list every `intervalMs`, yielded when it changed. While the database is out of
 * reach the stream stays open and keeps polling; any other failure ends it with that error.
 */
async function* pollTables({
  db,
  signal,
  intervalMs,
}: {
  db: Db;
  signal?: AbortSignal;
  intervalMs: number;
}): AsyncGenerator<LobbyTable[]> {
  let last = "";
  while (signal?.aborted !== true) {
    const tables = await lobbyTables({ db }).catch((error: unknown) => {
      if (isDatabaseUnreachable(error)) return undefined;
      throw error;
    });
    if (tables !== undefined) {
      const snapshot = JSON.stringify(tables);
      if (snapshot !== last) {
        last = snapshot;
        yield tables;
      }
    }
    // Aborting ends the wait early (it rejects); the loop condition then ends the stream.
    await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
  }
}
