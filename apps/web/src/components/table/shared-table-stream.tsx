"use client";

import { createContext, useContext, useEffect, useRef, useState } from "react";
import type { ReactNode } from "react";

import type { TableDetail } from "~/game-api";
import type { StreamState, TableEvent } from "~/table-stream";
import { multiTableEventsUrl, parseTableEvent } from "~/table-stream";

import { readTable, readUntilAnswered } from "./read-table";

/** What a table's state does with the shared stream (useTableState's side of it). */
export interface TableFollower {
  event(event: TableEvent): void;
  connection(state: StreamState): void;
  /** The stream broke: the table starts again from this `tables.get`. */
  resynced(snapshot: TableDetail): void;
}

interface SharedTableStream {
  /** Hands `tableId`'s events to `follower` until the returned function is called. */
  follow(tableId: string, follower: TableFollower): () => void;
}

const SharedStream = createContext<SharedTableStream | null>(null);

/** The shared stream of the screen, or null on a page that follows one table by itself. */
export const useSharedTableStream = (): SharedTableStream | null => useContext(SharedStream);

const newest = (ids: Iterable<bigint>): bigint => {
  let least: bigint | undefined;
  for (const id of ids) if (least === undefined || id < least) least = id;
  return least ?? 0n;
};

/**
 * Several tables on one `tables.multiEvents` connection (a multi-table screen). Event ids are one
 * sequence over every table: the stream starts after the oldest id the tables' snapshots have
 * applied, and each table skips what its own snapshot already holds, so every event reaches its
 * table once. When the stream breaks, every table starts again from a fresh `tables.get` and the
 * stream from their ids, as one table's page does.
 */
export function SharedTableStreamProvider({
  details,
  children,
}: {
  details: readonly TableDetail[];
  children: ReactNode;
}) {
  // The tables are the slugs: `details` only seeds the ids their snapshots hold.
  const key = details.map((detail) => detail.table.slug).join();
  // Per table: the newest event its state holds.
  const applied = useRef(
    new Map(details.map((detail) => [detail.table.id, BigInt(detail.lastEventId)])),
  );
  const followers = useRef(new Map<string, TableFollower>());
  // A new object each resync: the stream restarts from the tables' new ids.
  const [generation, setGeneration] = useState({});
  const [shared] = useState<SharedTableStream>(() => ({
    follow(tableId, follower) {
      followers.current.set(tableId, follower);
      return () => {
        if (followers.current.get(tableId) === follower) followers.current.delete(tableId);
      };
    },
  }));

  useEffect(() => {
    const slugs = key.split(",");
    const source = new EventSource(
      multiTableEventsUrl(slugs, newest(applied.current.values()).toString()),
    );
    const resync = new AbortController();
    const tell = (state: StreamState) => {
      for (const follower of followers.current.values()) follower.connection(state);
    };
    source.onopen = () => {
      tell("live");
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseTableEvent(message.data);
      if (event === null) return;
      const id = BigInt(event.id);
      const held = applied.current.get(event.tableId);
      if (held === undefined || id <= held) return;
      applied.current.set(event.tableId, id);
      followers.current.get(event.tableId)?.event(event);
    };
    source.onerror = () => {
      source.close();
      tell("reconnecting");
      const every = async () => {
        const snapshots = await Promise.all(slugs.map((slug) => readTable(slug, resync.signal)));
        return snapshots.every((snapshot) => snapshot !== null) ? snapshots : null;
      };
      void readUntilAnswered(every, resync.signal).then((snapshots) => {
        if (snapshots === undefined) return;
        for (const snapshot of snapshots) {
          applied.current.set(snapshot.table.id, BigInt(snapshot.lastEventId));
          followers.current.get(snapshot.table.id)?.resynced(snapshot);
        }
        setGeneration({});
      });
    };
    return () => {
      resync.abort();
      source.close();
    };
  }, [key, generation]);

  return <SharedStream.Provider value={shared}>{children}</SharedStream.Provider>;
}
