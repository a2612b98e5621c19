/** Joker blackjack (docs/rules/joker-blackjack.md): a replayable multi-seat round and simulator. */

/** Config, seat entries, round state, events and settlement records. */
export type * from "./types";
export { DEFAULT_CONFIG, JOKER_BLACKJACK_BET_IDS, TABLE_BOUNDS, VARIANTS } from "./types";

/** The round: create, ask what a seat may do or what the dealer does next, apply an event. */
export { createRound, apply, replay } from "./round";
export { JokerBlackjackError } from "./draft";
export { legalActions, PLAYER_ACTIONS } from "./turns";
export { nextDealerStep } from "./dealer";
/** Bet Behind: what a stake on another player's seat returns from the seat's settlements. */
export { behindReturn } from "./behind";

/** The premium table (names, total returns, awards) and which premium a hand makes. */
export type { Award, Premium, PremiumName } from "./premiums";
export { PREMIUMS, PREMIUM_NAMES, premiumOf } from "./premiums";

/** A table's pay table: the premiums' and the player's joker's returns, and their checks. */
export type { PayTable, PayTableEdit, PayTableProblem } from "./pay-table";
export { DEFAULT_PAY_TABLE, PAY_BOUNDS, payTableFrom } from "./pay-table";

/** Totals: best with wild jokers, smallest (bust test), the dealer's; naturals. */
export { bestTotal, dealerTotal, minTotal, isNatural } from "./hand";

/** Basic strategy for 6 decks S17 and the full-table simulator behind `fuda simulate`. */
export { basicStrategy } from "./strategy";
export type { Frequency, SimulationOptions, SimulationReport } from "./simulate";
export { THEORY_RUN, simulate } from "./simulate";
/** What a live table's `round.result` publishes (packages/contracts reads it with its schema). */
export type { JokerBlackjackOutcome, JokerBlackjackRoadMark } from "./live-view";
/** Chat bets: what a comment at the table means (a main bet, a decision, or only chat). */
export type { ChatCommand } from "./chat";
export { chatCommand } from "./chat";
