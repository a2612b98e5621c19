/**
 * What a studio console shows (`studio.state`, docs/studio.md): the table, the round as the
 * engine has it, and the next thing the dealer does. Cards are codes (`AS`, `TH`, `JK`).
 */
import * as z from "zod/mini";

import { dealingSchema, gameNameSchema, roundPhaseSchema, tableStatusSchema } from "./names";

const int = () => z.int();

/**
 * The next thing to do, in the order a table meets them:
 * - `firstCard`: a new shoe starts with its first card (its value is how many cards it burns);
 * - `burn`: a burn card, `burn.done` of `burn.of` entered (skippable where the table skips them);
 * - `open`: open betting; `close`: no more bets (or the countdown closes it at `closesAt`);
 * - `card`: the next card, to `position` (the game's name: `player-1`, `banker-3`, `seat-4-1`,
 *   `dealer-2`), `index` its place in the shoe;
 * - `player`: a seat decides (joker blackjack), the console waits;
 * - `paused`: the table is paused or closed by an operator.
 */
export const STUDIO_NEXT_KINDS = [
  "firstCard",
  "burn",
  "open",
  "close",
  "card",
  "player",
  "paused",
] as const;
export type StudioNextKind = (typeof STUDIO_NEXT_KINDS)[number];

export const studioCardSchema = z.object({ position: z.string(), card: z.string() });

export const studioNextSchema = z.object({
  kind: z.enum(STUDIO_NEXT_KINDS),
  /** Where the next card goes (kind `card`). */
  position: z.nullable(z.string()),
  /** The card's index in the shoe (kinds `firstCard`, `burn`, `card`). */
  index: z.nullable(int()),
  /** Kind `burn`: cards burned so far by the first card, of how many. */
  burn: z.nullable(z.object({ done: int(), of: int() })),
  /** Kind `card` after a player's choice (joker blackjack): the seat and what it chose. */
  action: z.nullable(z.object({ seat: int(), hand: int(), action: z.string() })),
  /** Kind `player`: whose turn and until when. */
  decision: z.nullable(
    z.object({ seat: int(), hand: int(), kind: z.string(), actsBy: z.nullable(z.string()) }),
  ),
});
export type StudioNext = z.infer<typeof studioNextSchema>;

export const studioStateSchema = z.object({
  table: z.object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    game: gameNameSchema,
    variant: z.string(),
    status: tableStatusSchema,
    dealing: dealingSchema,
    countdownSeconds: int(),
    /** The table's procedure: burn cards are entered (true) or skipped. */
    enterBurns: z.boolean(),
    /** A console silent this long while a round is live raises the operators' alert. */
    silentSeconds: int(),
  }),
  /** Who holds the console: this one (`mine`) or another dealer's. */
  console: z.object({ mine: z.boolean(), dealerId: z.nullable(z.string()) }),
  shoe: z.nullable(
    z.object({
      id: z.string(),
      /** Cards out of the shoe (dealt, burned or skipped). */
      position: int(),
      /** Cards entered by the console. */
      entered: int(),
      rounds: int(),
      /** The cut card is out: the round in play (or the next) is the last. */
      cutCardOut: z.boolean(),
      firstCard: z.nullable(z.string()),
      burnCount: z.nullable(int()),
    }),
  ),
  round: z.nullable(
    z.object({
      id: z.string(),
      number: int(),
      phase: roundPhaseSchema,
      closesAt: z.string(),
      cards: z.array(studioCardSchema),
      totals: z.record(z.string(), z.number()),
      /** The engine's outcome once dealt, for the dealer to announce. */
      outcome: z.unknown(),
      /** Bettors and stakes once betting closed. */
      bettors: int(),
    }),
  ),
  /** The last settled round of this table, for the dealer to announce. */
  lastResult: z.nullable(
    z.object({
      roundId: z.string(),
      number: z.number(),
      cards: z.array(studioCardSchema),
      outcome: z.unknown(),
    }),
  ),
  next: studioNextSchema,
  /** The last card, while it can still be taken back. */
  takeBack: z.nullable(studioCardSchema),
  /** Seconds since the console's last action at a live round; null between rounds. */
  silentFor: z.nullable(int()),
});
export type StudioState = z.infer<typeof studioStateSchema>;
