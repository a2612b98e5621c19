/**
 * The table events on NATS JetStream (docs/scaling.md, Events over NATS): one stream, a subject
 * per table (`<stream>.<table id>`), each message a `TableEvent` as JSON with its event id as
 * the message id (JetStream drops a second publish of the same id). The outbox relay
 * (event-relay.ts) is the only publisher; every node's hub (nats-hub.ts) reads the stream.
 */
import type { JetStreamClient, JetStreamManager, StoredMsg, StreamState } from "@nats-io/jetstream";
import {
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  StorageType,
} from "@nats-io/jetstream";
import type { NatsConnection } from "@nats-io/transport-node";
import { connect } from "@nats-io/transport-node";

import type { TableEvent } from "./events";
import type { LiveLog } from "./log";
import { oneLine } from "./log";

export interface EventStreamOptions {
  /** NATS_URL: nats://host:port (several, comma-separated, for a cluster). */
  url: string;
  /** NATS_STREAM: the stream's name, and its subjects' first token. */
  stream?: string;
  /** How long the stream keeps an event; older ids are replayed from PostgreSQL. */
  maxAgeMs?: number;
  /** The client's name in the server's connection list. */
  name?: string;
  log?: LiveLog;
}

export interface EventStream {
  readonly nc: NatsConnection;
  readonly js: JetStreamClient;
  readonly jsm: JetStreamManager;
  readonly stream: string;
  /** Every table's subject, `<stream>.>`. */
  readonly everyTable: string;
  subjectOf(tableId: string): string;
  /** The stream's first and last sequences and message count; made again if it is gone. */
  state(): Promise<StreamState>;
  /** True while the connection to NATS is up. */
  connected(): boolean;
  /** Calls `listener` after each reconnection (a consumer on the server may be gone); returns `off`. */
  onReconnect(listener: () => void): () => void;
  close(): Promise<void>;
}

/** A day: a viewer reconnecting later than that reads its missed events from PostgreSQL. */
const DEFAULT_MAX_AGE_MS = 24 * 60 * 60_000;
/** JetStream's de-duplication window: a publish retried within it is stored once. */
const DUPLICATE_WINDOW_MS = 2 * 60_000;
const nanos = (ms: number): number => ms * 1_000_000;

/** The stream's event, parsed once; its id as a bigint. */
export function eventOf(message: Pick<StoredMsg, "data">): { event: TableEvent; id: bigint } {
  const event = JSON.parse(new TextDecoder().decode(message.data)) as TableEvent;
  return { event, id: BigInt(event.id) };
}

/**
 * Connects (waiting for a first connection as long as it takes, then reconnecting forever) and
 * makes the stream when it does not exist yet; an existing stream is left as its operator set
 * it (replicas, limits).
 */
export async function connectEventStream({
  url,
  stream = "FUDA_EVENTS",
  maxAgeMs = DEFAULT_MAX_AGE_MS,
  name = "fuda",
  log,
}: EventStreamOptions): Promise<EventStream> {
  const nc = await connect({
    servers: url.split(","),
    name,
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    pingInterval: 5_000,
    maxPingOut: 2,
  });
  let up = true;
  const reconnected = new Set<() => void>();
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === "disconnect") {
        up = false;
        log?.warn({ server: status.server }, "nats: connection lost: reconnecting");
      } else if (status.type === "reconnect") {
        up = true;
        log?.info({ server: status.server }, "nats: reconnected");
        for (const listener of reconnected) listener();
      }
    }
  })().catch((error: unknown) => log?.warn({ reason: oneLine(error) }, "nats: status failed"));
  const jsm = await jetstreamManager(nc);
  const everyTable = `${stream}.>`;
  /** The stream's state, the stream made first when it is missing (new, or NATS lost it). */
  async function ensure(): Promise<StreamState> {
    try {
      return (await jsm.streams.info(stream)).state;
    } catch (error) {
      const missing =
        error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound;
      if (!missing) throw error;
      const made = await jsm.streams
        .add({
          name: stream,
          subjects: [everyTable],
          retention: RetentionPolicy.Limits,
          storage: StorageType.File,
          discard: DiscardPolicy.Old,
          max_age: nanos(maxAgeMs),
          duplicate_window: nanos(DUPLICATE_WINDOW_MS),
          allow_direct: true,
          num_replicas: 1,
        })
        // Another node made it first.
        .catch(() => jsm.streams.info(stream));
      return made.state;
    }
  }
  await ensure();
  return {
    nc,
    js: jetstream(nc),
    jsm,
    stream,
    everyTable,
    subjectOf: (tableId) => `${stream}.${tableId}`,
    state: ensure,
    connected: () => up && !nc.isClosed(),
    onReconnect(listener) {
      reconnected.add(listener);
      return () => reconnected.delete(listener);
    },
    async close() {
      await nc.drain().catch(() => nc.close());
    },
  };
}

/**
 * The event stream a server's settings name (NATS_URL, NATS_STREAM), connected; undefined when
 * NATS_URL is unset, and the hub then reads PostgreSQL (LISTEN/NOTIFY).
 */
export async function eventStreamFromEnv(
  env: { NATS_URL?: string; NATS_STREAM: string },
  name: string,
  log: LiveLog,
): Promise<EventStream | undefined> {
  if (env.NATS_URL === undefined) return undefined;
  log.info({ nats: env.NATS_URL, stream: env.NATS_STREAM }, "connecting to NATS");
  return connectEventStream({ url: env.NATS_URL, stream: env.NATS_STREAM, name, log });
}
