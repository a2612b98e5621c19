import { sseSubscribers } from "@fuda/telemetry";

/**
 * `events` counted as one open stream of `stream` (`fuda_sse_subscribers`) from its first read
 * to its end, however it ends: the client leaving, the server closing, a failure.
 */
export async function* countedStream<T>(
  stream: string,
  events: AsyncIterable<T>,
): AsyncGenerator<T> {
  sseSubscribers.inc({ stream });
  try {
    yield* events;
  } finally {
    sseSubscribers.dec({ stream });
  }
}
