/**
 * What the game API hands its procedures from this package: the bet desk (placements and undos,
 * group-committed) and the event hub (LISTEN/NOTIFY or NATS, fan-out to every subscriber).
 * Both are per process; `startLive` makes them with the dealer.
 */
import type { LiveBet } from "@fuda/rules";

import type { TableEvent } from "./events";
import type { EventListener } from "./hub-subscriber";

export interface PlaceBetsInput {
  playerId: string;
  roundId: string;
  bets: readonly LiveBet[];
  /** The caller's idempotency key: the same key again returns the first placement. */
  requestId: string;
}

export interface PlacedBet {
  id: string;
  bet: string;
  seat: number | null;
  /** Minor units. */
  amount: number;
  /** What the ledger holds for it (Pok Deng's Player bet: stake + deposit). */
  reserved: number;
}

export interface Placement {
  roundId: string;
  slipId: string;
  bets: PlacedBet[];
  /** True when this request id had been placed already: nothing new was reserved. */
  replayed: boolean;
  /** The wallet after the reservation, minor units. */
  balance: number;
}

export interface Undo {
  roundId: string;
  /** Bets refunded by this call. */
  bets: number;
  /** Minor units given back. */
  refunded: number;
  balance: number;
}

export interface BetDesk {
  /** Validates, reserves and records a slip, or throws FudaError naming the field and rule. */
  place(input: PlaceBetsInput): Promise<Placement>;
  /** Refunds the player's open bets of a round that is still betting. */
  undo(input: { playerId: string; roundId: string }): Promise<Undo>;
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** One table's events, or every table's when absent. */
  tableId?: string;
  /** The subscriber: their own private events are included, nobody else's. */
  playerId?: string | null;
  /** Events after this id (a reconnecting client's last id); only new ones when absent. */
  afterId?: string | null;
  signal?: AbortSignal;
}

export interface EventHub {
  /** Missed events first (from `table_events`), then each new one, in id order, once each. */
  subscribe(options: SubscribeOptions): AsyncIterable<TableEvent>;
  /**
   * The same stream as callbacks, called synchronously as the hub reads each event (no
   * promise per subscriber per event: the fan-out to thousands of sockets). Returns `stop`.
   */
  listen(options: SubscribeOptions, listener: EventListener): () => void;
  /** The newest event id this process has read ("0" before any). */
  lastId(): string;
  /**
   * True while the hub's source of events is up (its LISTEN connection, or its NATS consumer);
   * false before it first connects and while it reconnects (streams stay open meanwhile, but new
   * events wait): a readiness check.
   */
  connected(): boolean;
  close(): Promise<void>;
}
