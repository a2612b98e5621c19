"use client";

import { useEffect, useRef, useState } from "react";

import type { TableDetail } from "~/game-api";
import type { StreamState, TableEvent } from "~/table-stream";
import { answered, relayApi } from "~/relay-api";
import { ownBalanceOf, parseTableEvent, tableEventsUrl } from "~/table-stream";

import { useAccount } from "../account-context";
import { useTableFeed } from "../chat/table-feed";
import { applyTableEvent } from "./table-state";

/** Waits between resync attempts while the game API is away (ms), the last one repeated. */
const RESYNC_BACKOFF_MS = [500, 1_000, 2_000, 4_000];

/** `tables.get` through the same-origin relay; null when it cannot be read now. */
export async function readTable(slug: string, signal?: AbortSignal): Promise<TableDetail | null> {
  const table = await answered(relayApi.tables.get.query({ slug }, { signal }));
  return table.ok ? table.data : null;
}

export interface TableStateOptions {
  /**
   * A game's own events on top of the shared ones (a seated game's seats, turns and actions):
   * the state after `applyTableEvent`, and the event.
   */
  reduce?: (state: TableDetail, event: TableEvent) => TableDetail;
  /** Every event after it is applied (public and the player's own), e.g. to reveal or announce. */
  onEvent?: (event: TableEvent, state: TableDetail) => void;
  /** After a resync replaced the state from `tables.get` (events in between may be lost). */
  onResync?: (state: TableDetail) => void;
}

/**
 * A table as its page shows it: the `tables.get` snapshot the server rendered, then every event
 * of `tables.events` from its `lastEventId` applied in order. When the stream breaks, the page
 * says so ("reconnecting") and, once the API answers, starts again from a fresh `tables.get` and
 * its `lastEventId`: nothing is applied twice and nothing is guessed. A settlement's own event
 * updates the header's balance.
 */
export function useTableState(
  initial: TableDetail,
  options: TableStateOptions = {},
): { state: TableDetail; connection: StreamState } {
  const [state, setState] = useState(initial);
  const [connection, setConnection] = useState<StreamState>("connecting");
  // A new object each resync: the stream restarts even when no event came in between.
  const [stream, setStream] = useState({ from: initial.lastEventId });
  const { setBalance, refreshBalance } = useAccount();
  // The chat beside the game hears this stream rather than opening its own.
  const feed = useTableFeed();
  const current = useRef({ state, options, setBalance, refreshBalance, feed });
  useEffect(() => {
    current.current = { state, options, setBalance, refreshBalance, feed };
  });
  useEffect(() => {
    feed?.connection(connection);
  }, [feed, connection]);
  const slug = initial.table.slug;

  useEffect(() => {
    const source = new EventSource(tableEventsUrl(slug, stream.from));
    const resync = new AbortController();
    // A function, not the flag itself: the cleanup may set it while a resync awaits.
    const stopped = (): boolean => resync.signal.aborted;
    source.onopen = () => {
      setConnection("live");
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseTableEvent(message.data);
      if (event === null) return;
      const balance = ownBalanceOf(event);
      if (balance === null) void current.current.refreshBalance();
      else if (balance !== undefined) current.current.setBalance(balance);
      const shared = applyTableEvent(current.current.state, event);
      const next = current.current.options.reduce?.(shared, event) ?? shared;
      current.current.state = next;
      setState(next);
      current.current.options.onEvent?.(event, next);
      current.current.feed?.event(event, next);
    };
    source.onerror = () => {
      // EventSource would retry by itself, but a 5xx ends it for good: we resync instead.
      source.close();
      setConnection("reconnecting");
      void (async () => {
        for (let attempt = 0; !stopped(); attempt++) {
          const wait = RESYNC_BACKOFF_MS[Math.min(attempt, RESYNC_BACKOFF_MS.length - 1)]!;
          await new Promise((resolve) => setTimeout(resolve, wait));
          if (stopped()) return;
          const snapshot = await readTable(slug, resync.signal);
          if (snapshot === null || stopped()) continue;
          current.current.state = snapshot;
          setState(snapshot);
          current.current.options.onResync?.(snapshot);
          void current.current.refreshBalance();
          setStream({ from: snapshot.lastEventId });
          return;
        }
      })();
    };
    return () => {
      resync.abort();
      source.close();
    };
  }, [slug, stream]);

  return { state, connection };
}
