"use client";

import { useEffect, useRef } from "react";
import type { SubscriptionPath } from "@fuda/api/types";
// The catalog's own schema (zod/mini: no method chains in the table page's bundle).
import { ownReturnsOf, tableEventSchema } from "@fuda/contracts";
import type { TableEvent } from "@fuda/contracts";

import { parseStreamData } from "./stream-data";

export type { TableEvent };

/** One SSE message's data as a table event, or null when it is not one (pings, a newer shape). */
export const parseTableEvent = (data: string): TableEvent | null =>
  parseStreamData(data, tableEventSchema) ?? null;

/** A table's events, read by the browser's own EventSource; typed by the router. */
const TABLE_EVENTS: SubscriptionPath = "tables.events";

/** The relayed `tables.events` URL, from the id `tables.get` answered (nothing in between is lost). */
export const tableEventsUrl = (slug: string, lastEventId: string): string =>
  `/api/trpc/${TABLE_EVENTS}?input=${encodeURIComponent(JSON.stringify({ slug, lastEventId }))}`;

const MULTI_TABLE_EVENTS: SubscriptionPath = "tables.multiEvents";

/** The relayed `tables.multiEvents` URL: several tables' events on one stream, from one id. */
export const multiTableEventsUrl = (slugs: readonly string[], lastEventId: string): string =>
  `/api/trpc/${MULTI_TABLE_EVENTS}?input=${encodeURIComponent(JSON.stringify({ slugs, lastEventId }))}`;

export type StreamState = "connecting" | "live" | "reconnecting";

/**
 * Follows one table's events. EventSource resends the last tracked id (`Last-Event-ID`) when it
 * reconnects, and the game API replays what was missed, in order, once each.
 */
export function useTableEvents(
  slug: string,
  lastEventId: string,
  onEvent: (event: TableEvent) => void,
  onState?: (state: StreamState) => void,
): void {
  const handlers = useRef({ onEvent, onState });
  useEffect(() => {
    handlers.current = { onEvent, onState };
  });
  useEffect(() => {
    const source = new EventSource(tableEventsUrl(slug, lastEventId));
    source.onopen = () => {
      handlers.current.onState?.("live");
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseTableEvent(message.data);
      if (event !== null) handlers.current.onEvent(event);
    };
    source.onerror = () => {
      handlers.current.onState?.("reconnecting");
    };
    return () => {
      source.close();
    };
  }, [slug, lastEventId]);
}

/** A player's own settlement or refund carries their wallet after it (docs/live-tables.md). */
export function ownBalanceOf(event: TableEvent): number | null | undefined {
  if (event.playerId === null) return undefined;
  return ownReturnsOf(event)?.balance;
}
