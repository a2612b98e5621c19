/**
 * `tables.events`: one table's events as they happen, from the process's event hub. A client
 * resuming with its last event id first gets what it missed, from `table_events`, in order.
 * A signed-in player also gets their own private events (their settlements), nobody else's.
 */
import type { Db } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import type { EventHub, SubscribeOptions, TableEvent } from "@fuda/live";

/** The hub's subscription for one table: only that table, and only this player's private events. */
export async function tableSubscription({
  db,
  slug,
  playerId,
  lastEventId,
  signal,
}: {
  db: Db;
  slug: string;
  playerId: string | null;
  lastEventId?: string | null;
  signal?: AbortSignal;
}): Promise<SubscribeOptions> {
  const table = await db.table.findUnique({ where: { slug }, select: { id: true } });
  if (table === null) {
    throw new FudaError("NOT_FOUND", `slug: no table "${slug}"`, { field: "slug", slug });
  }
  return { tableId: table.id, playerId, afterId: lastEventId ?? null, signal };
}

export async function tableEvents({
  hub,
  ...options
}: Parameters<typeof tableSubscription>[0] & { hub: EventHub }): Promise<
  AsyncIterable<TableEvent>
> {
  return hub.subscribe(await tableSubscription(options));
}

/**
 * Several tables' events on one stream (a player's multi-table screen): every table's events in
 * the hub's one id order, kept to these tables. Ids are one sequence over every table, so the
 * last id a client saw resumes all of them at once.
 */
export async function multiTableEvents({
  db,
  hub,
  slugs,
  playerId,
  lastEventId,
  signal,
}: {
  db: Db;
  hub: EventHub;
  slugs: readonly string[];
  playerId: string | null;
  lastEventId?: string | null;
  signal?: AbortSignal;
}): Promise<AsyncIterable<TableEvent>> {
  const tables = await db.table.findMany({
    where: { slug: { in: [...slugs] } },
    select: { id: true, slug: true },
  });
  const missing = slugs.find((slug) => !tables.some((table) => table.slug === slug));
  if (missing !== undefined) {
    throw new FudaError("NOT_FOUND", `slugs: no table "${missing}"`, {
      field: "slugs",
      slug: missing,
    });
  }
  const ids = new Set(tables.map((table) => table.id));
  const events = hub.subscribe({ playerId, afterId: lastEventId ?? null, signal });
  return (async function* () {
    for await (const event of events) if (ids.has(event.tableId)) yield event;
  })();
}
