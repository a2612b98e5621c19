/**
 * `tables.events` as server-sent events, written straight to the socket. Same procedure, same
 * wire as tRPC 11's SSE (a `connected` event, then `data:` + `id:` per event, `ping`s, `return`
 * at the end), so tRPC's `httpSubscriptionLink` and a browser's EventSource read it alike.
 *
 * Why not through tRPC's handler: with thousands of viewers on one table, its per-subscriber
 * pipeline (web streams, an encoder per stream, the event serialized per subscriber, four
 * writes per event) made the fan-out about 10× slower than a plain broadcaster
 * (packages/live/bench/fanout.ts). Here each event is serialized once and the same string is
 * written to every subscriber. Anything but the happy path (bad input, unknown table, refused
 * credentials) is left to tRPC, so errors keep tRPC's shapes.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import type { Live } from "@fuda/api";
import {
  createContext,
  SSE_PING_MS,
  SSE_RECONNECT_AFTER_INACTIVITY_MS,
  tableEvents,
  tableEventsInputSchema,
} from "@fuda/api";
import type { Auth } from "@fuda/auth";
import type { Db } from "@fuda/db";
import type { TableEvent } from "@fuda/live";

/** A subscriber whose socket holds this much unsent is dropped: it resumes by Last-Event-ID. */
const MAX_UNSENT_BYTES = 1024 * 1024;

/** The hub hands one object per event to every subscriber: its message is built once. */
const messages = new WeakMap<TableEvent, string>();
const messageOf = (event: TableEvent): string => {
  let message = messages.get(event);
  if (message === undefined) {
    message = `data: ${JSON.stringify(event)}\nid: ${event.id}\n\n\n`;
    messages.set(event, message);
  }
  return message;
};

const CONNECTED = `event: connected\ndata: ${JSON.stringify({
  reconnectAfterInactivityMs: SSE_RECONNECT_AFTER_INACTIVITY_MS,
})}\n\n\n`;
const PING = "event: ping\ndata: \n\n\n";
const RETURN = "event: return\ndata: \n\n\n";

/** The stream's input as tRPC reads it: `?input=`, with the reconnecting client's last id. */
function inputOf(req: IncomingMessage, search: string) {
  const params = new URLSearchParams(search);
  let raw: unknown;
  try {
    raw = JSON.parse(params.get("input") ?? "null");
  } catch {
    return undefined;
  }
  const lastEventId =
    req.headers["last-event-id"] ?? params.get("lastEventId") ?? params.get("Last-Event-Id");
  if (typeof raw === "object" && raw !== null && typeof lastEventId === "string") {
    raw = { ...raw, lastEventId };
  }
  const input = tableEventsInputSchema.safeParse(raw);
  return input.success ? input.data : undefined;
}

/** Serves the stream and returns true, or returns false for tRPC to answer instead. */
export async function serveTableEvents(
  req: IncomingMessage,
  res: ServerResponse,
  {
    db,
    auth,
    live,
    search,
    retryMs,
  }: { db: Db; auth?: Auth; live: Live; search: string; retryMs: number },
): Promise<boolean> {
  const input = inputOf(req, search);
  if (input === undefined) return false;
  const stop = new AbortController();
  let events: AsyncIterable<TableEvent>;
  try {
    const { actor } = await createContext({ db, auth, live, headers: req.headers });
    events = await tableEvents({
      db,
      hub: live.hub,
      slug: input.slug,
      playerId: actor.kind === "player" ? actor.userId : null,
      lastEventId: input.lastEventId,
      signal: stop.signal,
    });
  } catch {
    return false;
  }
  req.once("close", () => {
    stop.abort();
  });
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
  });
  res.write(`retry: ${retryMs}\n\n${CONNECTED}`);
  const ping = setInterval(() => res.write(PING), SSE_PING_MS);
  try {
    for await (const event of events) {
      if (res.writableLength > MAX_UNSENT_BYTES) {
        res.destroy();
        return true;
      }
      res.write(messageOf(event));
    }
    if (!stop.signal.aborted) res.end(RETURN);
  } catch {
    // A subscriber the hub ended (too slow): the client reconnects from its last id.
    res.end();
  } finally {
    clearInterval(ping);
    stop.abort();
  }
  return true;
}
