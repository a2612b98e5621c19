/**
 * The table events (docs/live-tables.md, Events), the catalog's source of truth: every event a
 * table's runtime appends, with its exact payload, as `table_events` stores it and `tables.events`
 * streams it. The games' own events are the rules' typed events (packages/rules
 * `src/live/events.ts`) with the round's id and number added; the compiler checks each schema
 * against them, so a field renamed in the rules fails this package's typecheck.
 *
 * zod/mini: the browser parses these events, and the table page's first-load budget
 * (apps/web test/bundle-budget.e2e.test.ts) has no room for zod's method chains.
 */
import type {
  ActionTaken,
  CardDealt,
  CardFaceDown,
  HandSettled,
  jokerBlackjack,
  pokDeng,
  PublicHand,
  RoundCorrected,
  TurnStarted,
} from "@fuda/rules";
import * as z from "zod/mini";

import { chatRoleSchema } from "./chat";
import { dealingSchema, gameNameSchema, tableStatusSchema } from "./names";

/** The event types of the catalog, in the order a round meets them. */
export const EVENT_TYPES = [
  "shoe.started",
  "round.opened",
  "bets.totals",
  "round.closed",
  "card.dealt",
  "card.faceDown",
  "card.withdrawn",
  "turn.started",
  "action.taken",
  "hand.settled",
  "round.corrected",
  "round.result",
  "round.settled",
  "round.cancelled",
  "round.voided",
  "shoe.ended",
  "table.updated",
  "seat.taken",
  "seat.leaving",
  "seat.left",
  "chat.message",
  "chat.deleted",
] as const;

export const eventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = (typeof EVENT_TYPES)[number];

/** A rules type as zod infers it: the same fields, neither readonly nor `type`-tagged. */
type Plain<T> = T extends readonly (infer Item)[]
  ? Plain<Item>[]
  : T extends object
    ? { -readonly [Key in keyof T as Key extends "type" ? never : Key]: Plain<T[Key]> }
    : T;
/** True only when A and B are the same type; `const _: Same<…> = true` fails otherwise. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const int = () => z.int();
const totals = z.record(z.string(), z.number());

/** Every event of a round carries the round: the rules' events get it from the runtime. */
const ofRound = { roundId: z.string(), number: int() };

const publicHandSchema = z.object({
  cards: z.array(int()),
  total: z.number(),
  stake: int(),
  returned: int(),
  settled: z.boolean(),
});

// The rules' events, field for field.
const cardDealt = { position: z.string(), card: int(), totals };
const cardFaceDown = { position: z.string(), totals };
const turnStarted = {
  seat: int(),
  hand: int(),
  kind: z.string(),
  actions: z.array(z.string()),
  onTimeout: z.string(),
};
const actionTaken = {
  seat: int(),
  hand: int(),
  action: z.string(),
  timedOut: z.boolean(),
  stake: int(),
  hands: z.array(publicHandSchema),
};
const handSettled = {
  seat: int(),
  hand: int(),
  bet: z.string(),
  kind: z.string(),
  reason: z.string(),
  stake: int(),
  amount: int(),
  awards: z.array(z.string()),
};
const roundCorrected = {
  correction: z.string(),
  operator: z.string(),
  toStep: z.nullable(int()),
  burned: z.array(int()),
};

const _cardDealt: Same<Plain<CardDealt>, z.infer<z.ZodMiniObject<typeof cardDealt>>> = true;
const _cardFaceDown: Same<
  Plain<CardFaceDown>,
  z.infer<z.ZodMiniObject<typeof cardFaceDown>>
> = true;
const _turnStarted: Same<Plain<TurnStarted>, z.infer<z.ZodMiniObject<typeof turnStarted>>> = true;
const _actionTaken: Same<Plain<ActionTaken>, z.infer<z.ZodMiniObject<typeof actionTaken>>> = true;
const _handSettled: Same<Plain<HandSettled>, z.infer<z.ZodMiniObject<typeof handSettled>>> = true;
const _roundCorrected: Same<
  Plain<RoundCorrected>,
  z.infer<z.ZodMiniObject<typeof roundCorrected>>
> = true;
const _publicHand: Same<Plain<PublicHand>, z.infer<typeof publicHandSchema>> = true;

/** A player's own bet as their settlement or refund lists it. */
const ownBetSchema = z.object({
  id: z.string(),
  bet: z.string(),
  seat: z.nullable(int()),
  amount: int(),
  returned: int(),
});

