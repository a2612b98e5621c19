/**
 * `EventHub.subscribe`: a subscriber's events as an async iterable (tRPC subscriptions, the
 * lobby feed, tests), built on `listen` so replay, hand-over and dedupe have one implementation.
 * Live events wait in a bounded queue until the consumer pulls them; a consumer that lets more
 * than `maxQueue` pile up is ended with `SlowSubscriberError`. The replay reads its next page
 * only once the consumer has taken the previous one.
 */
import type { TableEvent } from "./events";
import type { EventListener } from "./hub-subscriber";
import type { SubscribeOptions } from "./services";

type Listen = (options: SubscribeOptions, listener: EventListener) => () => void;

export async function* streamOf(
  listen: Listen,
  options: SubscribeOptions,
  maxQueue: number,
): AsyncGenerator<TableEvent> {
  let queue: TableEvent[] = [];
  let head = 0;
  // An object, not two lets: set by the listener's callbacks, read across awaits.
  const state: { ended: boolean; failure?: Error } = { ended: false };
  let wake: (() => void) | undefined;
  let drained: (() => void)[] = [];
  const signal = (): void => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const release = (): void => {
    const waiting = drained;
    drained = [];
    for (const resolve of waiting) resolve();
  };
  const stop = listen(options, {
    event(event) {
      queue.push(event);
      signal();
    },
    end(error) {
      state.ended = true;
      state.failure = error;
      signal();
    },
    lagging: () => queue.length - head >= maxQueue,
    caughtUp: () =>
      new Promise<void>((resolve) => {
        drained.push(resolve);
      }),
  });
  try {
    for (;;) {
      // A subscriber ended as too slow gets the error at once, not what was still queued.
      if (state.failure !== undefined) throw state.failure;
      if (head < queue.length) {
        const event = queue[head]!;
        head += 1;
        if (head > 1_024 && head * 2 > queue.length) {
          queue = queue.slice(head);
          head = 0;
        }
        yield event;
        continue;
      }
      if (state.ended) return;
      release();
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    queue = [];
    stop();
    release();
  }
}
