/**
 * `GET /v1/stream`: the partners' live results as server-sent events (docs/feed.md, Stream). Each
 * public `round.settled` row of `table_events` becomes a `round.settled` event carrying the round
 * as `GET /v1/rounds/{id}` answers it, each `shoe.ended` a `shoe.revealed` event carrying the shoe
 * as `GET /v1/shoes/{id}` answers it; the row's id is the event's `id:`, so a client that
 * reconnects with `Last-Event-ID` gets exactly what it missed, in order, from the event hub's
 * replay, then the live events. Only finished rounds and ended shoes are ever written: nothing
 * the table has not revealed.
 */
import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";

import { announcedRound, getFeedShoe } from "@fuda/api";
import type { Db } from "@fuda/db";
import { SlowSubscriberError } from "@fuda/live";
import type { EventHub, TableEvent } from "@fuda/live";
import { sseSubscribers } from "@fuda/telemetry";

import { problem, PROBLEM_CONTENT_TYPE } from "./problem";
import type { Problem } from "./problem";

/** The stream's event names, by the `table_events` type each comes from. */
export const STREAM_EVENTS: Partial<
  Record<string, "round.settled" | "round.voided" | "shoe.revealed">
> = {
  "round.settled": "round.settled",
  "round.voided": "round.voided",
  "shoe.ended": "shoe.revealed",
};

/** How often an idle stream writes a comment, so proxies and clients know it is alive. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

/** What a client's EventSource waits before reconnecting (the `retry:` field). */
const RECONNECT_MS = 2_000;

/** Frames kept for the subscribers reading the same event (one query per event, not per stream). */
const FRAME_CACHE_SIZE = 512;

export interface FeedStreamOptions {
  db: Db;
  events: EventHub;
  heartbeatMs?: number;
}

const EVENT_ID = /^\d{1,19}$/;

function refuse(res: ServerResponse, value: Problem): void {
  res.writeHead(value.status, { "Content-Type": PROBLEM_CONTENT_TYPE });
  res.end(JSON.stringify(value));
}

const badParameter = (parameter: string, rule: string): Problem =>
  problem(400, "BAD_REQUEST", `${parameter}: ${rule}`, { reason: "BAD_INPUT", parameter });

/** Where a stream starts and which table it follows, or the problem with the request. */
async function readRequest(
  db: Db,
  req: IncomingMessage,
  search: string,
): Promise<{ afterId?: string; tableId?: string } | Problem> {
  const query = new URLSearchParams(search);
  // The header is what an EventSource sends when it reconnects: newer than the URL's parameter.
  const header = req.headers["last-event-id"];
  const [parameter, afterId] =
    header !== undefined ? ["Last-Event-ID", header] : ["lastEventId", query.get("lastEventId")];
  if (afterId !== null && (typeof afterId !== "string" || !EVENT_ID.test(afterId))) {
    return badParameter(parameter, "must be the id of an event of this stream (digits)");
  }
  const slug = query.get("table");
  if (slug === null) return { afterId: afterId ?? undefined };
  if (slug.length === 0 || slug.length > 100) {
    return badParameter("table", "must be a table's slug (1 to 100 characters)");
  }
  const table = await db.table.findUnique({ where: { slug }, select: { id: true } });
  if (table === null) {
    return problem(404, "NOT_FOUND", `table: no table "${slug}"`, {
      reason: "NOT_FOUND",
      parameter: "table",
    });
  }
  return { afterId: afterId ?? undefined, tableId: table.id };
}

/** The handler of `GET /v1/stream` for an admitted partner; `search` is the query string. */
export function createFeedStream({
  db,
  events,
  heartbeatMs = DEFAULT_HEARTBEAT_MS,
}: FeedStreamOptions) {
  const frames = new Map<string, Promise<string | null>>();

  /** The event's SSE frame, or null for an event the stream does not carry. */
  function frameOf(event: TableEvent): Promise<string | null> {
    const name = STREAM_EVENTS[event.type];
    if (name === undefined || event.playerId !== null) return Promise.resolve(null);
    let frame = frames.get(event.id);
    if (frame === undefined) {
      const data =
        event.type === "shoe.ended"
          ? getFeedShoe({ db, id: event.payload.shoeId })
          : announcedRound({ db, id: event.roundId! });
      frame = data.then((value) =>
        value === null
          ? null
          : `id: ${event.id}\nevent: ${name}\ndata: ${JSON.stringify(value)}\n\n`,
      );
      // A failed read is not kept: the next subscriber (or this one's retry) reads again.
      frame.catch(() => frames.delete(event.id));
      frames.set(event.id, frame);
      if (frames.size > FRAME_CACHE_SIZE) frames.delete(frames.keys().next().value!);
    }
    return frame;
  }

  return async function stream(
    req: IncomingMessage,
    res: ServerResponse,
    search: string,
  ): Promise<void> {
    const request = await readRequest(db, req, search);
    if ("status" in request) {
      refuse(res, request);
      return;
    }
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      // nginx and its kind would otherwise hold events back in their buffers.
      "X-Accel-Buffering": "no",
    });
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    const closed = new AbortController();
    res.once("close", () => {
      closed.abort();
    });
    res.write(`retry: ${RECONNECT_MS}\n\n`);
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), heartbeatMs);
    sseSubscribers.inc({ stream: "feed.stream" });
    try {
      const subscription = events.subscribe({
        tableId: request.tableId,
        afterId: request.afterId,
        signal: closed.signal,
      });
      for await (const event of subscription) {
        const frame = await frameOf(event);
        if (frame === null || closed.signal.aborted) continue;
        // The socket's buffer is the bound: the next event is read only once it has drained.
        if (!res.write(frame)) await once(res, "drain", { signal: closed.signal });
      }
    } catch (error) {
      // A client gone while we waited, or one too slow for the hub, is no failure of ours: the
      // stream ends and the client resumes from its last id.
      if (!closed.signal.aborted && !(error instanceof SlowSubscriberError)) throw error;
    } finally {
      sseSubscribers.dec({ stream: "feed.stream" });
      clearInterval(heartbeat);
      res.end();
    }
  };
}

export type FeedStream = ReturnType<typeof createFeedStream>;
