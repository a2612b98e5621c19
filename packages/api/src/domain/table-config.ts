/**
 * What an operator may set on a table, checked against the game's own rules (packages/rules):
 * limits only for the bets the game offers, min ≤ max, a betting countdown on every live table,
 * seats, decks and jokers only where the game deals from them (joker blackjack).
 */
import { GAME_VARIANTS } from "@fuda/contracts";
import { baccarat, gameDefinition, jokerBlackjack } from "@fuda/rules";
import type { StakeLimit } from "@fuda/rules";

import { FudaError } from "../errors";
import type { GameName } from "./tables.types";

/** Variants per game, as the database, the API and the rules spell them (packages/contracts). */
export const tableVariants: Record<GameName, readonly string[]> = GAME_VARIANTS;

/** The settings an operator edits; `newShoe` is the dealer's flag, never set through an edit. */
export interface EditableSettings {
  /** Seats at a seated table (joker blackjack), numbered from 1. */
  seats?: number;
  /** Joker blackjack's shoe: decks of 52 and jokers, from the next shoe. */
  decks?: number;
  jokers?: number;
  /** How long a seat has to act on its turn (seated games). */
  actionSeconds?: number;
  /** Studio tables (docs/studio.md): the burn cards are entered at the console, or skipped. */
  enterBurns?: boolean;
  /** Studio tables: a console silent this long in a live round raises the operators' alert. */
  silentSeconds?: number;
  /** How many days the table's chat lines are kept (docs/chat.md, Retention). */
  chatRetentionDays?: number;
  /** Joker blackjack: a seated player's number or action word in chat bets or acts. */
  chatBets?: boolean;
  /**
   * Joker blackjack's premiums and player's joker (docs/rules/joker-blackjack.md, Pay table),
   * any part of them: merged over the table's own and stored whole, from the next round.
   */
  payTable?: jokerBlackjack.PayTableEdit;
}

export interface TableConfig {
  game: GameName;
  variant: string;
  limits: Record<string, StakeLimit>;
  countdownSeconds: number;
  settings: EditableSettings;
}

/** The longest betting window an operator may set: ten minutes. */
export const MAX_COUNTDOWN_SECONDS = 600;

/** A studio table's silent console alert, as packages/live's table settings bound it. */
const SILENT_SECONDS = { min: 5, max: 600 } as const;

/** How long a table's chat is kept, as packages/live's table settings bound it. */
const CHAT_RETENTION_DAYS = { min: 1, max: 365 } as const;

/** The joker blackjack table's seats (the rules' seven-seat table) and its shoe's bounds. */
const JOKER_BLACKJACK_BOUNDS = {
  ...jokerBlackjack.TABLE_BOUNDS,
  actionSeconds: { min: 1, max: 120 },
} as const;

const bad = (field: string, rule: string): FudaError =>
  new FudaError("BAD_INPUT", `${field}: ${rule}`, { field });

/** The bet ids a table of (game, variant) takes limits for, in the rules' order. */
export function betIdsOf(game: GameName, variant: string): readonly string[] {
  if (!tableVariants[game].includes(variant)) {
    throw bad("variant", `${game} has the variants ${tableVariants[game].join(", ")}`);
  }
  // The quick game is not a live table: its spots are its bets (docs/rules/quick-baccarat.md).
  if (game === "quick-baccarat") return baccarat.QUICK_SPOTS;
  const definition = gameDefinition(game, variant, { decisions: true });
  if (definition === null) throw bad("variant", `${game} ${variant} is not dealt here`);
  return definition.bets.map((bet) => bet.id);
}

/**
 * The bets a table may leave without a limit of its own: a bet behind is capped by the main
 * bet's limit then (docs/rules/joker-blackjack.md, Bet Behind), so tables made before it need no
 * edit.
 */
function behindBetsOf(game: GameName, variant: string): readonly string[] {
  if (game === "quick-baccarat") return [];
  const definition = gameDefinition(game, variant, { decisions: true });
  return definition?.bets.filter((bet) => bet.behind === true).map((bet) => bet.id) ?? [];
}

/**
 * Throws BAD_INPUT naming the first field that breaks a rule; returns nothing when the whole
 * configuration is one the game can be dealt with.
 */
