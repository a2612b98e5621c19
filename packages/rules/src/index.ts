// Each game's rules as data plus pure functions, one namespace per game; money and stake limits,
// which every game shares, at the root.
export * as baccarat from "./baccarat";
export * as pokDeng from "./pok-deng";
export * as jokerBlackjack from "./joker-blackjack";
export type { Odds } from "./money";
export { formatPoints, isWholePoints, POINT, winnings } from "./money";
export type { StakeLimit, TableLimits } from "./limits";
export { stakeLimitSchema, tableLimitsSchema } from "./limits";
// The one shape every live game has, which a table runtime drives (docs/rules/live-tables.md).
export * from "./live";
