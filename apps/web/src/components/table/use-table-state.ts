"use client";

import { useEffect, useRef, useState } from "react";

import type { TableDetail } from "~/game-api";
import type { StreamState, TableEvent } from "~/table-stream";
import { ownBalanceOf, parseTableEvent, tableEventsUrl } from "~/table-stream";

import { useAccount } from "../account-context";
import { useTableFeed } from "../chat/table-feed";
import { readTable, readUntilAnswered } from "./read-table";
import { useSharedTableStream } from "./shared-table-stream";
import { applyTableEvent } from "./table-state";

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
 * updates the header's balance. Under a SharedTableStreamProvider (a multi-table screen) the
 * table follows the screen's one stream instead of opening its own.
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
  // The state with every event so far applied. Only the stream writes it: a render's effect,
  // which can run after later events were already applied, must not put an older state back.
  const applied = useRef(state);
  const current = useRef({ options, setBalance, refreshBalance, feed });
  useEffect(() => {
    current.current = { options, setBalance, refreshBalance, feed };
  });
  useEffect(() => {
    feed?.connection(connection);
  }, [feed, connection]);
  const slug = initial.table.slug;

  // One step of the table, from its own stream or the screen's shared one.
  const [follower] = useState(() => ({
    event(event: TableEvent) {
      const { options: given, setBalance, refreshBalance, feed: heard } = current.current;
      const balance = ownBalanceOf(event);
      if (balance === null) void refreshBalance();
      else if (balance !== undefined) setBalance(balance);
      const shared = applyTableEvent(applied.current, event);
      const next = given.reduce?.(shared, event) ?? shared;
      applied.current = next;
      setState(next);
      given.onEvent?.(event, next);
      heard?.event(event, next);
    },
    connection: setConnection,
    resynced(snapshot: TableDetail) {
      applied.current = snapshot;
      setState(snapshot);
      current.current.options.onResync?.(snapshot);
      void current.current.refreshBalance();
    },
  }));

  const shared = useSharedTableStream();
  const tableId = initial.table.id;
  useEffect(() => shared?.follow(tableId, follower), [shared, tableId, follower]);

  useEffect(() => {
    if (shared !== null) return;
    const source = new EventSource(tableEventsUrl(slug, stream.from));
    const resync = new AbortController();
    source.onopen = () => {
      setConnection("live");
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseTableEvent(message.data);
      if (event !== null) follower.event(event);
    };
    source.onerror = () => {
      // EventSource would retry by itself, but a 5xx ends it for good: we resync instead.
      source.close();
      setConnection("reconnecting");
      void readUntilAnswered(() => readTable(slug, resync.signal), resync.signal).then(
        (snapshot) => {
          if (snapshot === undefined) return;
          follower.resynced(snapshot);
          setStream({ from: snapshot.lastEventId });
        },
      );
    };
    return () => {
      resync.abort();
      source.close();
    };
  }, [slug, stream, shared, follower]);

  return { state, connection };
}
