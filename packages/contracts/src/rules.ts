/**
 * The rule codes of the API's refusals: `error.data.details.rule` (tRPC) beside the coarser
 * `reason` (BAD_INPUT, CONFLICT…), one style, SCREAMING_SNAKE_CASE like the reasons. Clients
 * match them through `RULE` (`case RULE.NOT_YOUR_SEAT:`), so a code renamed here fails their
 * typecheck. The rules' own codes are checked against this list below: a refusal a game adds
 * fails this package's typecheck until it is listed.
 */
import type { baccarat, RefusalCode } from "@fuda/rules";
import * as z from "zod/mini";

export const RULE_CODES = [
  // A bet the game or the table refuses (packages/rules, `validateBets`).
  /** The bet is not one this table, or this point of the game, takes. */
  "BET_NOT_OFFERED",
  /** A bet the rule book closes after a round of the shoe (baccarat's pairs after round 60). */
  "BET_CLOSED_AFTER_ROUND",
  /** A bet naming a seat at a game without seats (baccarat). */
  "SEAT_NOT_ALLOWED",
  /** A seat the table does not have. */
  "UNKNOWN_SEAT",
  /** A stake that is not whole points. */
  "STAKE_NOT_WHOLE_POINTS",
  /** A stake below the table's minimum for the bet. */
  "BELOW_MIN",
  /** A stake (with the player's earlier ones) above the table's maximum for the bet. */
  "ABOVE_MAX",
  /** Player and Banker stakes apart by more than the table allows (docs/rules/baccarat.md). */
  "EXPOSURE_CAP",
  /** More than the player holds (the wallet, or the quick game's points). */
  "INSUFFICIENT_BALANCE",

  // The quick game (docs/rules/quick-baccarat.md).
  /** A spot already holds the most it takes. */
  "SPOT_MAX",
  /** Player and Banker bet in one hand. */
  "PLAYER_AND_BANKER",
  /** A button of the other phase: a deal waits for Next, a bet for the hand to end. */
  "WRONG_PHASE",
  /** A deal with nothing bet. */
  "NO_BETS",
  /** Start over while the player still has points to bet. */
  "STILL_HAS_POINTS",

  // Players' decisions (joker blackjack; docs/live-tables.md, Decisions).
  /** An action the game does not know. */
  "UNKNOWN_ACTION",
  /** A decision for a seat whose turn it is not. */
  "NOT_YOUR_TURN",
  /** An action the hand may not take now (a double after a hit…). */
  "ACTION_NOT_ALLOWED",
  /** The round's seats or stakes are not a round the game can deal. */
  "INVALID_SEATS",
  /** The shoe ran out of cards. */
  "SHOE_EMPTY",
  /** A decision or bet for a seat the player has no bet on, or does not sit in. */
  "NOT_YOUR_SEAT",
  /** A bet behind the player's own seat (docs/rules/joker-blackjack.md, Bet Behind). */
  "OWN_SEAT",
  /** A bet behind a seat nobody sits in. */
  "SEAT_EMPTY",
  /** A decision at a game that takes none. */
  "NO_DECISIONS",
  /** A decision for a round that is not being dealt. */
  "NOT_DEALING",
  /** A decision after the seat's time to act ran out. */
  "TIMER_ENDED",

  // Seats (docs/live-tables.md, Seats).
  /** The player already sits in that seat. */
  "ALREADY_SEATED",
  /** The player already holds as many seats as the table allows one player. */
  "MAX_SEATS",
  /** Someone else sits there. */
  "SEAT_TAKEN",
  /** Leaving a seat the player does not sit in. */
  "NOT_SEATED",

  // Pages and ranges.
  /** A cursor that is not a `nextCursor` from a previous page. */
  "BAD_CURSOR",
  /** A cursor from a page read in another order: search again from the first page. */
  "CURSOR_ORDER_CHANGED",
  /** A range whose end is before its start (`to` before `from`). */
  "RANGE_REVERSED",
  /** A number outside what the field takes (a page's limit, a seat number). */
  "OUT_OF_RANGE",

  // A studio console (packages/live/src/studio.ts, docs/studio.md).
  /** A scan or a code that is no card: the dealer rescans; nothing changed. */
  "UNREADABLE_CARD",
  /** A card this shoe cannot hold: a ninth A♠ in eight decks, a joker at baccarat. */
  "CARD_NOT_IN_SHOE",
  /** No card is expected now: betting is open, the round is complete, the table waits to open. */
  "NO_CARD_EXPECTED",
  /** The studio step asked for is not the one the table is at (open betting twice…). */
  "NOT_NOW",
  /** Another console deals this table. */
  "CONSOLE_TAKEN",
  /** A dealer at a table they are not assigned to. */
  "NOT_YOUR_TABLE",
  /** A studio action at a table the software deals. */
  "NOT_A_STUDIO_TABLE",
  /** No card can be taken back: none since the last confirmed step. */
  "NOTHING_TO_TAKE_BACK",

  // A table's chat (packages/live/src/chat.ts, docs/chat.md).
  /** A guest reads the chat; writing needs a signed-in player (or the table's dealer). */
  "SIGN_IN_TO_CHAT",
  /** An operator muted the player (until `details.until`) or banned them from chat (no end). */
  "MUTED",
  /** The player's own pace: `details.retryAfterMs` says how long to wait. */
  "TOO_FAST",
  /** The table's chat carries as many lines a second as it can: `details.retryAfterMs`. */
  "CHAT_BUSY",

  // Staff sign-in (docs/security.md).
  /** Staff enrol two-factor sign-in (an authenticator app) before any staff procedure. */
  "TWO_FACTOR_REQUIRED",
  /** A powerful action needs a sign-in within `details.withinMs`: sign in again, then retry. */
  "STEP_UP_REQUIRED",

  // Money and webhooks (packages/ledger, the admin portal).
  /** A transfer id already posted with different content. */
  "ID_REUSED",
  /** A transfer naming an account that does not exist. */
  "UNKNOWN_ACCOUNT",
  /** A transfer from an account to itself. */
  "SAME_ACCOUNT",
  /** A webhook URL on a private or local address. */
  "PRIVATE_ADDRESS",

  // An input failing its schema: zod's issue codes (`ruleOfIssue`), and the same words by hand.
  /** A value of the wrong type (a string for a number, a fraction for a whole number). */
  "INVALID_TYPE",
  /** A value missing or empty. */
  "REQUIRED",
  /** Too large a number, or too long a string or list. */
  "TOO_BIG",
  /** Too small a number, or too short a string or list. */
  "TOO_SMALL",
  /** A string not in its format (a UUID, a date, a URL…). */
  "INVALID_FORMAT",
  /** A number not a multiple of its step. */
  "NOT_MULTIPLE_OF",
  /** Fields the input does not take. */
  "UNRECOGNIZED_KEYS",
  /** A value matching none of the shapes the field takes. */
  "INVALID_UNION",
  /** A record's key of the wrong form. */
  "INVALID_KEY",
  /** A map or set's element of the wrong form. */
  "INVALID_ELEMENT",
  /** A value not among those the field takes. */
  "INVALID_VALUE",
  /** A schema's own check (a refinement) refused the value; the message says which. */
  "FAILED_CHECK",
] as const;

