"use client";

import { useEffect, useRef } from "react";
// zod/mini: the same checks as zod without its method chains in the browser bundle.
import * as z from "zod/mini";

import { parseStreamData } from "./stream-data";

/** One table event as `tables.events` streams it (the API's `tableEventSchema`). */
const tableEventSchema = z.object({
  id: z.string(),
  roundId: z.nullable(z.string()),
  playerId: z.nullable(z.string()),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  at: z.string(),
});

export type TableEvent = z.infer<typeof tableEventSchema>;

/** One SSE message's data as a table event, or null when it is not one (pings, a newer shape). */
export const parseTableEvent = (data: string): TableEvent | null =>
  parseStreamData(data, tableEventSchema) ?? null;

/** The relayed `tables.events` URL, from the id `tables.get` answered (nothing in between is lost). */
export const tableEventsUrl = (slug: string, lastEventId: string): string =>
  `/api/trpc/tables.events?input=${encodeURIComponent(JSON.stringify({ slug, lastEventId }))}`;

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
  if (event.type !== "round.settled" && event.type !== "round.cancelled") return undefined;
  const balance = event.payload.balance;
  return typeof balance === "number" ? balance : null;
}
