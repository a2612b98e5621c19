/**
 * `tables.events`: one table's events as they happen, from the process's event hub. A client
 * resuming with its last event id first gets what it missed, from `table_events`, in order.
 * A signed-in player also gets their own private events (their settlements), nobody else's.
 */
import type { Db } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import type { EventHub, TableEvent } from "@fuda/live";

export async function tableEvents({
  db,
  hub,
  slug,
  playerId,
  lastEventId,
  signal,
}: {
  db: Db;
  hub: EventHub;
  slug: string;
  playerId: string | null;
  lastEventId?: string | null;
  signal?: AbortSignal;
}): Promise<AsyncIterable<TableEvent>> {
  const table = await db.table.findUnique({ where: { slug }, select: { id: true } });
  if (table === null) {
    throw new FudaError("NOT_FOUND", `slug: no table "${slug}"`, { field: "slug", slug });
  }
  return hub.subscribe({ tableId: table.id, playerId, afterId: lastEventId ?? null, signal });
}