export function checkTableConfig(config: TableConfig): void {
  const betIds = betIdsOf(config.game, config.variant);
  for (const [betId, limit] of Object.entries(config.limits)) {
    const field = `limits.${betId}`;
    if (!betIds.includes(betId)) {
      throw bad(field, `${config.game} offers no bet "${betId}" (its bets: ${betIds.join(", ")})`);
    }
    for (const end of ["min", "max"] as const) {
      if (!Number.isSafeInteger(limit[end])) {
        throw bad(`${field}.${end}`, "a whole number of minor units (100 = 1 point)");
      }
      if (limit[end] < 0) throw bad(`${field}.${end}`, "must not be negative");
    }
    if (limit.min === 0) throw bad(`${field}.min`, "at least 1 minor unit");
    if (limit.min > limit.max) {
      throw bad(`${field}.max`, `must not be below min (${limit.min})`);
    }
  }
  const optional = behindBetsOf(config.game, config.variant);
  const missing = betIds.find(
    (betId) => config.limits[betId] === undefined && !optional.includes(betId),
  );
  if (missing !== undefined) {
    throw bad(`limits.${missing}`, "required: every bet the game offers has a limit");
  }
  checkCountdown(config.game, config.countdownSeconds);
  checkSettings(config.game, config.settings);
}

function checkCountdown(game: GameName, seconds: number): void {
  if (!Number.isSafeInteger(seconds)) throw bad("countdownSeconds", "a whole number of seconds");
  if (game === "quick-baccarat") {
    // docs/rules/quick-baccarat.md, The game: dealt when the player is ready, no countdown.
    if (seconds !== 0) throw bad("countdownSeconds", "the quick game has no countdown: 0");
    return;
  }
  if (seconds < 1) throw bad("countdownSeconds", "at least 1 second for a live table");
  if (seconds > MAX_COUNTDOWN_SECONDS) {
    throw bad("countdownSeconds", `at most ${MAX_COUNTDOWN_SECONDS} seconds`);
  }
}

/**
 * The pay table `edit` makes over `current` (a table's stored one; the rule book's when it has
 * none). Throws BAD_INPUT naming the first pay the rules refuse (`settings.payTable.premiums.Three
 * 7s`).
 */
export function payTableOf(
  edit: jokerBlackjack.PayTableEdit,
  current?: unknown,
): jokerBlackjack.PayTable {
  const stored =
    typeof current === "object" && current !== null ? jokerBlackjack.payTableFrom(current) : null;
  const base = stored?.ok === true ? stored.payTable : jokerBlackjack.DEFAULT_PAY_TABLE;
  const result = jokerBlackjack.payTableFrom(edit, base);
  if (!result.ok) {
    const [first] = result.problems;
    throw bad(`settings.payTable.${first!.field}`, first!.message.slice(first!.field.length + 2));
  }
  return result.payTable;
}

function checkSettings(game: GameName, settings: EditableSettings): void {
  for (const key of Object.keys(settings) as (keyof EditableSettings)[]) {
    const value = settings[key];
    if (value === undefined) continue;
    const field = `settings.${key}`;
    if (key === "enterBurns" || key === "silentSeconds") {
      checkStudioSetting(game, key, value);
      continue;
    }
    if (key === "chatRetentionDays") {
      if (
        typeof value !== "number" ||
        !Number.isSafeInteger(value) ||
        value < CHAT_RETENTION_DAYS.min ||
        value > CHAT_RETENTION_DAYS.max
      ) {
        throw bad(
          field,
          `a whole number of days from ${CHAT_RETENTION_DAYS.min} to ${CHAT_RETENTION_DAYS.max}`,
        );
      }
      continue;
    }
    if (key === "chatBets") {
      if (game !== "joker-blackjack") throw bad(field, "only joker blackjack tables take chatBets");
      if (typeof value !== "boolean") throw bad(field, "true or false");
      continue;
    }
    if (game !== "joker-blackjack") {
      throw bad(field, `only joker blackjack tables take ${key}`);
    }
    if (key === "payTable") {
      payTableOf(value as jokerBlackjack.PayTableEdit);
      continue;
    }
    const bounds = JOKER_BLACKJACK_BOUNDS[key];
    if (
      typeof value !== "number" ||
      !Number.isSafeInteger(value) ||
      value < bounds.min ||
      value > bounds.max
    ) {
      throw bad(field, `a whole number from ${bounds.min} to ${bounds.max}`);
    }
  }
}

/** The studio settings: any live table's (the quick game is never studio-dealt). */
function checkStudioSetting(game: GameName, key: "enterBurns" | "silentSeconds", value: unknown) {
  const field = `settings.${key}`;
  if (game === "quick-baccarat") throw bad(field, "the quick game is not dealt at a studio");
  if (key === "enterBurns") {
    if (typeof value !== "boolean") throw bad(field, "true or false");
    return;
  }
  if (
    typeof value !== "number" ||
    !Number.isSafeInteger(value) ||
    value < SILENT_SECONDS.min ||
    value > SILENT_SECONDS.max
  ) {
    throw bad(field, `a whole number from ${SILENT_SECONDS.min} to ${SILENT_SECONDS.max}`);
  }
}
