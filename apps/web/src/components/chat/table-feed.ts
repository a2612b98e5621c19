"use client";

import { createContext, useContext } from "react";

import type { TableDetail } from "~/game-api";
import type { StreamState, TableEvent } from "~/table-stream";

/** What a panel beside a table hears of its page's one stream (`useTableState` says it). */
export interface FeedListener {
  /** Every event, once applied: `state` is the table after it. */
  onEvent?: (event: TableEvent, state: TableDetail) => void;
  /** The stream opened ("live"), broke ("reconnecting"), or has not opened yet. */
  onConnection?: (connection: StreamState) => void;
  /** The player's own bets changed outside the bet slip (a chat bet): read them again. */
  onOwnBets?: () => void;
}

/**
 * The table page's events passed on to whoever listens: the chat beside the game reads the
 * stream the game already follows, rather than opening a second one per page.
 */
export interface TableFeed {
  listen(listener: FeedListener): () => void;
  event(event: TableEvent, state: TableDetail): void;
  connection(connection: StreamState): void;
  ownBets(): void;
  /** The stream's state now, for a listener that comes after it opened. */
  readonly connectionNow: StreamState;
}

export function createTableFeed(): TableFeed {
  const listeners = new Set<FeedListener>();
  let now: StreamState = "connecting";
  return {
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    event(event, state) {
      for (const listener of listeners) listener.onEvent?.(event, state);
    },
    connection(connection) {
      if (connection === now) return;
      now = connection;
      for (const listener of listeners) listener.onConnection?.(connection);
    },
    ownBets() {
      for (const listener of listeners) listener.onOwnBets?.();
    },
    get connectionNow() {
      return now;
    },
  };
}

export const TableFeedContext = createContext<TableFeed | null>(null);

/** The page's feed; null where no panel listens (a table drawn without the chat). */
export const useTableFeed = (): TableFeed | null => useContext(TableFeedContext);
