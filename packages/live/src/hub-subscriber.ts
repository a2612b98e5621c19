/**
 * One subscriber of the event hub, as callbacks: the hub calls `push` for each live event in id
 * order, synchronously, in one loop over a table's subscribers (the way a bare broadcaster
 * writes one payload to every socket). While the subscriber's missed events are replayed from
 * `table_events`, live events are held; at the hand-over the held ones follow the replay, and an
 * id at or below the last one delivered is dropped, so an event both replayed and held reaches
 * the consumer once.
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

/** What a subscriber's consumer does with its events (`EventHub.listen`). */
export interface EventListener {
  /** Each event the subscriber may see, once, in id order: missed ones first, then live ones. */
  event(event: TableEvent): void;
  /** Called once, however the subscription ends; `failure` when it was ended as too slow. */
  end(failure?: Error): void;
  /**
   * Asked before each live event: true ends the subscriber with `SlowSubscriberError`. The
   * consumer's own measure of the hub's bound (events it queued, bytes its socket holds unsent).
   */
  lagging?(): boolean;
  /** The replay waits for this before each further page: a consumer's own pace. */
  caughtUp?(): Promise<void>;
}

/** Whether a subscriber with `filter` may see `event`: its table, and a private event only for its player. */
export const sees = (filter: SubscriberFilter, event: TableEvent): boolean =>
  (filter.tableId === undefined || filter.tableId === event.tableId) &&
  (event.playerId === null || event.playerId === filter.playerId);

const tooSlow = (limit: number): SlowSubscriberError =>
  new SlowSubscriberError(
    `subscriber: more than ${limit} events waiting; resubscribe from the last id read`,
  );

export class Subscriber {
  /** Live events that came during the replay; undefined once the subscriber is live. */
  private held: { event: TableEvent; id: bigint }[] | undefined;
  private delivered: bigint;
  private ended = false;

  constructor(
    readonly filter: SubscriberFilter,
    afterId: bigint,
    replaying: boolean,
    private readonly maxHeld: number,
    private readonly listener: EventListener,
    private readonly onDone: () => void,
  ) {
    this.delivered = afterId;
    this.held = replaying ? [] : undefined;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Called by the hub for every live event of the subscriber's table; `id` parsed once by the hub. */
  push(event: TableEvent, id: bigint): void {
    if (this.ended || !sees(this.filter, event)) return;
    if (this.held === undefined) {
      this.deliver(event, id, true);
    } else if (this.held.length >= this.maxHeld) {
      this.end(tooSlow(this.maxHeld));
    } else {
      this.held.push({ event, id });
    }
  }

  /** A missed event read by the replay, in id order. */
  replayed(event: TableEvent, id: bigint): void {
    if (!this.ended && sees(this.filter, event)) this.deliver(event, id, false);
  }

  /** The replay reached the end of `table_events`: the held events follow, then live ones. */
  goLive(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const { event, id } of held) {
      if (this.ended) return;
      this.deliver(event, id, true);
    }
  }

  /** Ends the subscription (at once: a consumer that stops wants nothing more). */
  end(failure?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.held = undefined;
    this.onDone();
    this.listener.end(failure);
  }

  private deliver(event: TableEvent, id: bigint, live: boolean): void {
    if (id <= this.delivered) return;
    if (live && this.listener.lagging?.() === true) {
      this.end(tooSlow(this.maxHeld));
      return;
    }
    this.delivered = id;
    try {
      this.listener.event(event);
    } catch (error) {
      // One consumer's fault must not stop the hub's loop over the others.
      this.end(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
