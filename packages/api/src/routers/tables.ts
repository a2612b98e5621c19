import { tracked } from "@trpc/server";
import { z } from "zod";

import { FudaError } from "@fuda/errors";
import type { TableEvent } from "@fuda/live";

import type { Context } from "../context";
import { lobbyTableSchema } from "../domain/lobby.types";
import { watchTables } from "../domain/lobby-feed";
import { countedStream } from "../domain/sse-subscribers";
import { multiTableEvents, tableEvents } from "../domain/table-events";
import { getTableDetail } from "../domain/table-view";
import {
  multiTableEventsInputSchema,
  tableDetailSchema,
  tableEventSchema,
  tableEventsInputSchema,
} from "../domain/table-view.types";
import { listTables } from "../domain/tables";
import { tableViewSchema } from "../domain/tables.types";
import { streamOf, trackedStreamOf } from "../output";
import { publicProcedure, router } from "../trpc";

/** Each event with its id, which the client's EventSource keeps and sends back on reconnecting. */
async function* withIds(events: AsyncIterable<TableEvent>) {
  for await (const event of events) yield tracked(event.id, event);
}

/** The live tables' services; only the game API has them. */
function liveOf(ctx: Context) {
  if (ctx.live === undefined) {
    throw new FudaError("NOT_FOUND", "tables.events: live tables are served by the game API only");
  }
  return ctx.live;
}

export const tablesRouter = router({
  list: publicProcedure
    .output(z.array(tableViewSchema))
    .query(({ ctx }) => listTables({ db: ctx.db })),
  /** A table's first render: the table, its round, shoe and road, and the event id to stream from. */
  get: publicProcedure
    .input(z.object({ slug: z.string().min(1) }))
    .output(tableDetailSchema)
    .query(({ ctx, input }) => getTableDetail({ db: ctx.db, slug: input.slug })),
  /** Server-sent events: the lobby at once, then each time a table's play or settings change. */
  watch: publicProcedure
    .output(streamOf(z.array(lobbyTableSchema)))
    .subscription(({ ctx, signal }) =>
      countedStream("tables.watch", watchTables({ db: ctx.db, hub: ctx.live?.hub, signal })),
    ),
  /**
   * Server-sent events: every step of one table, each with its event id. On reconnecting, tRPC
   * sends the last id back as `lastEventId` (from the SSE `Last-Event-ID`): the missed events
   * come first, once each, in order.
   */
  events: publicProcedure
    .input(tableEventsInputSchema)
    .output(trackedStreamOf(tableEventSchema))
    .subscription(async ({ ctx, input, signal }) => {
      // Resolved before the stream starts: an unknown slug is an error answer, not a stream.
      const events = await tableEvents({
        db: ctx.db,
        hub: liveOf(ctx).hub,
        slug: input.slug,
        playerId: ctx.actor.kind === "player" ? ctx.actor.userId : null,
        lastEventId: input.lastEventId,
        signal,
      });
      return countedStream("tables.events", withIds(events));
    }),
  /**
   * Server-sent events: every step of up to four tables on one stream (a multi-table screen),
   * in event id order, each with its id: one `lastEventId` resumes them all.
   */
  multiEvents: publicProcedure
    .input(multiTableEventsInputSchema)
    .output(trackedStreamOf(tableEventSchema))
    .subscription(async ({ ctx, input, signal }) => {
      const events = await multiTableEvents({
        db: ctx.db,
        hub: liveOf(ctx).hub,
        slugs: input.slugs,
        playerId: ctx.actor.kind === "player" ? ctx.actor.userId : null,
        lastEventId: input.lastEventId,
        signal,
      });
      return countedStream("tables.multiEvents", withIds(events));
    }),
});