export type RuleCode = (typeof RULE_CODES)[number];
export const ruleCodeSchema = z.enum(RULE_CODES);

/** Every code by its own name, for clients' `case RULE.ABOVE_MAX:` (zod's own map of the enum). */
export const RULE: Readonly<{ [Code in RuleCode]: Code }> = ruleCodeSchema._zod.def.entries;

/** Each of zod's issue codes as ours. */
const ZOD_ISSUE_RULES = {
  invalid_type: "INVALID_TYPE",
  too_big: "TOO_BIG",
  too_small: "TOO_SMALL",
  invalid_format: "INVALID_FORMAT",
  not_multiple_of: "NOT_MULTIPLE_OF",
  unrecognized_keys: "UNRECOGNIZED_KEYS",
  invalid_union: "INVALID_UNION",
  invalid_key: "INVALID_KEY",
  invalid_element: "INVALID_ELEMENT",
  invalid_value: "INVALID_VALUE",
  custom: "FAILED_CHECK",
} as const satisfies Record<z.core.$ZodIssueCode, RuleCode>;

/** The rule a schema's issue breaks, as `details.rule` names it. */
export const ruleOfIssue = (issue: { code: z.core.$ZodIssueCode }): RuleCode =>
  ZOD_ISSUE_RULES[issue.code];

/** True only when every member of Codes is a RuleCode; `const _: Listed<…> = true` fails otherwise. */
type Listed<Codes> = [Codes] extends [RuleCode] ? true : false;

// The rules' refusals reach callers as they are (a live slip's, the quick game's): each is ours.
const _refusalCodes: Listed<RefusalCode> = true;
const _violationRules: Listed<baccarat.ViolationRule> = true;
