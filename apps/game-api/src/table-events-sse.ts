/**
 * `tables.events` as server-sent events, written straight to the socket. Same procedure, same
 * wire as tRPC 11's SSE (a `connected` event, then `data:` + `id:` per event, `ping`s, `return`
 * at the end), so tRPC's `httpSubscriptionLink` and a browser's EventSource read it alike.
 *
 * Why not through tRPC's handler: with thousands of viewers on one table, its per-subscriber
 * pipeline (web streams, an encoder per stream, the event serialized per subscriber, four
 * writes per event) made the fan-out about 10× slower than a plain broadcaster
 * (bench/fanout.ts). Here each event is serialized once and the same string is
 * written to every subscriber from the hub's own loop (`EventHub.listen`: no async iterator,
 * no promise per subscriber per event; at 10,000 viewers those made the tail 2.6× a plain
 * broadcaster's, docs/performance.md, Event fan-out). Anything but the happy path (bad input, unknown table, refused
 * credentials) is left to tRPC, so errors keep tRPC's shapes.
 */
import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";

import type { Live } from "@fuda/api";
import {
  createContext,
  SSE_PING_MS,
  SSE_RECONNECT_AFTER_INACTIVITY_MS,
  tableEventsInputSchema,
  tableSubscription,
} from "@fuda/api";
import type { Auth } from "@fuda/auth";
import type { Db } from "@fuda/db";
import type { SubscribeOptions, TableEvent } from "@fuda/live";
import { sseSubscribers } from "@fuda/telemetry";

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
  let subscription: SubscribeOptions;
  try {
    const { actor } = await createContext({ db, auth, live, headers: req.headers });
    subscription = await tableSubscription({
      db,
      slug: input.slug,
      playerId: actor.kind === "player" ? actor.userId : null,
      lastEventId: input.lastEventId,
      signal: stop.signal,
    });
  } catch {
    return false;
  }
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
  });
  res.write(`retry: ${retryMs}\n\n${CONNECTED}`);
  // The same name as the procedure's stream through tRPC: one stream, whichever writer serves it.
  sseSubscribers.inc({ stream: "tables.events" });
  const ping = setInterval(() => res.write(PING), SSE_PING_MS);
  // Called when the client leaves and when the hub ends the stream: counted down once.
  const finish = (): void => {
    if (stop.signal.aborted) return;
    sseSubscribers.dec({ stream: "tables.events" });
    clearInterval(ping);
    stop.abort();
  };
  req.once("close", finish);
  // Called by the hub in its loop over the table's subscribers: one write per event, no
  // promise, so the writes to all sockets happen in one go. Node corks a response's socket
  // until the next tick, so a batch of events read together leaves in one writev per socket.
  live.hub.listen(subscription, {
    event(event) {
      res.write(messageOf(event));
    },
    end(failure) {
      const clientLeft = stop.signal.aborted;
      finish();
      // Too slow (1 MiB unsent): dropped; the client resumes from its Last-Event-ID.
      if (failure !== undefined) res.destroy();
      else if (!clientLeft) res.end(RETURN);
    },
    lagging: () => res.writableLength > MAX_UNSENT_BYTES,
    // A long replay waits for the socket to drain between pages instead of buffering it all.
    caughtUp: () =>
      res.writableLength === 0
        ? Promise.resolve()
        : once(res, "drain", { signal: stop.signal }).then(
            () => undefined,
            () => undefined,
          ),
  });
  return true;
}
