"use client";

import { useEffect, useRef } from "react";

import type { SubscriptionPath } from "@fuda/api/types";

/** A table's event stream, read by the browser's own EventSource through the relay. */
const TABLE_EVENTS: SubscriptionPath = "tables.events";

/** The relayed `tables.events` URL of a table, from now on. */
export const tableEventsUrl = (slug: string): string =>
  `/api/trpc/${TABLE_EVENTS}?input=${encodeURIComponent(JSON.stringify({ slug }))}`;

/**
 * Whether one SSE message's data is a chat event (`chat.message`, `chat.deleted`): the lines
 * shown are read again then, and only then. Anything unreadable is not one.
 */
export function isChatEvent(data: string): boolean {
  try {
    const event: unknown = JSON.parse(data);
    if (typeof event !== "object" || event === null) return false;
    const { type } = event as { type?: unknown };
    return type === "chat.message" || type === "chat.deleted";
  } catch {
    return false;
  }
}

/**
 * Calls `onChat` on each chat event of the table's stream, and each time the stream opens (lines
 * written while it was away are read then); null follows nothing.
 */
export function useChatEvents(slug: string | null, onChat: () => void): void {
  const latest = useRef(onChat);
  useEffect(() => {
    latest.current = onChat;
  });
  useEffect(() => {
    if (slug === null) return;
    const source = new EventSource(tableEventsUrl(slug));
    source.onopen = () => {
      latest.current();
    };
    source.onmessage = (message: MessageEvent<string>) => {
      if (isChatEvent(message.data)) latest.current();
    };
    return () => {
      source.close();
    };
  }, [slug]);
}
