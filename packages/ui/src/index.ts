// What the lobby and the operator portal show the same way: points, games, bets, times, statuses.
// The base stylesheet is the one other entry: `import "@fuda/ui/base.css"` in a root layout.
// Points are written one way everywhere, by the rules package (its messages use it too).
export { formatPoints, POINT } from "@fuda/rules";
export type { StakeLimit, TableLimits } from "@fuda/rules";
export { formatLimit } from "./points";
export { betLimitLines, betName, GAME_LABELS, variantName, type BetLimitLine } from "./games";
export { formatCountdown, formatTimestamp, isoToUtcField, utcFieldToIso } from "./time";
export { STATUS_LABELS, StatusBadge } from "./status-badge";
export { HydrationMark } from "./hydration-mark";
