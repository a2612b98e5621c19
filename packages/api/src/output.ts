import type { TrackedEnvelope } from "@trpc/server";
import { z } from "zod";

export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/**
 * A subscription's `.output()`: every value the stream yields is parsed with `schema`, as a
 * query's answer is (tRPC's output validation for subscriptions).
 */
export function streamOf<Schema extends z.ZodType>(schema: Schema) {
  return z
    .custom<AsyncIterable<z.input<Schema>>>(isAsyncIterable)
    .transform(async function* (stream): AsyncGenerator<z.output<Schema>> {
      for await (const value of stream) yield schema.parse(value);
    });
}

/**
 * A stream of `tracked(id, value)` envelopes typed by `schema`. Values are not parsed one by
 * one: the same event goes to every subscriber of a table, and parsing it once per subscriber
 * would cost N times the work of the event itself (the hub builds each event with
 * `toTableEvent`, one shape by construction). Any zod schema, zod/mini's included: the table
 * events' are (packages/contracts), as the browser parses them too.
 */
export function trackedStreamOf<Schema extends z.core.$ZodType>(_schema: Schema) {
  return z.custom<AsyncIterable<TrackedEnvelope<z.input<Schema>>>>(isAsyncIterable);
}