/** Only the player sees it (`playerId` set): their bets' returns and their wallet after them. */
const ownReturns = {
  ...ofRound,
  bets: z.array(ownBetSchema),
  returned: int(),
  balance: z.nullable(int()),
};

/**
 * A table's video (docs/studio.md, Video): where the studio's media server publishes it. Fuda
 * hosts no video; each URL is null when the table has none.
 */
export const tableStreamSchema = z.object({
  /** An HLS playlist (`.m3u8`), played by hls.js or the browser's own HLS. */
  hls: z.nullable(z.string()),
  /** A WHEP endpoint (WebRTC, under a second behind): tried first, HLS when it fails. */
  whep: z.nullable(z.string()),
  /** A still shown before the video plays and on the lobby's card. */
  poster: z.nullable(z.string()),
});
export type TableStream = z.infer<typeof tableStreamSchema>;

/** A table as `table.updated` announces it: packages/api's `TableView`, checked there. */
export const tablePayloadSchema = z.object({
  id: z.string(),
  slug: z.string(),
  game: gameNameSchema,
  variant: z.string(),
  name: z.string(),
  status: tableStatusSchema,
  countdownSeconds: int(),
  limits: z.record(z.string(), z.object({ min: int(), max: int() })),
  /** Absent in events written before studio dealing existed: automatic. */
  dealing: z.optional(dealingSchema),
  /** Absent in events written before tables had video: no stream. */
  stream: z.optional(tableStreamSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type TablePayload = z.infer<typeof tablePayloadSchema>;

const seatPayload = { seat: int(), playerId: z.string(), name: z.string(), leaving: z.boolean() };

/** Each type's payload, as `appendEvents` writes it. */
const payloads = {
  "shoe.started": z.object({
    shoeId: z.string(),
    /** Empty for a studio shoe: its cards are physical, nothing is committed. */
    commitment: z.string(),
    cardCount: int(),
    /** Absent on shoes started before studio dealing existed: automatic. */
    dealing: z.optional(dealingSchema),
    /** The first card shown and the cards it burned; null where the game burns none. */
    burn: z.nullable(z.object({ shownCard: int(), burnCount: int() })),
  }),
  "round.opened": z.object({
    ...ofRound,
    shoeId: z.string(),
    closesAt: z.string(),
    betsOffered: z.array(z.string()),
    /** The window started again for want of a bet (docs/live-tables.md, Waiting for a bet). */
    reopened: z.optional(z.boolean()),
  }),
  "bets.totals": z.object({ ...ofRound, stakes: totals, bettors: int() }),
  "round.closed": z.object({ ...ofRound, stakes: totals, bettors: int() }),
  "card.dealt": z.object({ ...ofRound, ...cardDealt }),
  "card.faceDown": z.object({ ...ofRound, ...cardFaceDown }),
  /**
   * A studio dealer took back the round's last card (mistyped, misread): it leaves the round
   * and the totals are as they were before it (docs/studio.md, Taking a card back).
   */
  "card.withdrawn": z.object({ ...ofRound, position: z.string(), card: int(), totals }),
  /** `actsBy`: when the seat's timer ends (server time), set by the runtime. */
  "turn.started": z.object({ ...ofRound, ...turnStarted, actsBy: z.optional(z.string()) }),
  "action.taken": z.object({ ...ofRound, ...actionTaken }),
  "hand.settled": z.object({ ...ofRound, ...handSettled }),
  "round.corrected": z.object({ ...ofRound, ...roundCorrected }),
  /**
   * The game's own outcome and road mark: each game reads them through its own schema below
   * (the event does not name its game; the table does).
   */
  "round.result": z.object({ ...ofRound, outcome: z.unknown(), roadMark: z.unknown() }),
  "round.settled": z.union([
    z.object({
      ...ofRound,
      bets: int(),
      bettors: int(),
      staked: int(),
      returned: int(),
    }),
    z.object(ownReturns),
  ]),
  "round.cancelled": z.union([
    z.object({ ...ofRound, reason: z.string(), refunds: int() }),
    z.object(ownReturns),
  ]),
  /** With `amount` (signed, what the void put in or took from the wallet) for the player's own. */
  "round.voided": z.object({
    ...ofRound,
    reason: z.string(),
    voidedAt: z.string(),
    amount: z.optional(int()),
  }),
  "shoe.ended": z.object({
    shoeId: z.string(),
    reveal: z.object({ salt: z.string(), cards: z.string() }),
    rounds: int(),
  }),
  "table.updated": tablePayloadSchema,
  "seat.taken": z.object(seatPayload),
  "seat.leaving": z.object(seatPayload),
  "seat.left": z.object(seatPayload),
  /** A line of the table's chat (docs/chat.md); `messageId` is `chat.history`'s line id. */
  "chat.message": z.object({
    messageId: z.string(),
    userId: z.string(),
    name: z.string(),
    role: chatRoleSchema,
    text: z.string(),
  }),
  /** An operator deleted a line: every page drops it. */
  "chat.deleted": z.object({ messageId: z.string() }),
} satisfies Record<EventType, z.ZodMiniType>;

export type EventPayload<Type extends EventType> = z.infer<(typeof payloads)[Type]>;

/** The stored and streamed envelope. `id` is monotonic across all tables, in commit order. */
const envelope = {
  id: z.string(),
  tableId: z.string(),
  roundId: z.nullable(z.string()),
  /** Set when only that player may see it. */
  playerId: z.nullable(z.string()),
  /** ISO 8601, server time. */
  at: z.string(),
};

const eventOf = <Type extends EventType>(type: Type) =>
  z.object({ ...envelope, type: z.literal(type), payload: payloads[type] });

export const tableEventSchema = z.discriminatedUnion("type", [
  eventOf("shoe.started"),
  eventOf("round.opened"),
  eventOf("bets.totals"),
  eventOf("round.closed"),
  eventOf("card.dealt"),
  eventOf("card.faceDown"),
  eventOf("card.withdrawn"),
  eventOf("turn.started"),
  eventOf("action.taken"),
  eventOf("hand.settled"),
  eventOf("round.corrected"),
  eventOf("round.result"),
  eventOf("round.settled"),
  eventOf("round.cancelled"),
  eventOf("round.voided"),
  eventOf("shoe.ended"),
  eventOf("table.updated"),
  eventOf("seat.taken"),
  eventOf("seat.leaving"),
  eventOf("seat.left"),
  eventOf("chat.message"),
  eventOf("chat.deleted"),
]);

/** An event as stored and streamed: its `type` fixes its `payload`. */
export type TableEvent = z.infer<typeof tableEventSchema>;
/** The event of one type. */
export type TableEventOf<Type extends EventType> = Extract<TableEvent, { type: Type }>;

const _everyType: Same<TableEvent["type"], EventType> = true;

/** A player's own settlement or refund: their bets' returns and their wallet after them. */
export type OwnReturns = z.infer<z.ZodMiniObject<typeof ownReturns>>;

/** The payload of a player's own `round.settled` or `round.cancelled`, else null. */
export function ownReturnsOf(event: TableEvent): OwnReturns | null {
  if (event.type !== "round.settled" && event.type !== "round.cancelled") return null;
  return "balance" in event.payload ? event.payload : null;
}

// The games' outcomes (`round.result`, `tables.get`'s `round.outcome`), read by each game's view.

/** Joker blackjack's outcome: the dealer's cards and result, every seat's hands. */
export const jokerBlackjackOutcomeSchema = z.object({
  dealer: z.object({
    cards: z.array(int()),
    /** `joker`, `blackjack`, `bust`, the total stood on; null when the hole card was never shown. */
    result: z.nullable(z.union([z.enum(["joker", "blackjack", "bust"]), z.number()])),
  }),
  seats: z.array(
    z.object({
      seat: int(),
      hands: z.array(publicHandSchema),
      insurance: int(),
      returned: int(),
    }),
  ),
});

/** Pok Deng's outcome: each seat's score and result against the banker. */
export const pokDengOutcomeSchema = z.object({
  seats: z.array(
    z.object({
      seat: int(),
      score: int(),
      outcome: z.enum(["win1to1", "win2to1", "tie", "lose1to1", "lose2to1"]),
      pair: z.boolean(),
    }),
  ),
  bankerScore: int(),
});

export type JokerBlackjackOutcome = z.infer<typeof jokerBlackjackOutcomeSchema>;
export type PokDengOutcome = z.infer<typeof pokDengOutcomeSchema>;

const _jokerBlackjackOutcome: Same<
  Plain<jokerBlackjack.JokerBlackjackOutcome>,
  z.infer<typeof jokerBlackjackOutcomeSchema>
> = true;
const _pokDengOutcome: Same<
  Plain<pokDeng.PokDengOutcome>,
  z.infer<typeof pokDengOutcomeSchema>
> = true;
