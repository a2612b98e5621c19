/**
 * One subscriber of the event hub: a bounded queue of live events and the stream its consumer
 * reads. The stream first replays what the subscriber missed (read from `table_events` by the
 * hub), then the queue; an id at or below the last one delivered is dropped, so an event both
 * replayed and queued at the hand-over reaches the consumer once.
 */
import type { TableEvent } from "./events";

/** A consumer that let this many live events pile up is ended rather than growing memory. */
export const DEFAULT_MAX_QUEUE = 10_000;

/** Ends a stream whose consumer fell too far behind; it may resubscribe from its last id. */
export class SlowSubscriberError extends Error {
  override readonly name = "SlowSubscriberError";
}

export interface SubscriberFilter {
  tableId?: string;
  playerId?: string | null;
}

/** Whether a subscriber with `filter` may see `event`: its table, and a private event only for its player. */
export const sees = (filter: SubscriberFilter, event: TableEvent): boolean =>
  (filter.tableId === undefined || filter.tableId === event.tableId) &&
  (event.playerId === null || event.playerId === filter.playerId);

export class Subscriber {
  private queue: TableEvent[] = [];
  private head = 0;
  private wake: (() => void) | undefined;
  private ended = false;
  private failure: Error | undefined;

  constructor(
    readonly filter: SubscriberFilter,
    private readonly maxQueue: number,
  ) {}

  /** Called by the hub for every live event this subscriber sees, in id order. */
  push(event: TableEvent): void {
    if (this.ended) return;
    if (this.queue.length - this.head >= this.maxQueue) {
      this.end(
        new SlowSubscriberError(
          `subscriber: more than ${this.maxQueue} events waiting; resubscribe from the last id read`,
        ),
      );
      return;
    }
    this.queue.push(event);
    this.signal();
  }

  /** Ends the stream: after what is queued when `failure` is absent, at once when present. */
  end(failure?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = failure;
    if (failure !== undefined) this.queue = [];
    this.signal();
  }

  get isEnded(): boolean {
    return this.ended;
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /**
   * The consumer's stream: `replay` (the missed events, id order) then the queue, each id once
   * and above `afterId`. `onDone` runs however the stream ends (the hub forgets the subscriber).
   */
  async *stream(
    afterId: bigint,
    replay: (after: bigint, open: () => boolean) => AsyncIterable<TableEvent>,
    onDone: () => void,
  ): AsyncGenerator<TableEvent> {
    let delivered = afterId;
    try {
      for await (const event of replay(afterId, () => !this.ended)) {
        if (this.failure !== undefined) throw this.failure;
        if (this.ended) return;
        delivered = BigInt(event.id);
        yield event;
      }
      for (;;) {
        if (this.failure !== undefined) throw this.failure;
        if (this.head < this.queue.length) {
          const event = this.queue[this.head]!;
          this.head += 1;
          if (this.head > 1_024 && this.head * 2 > this.queue.length) {
            this.queue = this.queue.slice(this.head);
            this.head = 0;
          }
          const id = BigInt(event.id);
          if (id <= delivered) continue;
          delivered = id;
          yield event;
          continue;
        }
        if (this.ended) return;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
      }
    } finally {
      this.ended = true;
      this.queue = [];
      onDone();
    }
  }
}
