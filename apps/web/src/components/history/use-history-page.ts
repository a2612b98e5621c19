"use client";

import { useState } from "react";

/**
 * A cursor-paged list read through the same-origin relay (`/api/trpc/<procedure>`): the first
 * page server-rendered, then each "more" the page after the last `nextCursor`.
 */
export function useHistoryPages<Page extends { nextCursor: string | null }, Item>({
  procedure,
  first,
  itemsOf,
  limit,
}: {
  procedure: "history.mine" | "wallet.history";
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
    const input = encodeURIComponent(JSON.stringify({ cursor, limit }));
    try {
      const response = await fetch(`/api/trpc/${procedure}?input=${input}`, { cache: "no-store" });
      if (!response.ok) throw new Error(`${procedure}: ${response.status}`);
      const page = ((await response.json()) as { result: { data: Page } }).result.data;
      setItems((shown) => [...shown, ...itemsOf(page)]);
      setCursor(page.nextCursor);
      setState("idle");
    } catch {
      setState("failed");
    }
  }

  return { items, hasMore: cursor !== null, state, more };
}
