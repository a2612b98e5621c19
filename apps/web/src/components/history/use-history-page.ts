"use client";

import { useState } from "react";

/**
 * A cursor-paged list read through the same-origin relay (`history.mine`, `wallet.history`): the
 * first page server-rendered, then each "more" the page after the last `nextCursor`.
 */
export function useHistoryPages<Page extends { nextCursor: string | null }, Item>({
  read,
  first,
  itemsOf,
  limit,
}: {
  /** The procedure's query, e.g. `(input) => relayApi.history.mine.query(input)`. */
  read: (input: { cursor: string; limit: number }) => Promise<Page>;
  first: Page;
  itemsOf: (page: Page) => Item[];
  limit: number;
}) {
  const [items, setItems] = useState(() => itemsOf(first));
  const [cursor, setCursor] = useState(first.nextCursor);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");

  async function more(): Promise<void> {
    if (cursor === null) return;
    setState("loading");
    try {
      const page = await read({ cursor, limit });
      setItems((shown) => [...shown, ...itemsOf(page)]);
      setCursor(page.nextCursor);
      setState("idle");
    } catch {
      setState("failed");
    }
  }

  return { items, hasMore: cursor !== null, state, more };
}
