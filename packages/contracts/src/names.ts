/**
 * The names of games, variants, table statuses and round phases as every caller spells them
 * (URLs, the API, the feed, the CLI, the UI). The database's enums keep their own spelling
 * (`JOKER_BLACKJACK`, `OPEN`); packages/api maps them here once, checked by the compiler.
 */
import * as z from "zod/mini";

/** The games, as in URLs (`/tables/joker-blackjack-1`), the feed and the CLI. */
export const GAME_NAMES = ["baccarat", "quick-baccarat", "pok-deng", "joker-blackjack"] as const;
export const gameNameSchema = z.enum(GAME_NAMES);
export type GameName = (typeof GAME_NAMES)[number];

/** Each game's rule variants, as the database, the API and the rules spell them. */
export const GAME_VARIANTS = {
  baccarat: ["commission", "no-commission"],
  "quick-baccarat": ["quick"],
  "pok-deng": ["five-seat"],
  "joker-blackjack": ["seven-seat"],
} as const satisfies Record<GameName, readonly string[]>;
export type VariantName = (typeof GAME_VARIANTS)[GameName][number];

/** A table's status: `open` deals and takes bets, `paused` does not for now, `closed` is retired. */
export const TABLE_STATUSES = ["open", "paused", "closed"] as const;
export const tableStatusSchema = z.enum(TABLE_STATUSES);
export type TableStatusName = (typeof TABLE_STATUSES)[number];

/** A round's phase (docs/live-tables.md, Rounds), as stored (`round_phase`) and shown. */
export const ROUND_PHASES = ["betting", "dealing", "settled", "cancelled"] as const;
export const roundPhaseSchema = z.enum(ROUND_PHASES);
export type RoundPhase = (typeof ROUND_PHASES)[number];

/** Who deals a table (docs/studio.md): the software dealer or a person at a studio console. */
export const DEALING_MODES = ["automatic", "studio"] as const;
export const dealingSchema = z.enum(DEALING_MODES);
export type Dealing = (typeof DEALING_MODES)[number];
