/**
 * `GET /v1/stream` in the OpenAPI document, written by hand: trpc-to-openapi describes only
 * procedures, and the stream is none (src/stream.ts). Each server-sent event is described as an
 * object of its fields (`id`, `event`, `data`), `data` being the JSON the REST route answers.
 */
import type { OpenAPIObject } from "trpc-to-openapi";

type Components = NonNullable<OpenAPIObject["components"]>;
type SchemaObject = NonNullable<Components["schemas"]>[string];
type OperationObject = NonNullable<NonNullable<OpenAPIObject["paths"]>[string]["get"]>;

const EVENT_ID_PATTERN = "^[0-9]{1,19}$";

const eventId: SchemaObject = {
  type: "string",
  pattern: EVENT_ID_PATTERN,
  description:
    "The event's id: increasing across the whole stream. Send the last one read as " +
    "`Last-Event-ID` (or `lastEventId`) to resume after it.",
  example: "48213",
};

const streamEvent = (name: string, data: string, description: string): SchemaObject => ({
  type: "object",
  description,
  required: ["id", "event", "data"],
  properties: {
    id: eventId,
    event: { type: "string", enum: [name], description: "The SSE `event:` field." },
    data: {
      description: `The SSE \`data:\` field: one line of JSON, the ${data.toLowerCase()} as its REST route answers it.`,
      $ref: `#/components/schemas/${data}`,
    },
  },
});

const schemas: Record<string, SchemaObject> = {
  StreamEvent: {
    description:
      "One server-sent event of `GET /stream`, its fields as an object. Between events the " +
      "stream writes comment lines (`: heartbeat`) to keep the connection alive; a client " +
      "ignores them, as EventSource does.",
    oneOf: [
      { $ref: "#/components/schemas/RoundSettledEvent" },
      { $ref: "#/components/schemas/RoundVoidedEvent" },
      { $ref: "#/components/schemas/ShoeRevealedEvent" },
    ],
  },
  RoundSettledEvent: streamEvent(
    "round.settled",
    "Round",
    "A round finished and settled: the round as `GET /rounds/{id}` answers it.",
  ),
  RoundVoidedEvent: streamEvent(
    "round.voided",
    "Round",
    "An operator voided a settled round: the round as `GET /rounds/{id}` answers it now " +
      "(`void: true`, with the reason). Undo whatever its `round.settled` counted.",
  ),
  ShoeRevealedEvent: streamEvent(
    "shoe.revealed",
    "Shoe",
    "A shoe ended and its order is public: the shoe as `GET /shoes/{id}` answers it.",
  ),
};

const operation: OperationObject = {
  operationId: "stream",
  summary: "Follow results live (server-sent events)",
  description:
    "A `text/event-stream` of `round.settled` (each round as it settles, at every table or " +
    "the one named by `table`), `round.voided` (a settled round an operator voided) and " +
    "`shoe.revealed` (each shoe as it ends, with its reveal). " +
    "Only finished rounds and ended shoes: nothing a table has not revealed. Each event's " +
    "`id` is its place in the stream: reconnect with `Last-Event-ID: <last id read>` " +
    "(EventSource does it by itself) to get every event missed, once each and in order, " +
    "then the live ones. Without it, the stream starts with the next event. Heartbeat " +
    "comments keep an idle connection open. Opening a stream takes one request of the " +
    "key's rate limit.",
  tags: ["stream"],
  security: [{ partnerKey: [] }],
  parameters: [
    {
      in: "query",
      name: "table",
      description: "Only this table's events (its slug).",
      schema: { type: "string", minLength: 1, maxLength: 100 },
    },
    {
      in: "query",
      name: "lastEventId",
      description:
        "Resume after this event id, for clients that cannot send headers; `Last-Event-ID` wins.",
      schema: { type: "string", pattern: EVENT_ID_PATTERN },
    },
    {
      in: "header",
      name: "Last-Event-ID",
      description: "Resume after this event id (the last `id` read).",
      schema: { type: "string", pattern: EVENT_ID_PATTERN },
    },
  ],
  responses: {
    "200": {
      description: "The stream: it stays open, one event as each result comes.",
      content: {
        "text/event-stream": { schema: { $ref: "#/components/schemas/StreamEvent" } },
      },
    },
    // The shared problem response replaces it (openapi.ts, withProblems): `table` unknown.
    "404": { description: "No such table." },
  },
};

/** The document with `/stream` among its paths and its event schemas among its components. */
export function withStream(document: OpenAPIObject): OpenAPIObject {
  return {
    ...document,
    paths: { ...document.paths, "/stream": { get: operation } },
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, ...schemas },
    },
  };
}

export const STREAM_TAG = {
  name: "stream",
  description: "Results as they happen: server-sent events with resume.",
};
