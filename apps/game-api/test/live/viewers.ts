/**
 * Viewers for the scale-out tests: anonymous players watching a table's `tables.events` stream
 * over HTTP, as a browser's EventSource would, reconnecting with their last id when the stream
 * ends (a node killed under them) to whichever node `next` names.
 */
import { setTimeout as sleep } from "node:timers/promises";

import type { Db } from "@fuda/db";
import type { TableEvent } from "@fuda/live";

export interface Viewer {
  /** The node it watches through now. */
  readonly node: () => string;
  /** Every event received, in arrival order. */
  readonly events: TableEvent[];
  /** Streams that ended under it and were opened again. */
  readonly reconnects: () => number;
  close(): void;
}

/**
 * Watches `slug` from `afterId` through `node`; after a dropped stream, through `next(node)`
 * (the same node by default) from its last id.
 */
export function watch(
  node: string,
  slug: string,
  afterId: string,
  next: (node: string) => string = (same) => same,
): Viewer {
  const events: TableEvent[] = [];
  const closing = new AbortController();
  let current = node;
  let reconnects = 0;
  let lastId = afterId;
  /** A function, not the flag: it changes across awaits. */
  const closed = (): boolean => closing.signal.aborted;

  async function stream(): Promise<void> {
    const input = encodeURIComponent(JSON.stringify({ slug, lastEventId: lastId }));
    const response = await fetch(`${current}/trpc/tables.events?input=${input}`, {
      signal: closing.signal,
    });
    if (!response.ok || response.body === null) throw new Error(`status ${response.status}`);
    const decoder = new TextDecoder();
    let text = "";
    for await (const chunk of response.body) {
      text += decoder.decode(chunk as Uint8Array, { stream: true });
      let end: number;
      while ((end = text.indexOf("\n\n")) >= 0) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const data = /^data: (.+)$/m.exec(block);
        if (data === null || !/^id: /m.test(block)) continue;
        const event = JSON.parse(data[1]!) as TableEvent;
        events.push(event);
        lastId = event.id;
      }
    }
  }

  void (async () => {
    while (!closed()) {
      await stream().catch(() => undefined);
      if (closed()) return;
      reconnects += 1;
      current = next(current);
      await sleep(200);
    }
  })();

  return {
    node: () => current,
    events,
    reconnects: () => reconnects,
    close: () => {
      closing.abort();
    },
  };
}

/** The table's public events after `afterId` up to `untilId`, as the database has them. */
export async function publicEvents(
  db: Db,
  tableId: string,
  afterId: string,
  untilId: string,
): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: bigint }[]>`
    SELECT id FROM table_events
    WHERE table_id = ${tableId}::uuid AND player_id IS NULL
      AND id > ${BigInt(afterId)} AND id <= ${BigInt(untilId)}
    ORDER BY id`;
  return rows.map((row) => row.id.toString());
}

/** The newest public event id of a table ("0" for none). */
export async function newestPublicId(db: Db, tableId: string): Promise<string> {
  const rows = await db.$queryRaw<{ id: bigint }[]>`
    SELECT coalesce(max(id), 0) AS id FROM table_events
    WHERE table_id = ${tableId}::uuid AND player_id IS NULL`;
  return rows[0]!.id.toString();
}
