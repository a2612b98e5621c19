import type { TableLimits } from "../limits";
import { formatPoints, isWholePoints, POINT } from "../money";
import type { Bet, BetId, Variant } from "./bets";
import { BET_IDS, BET_NAMES, betsOf, isOffered, LAST_ROUND } from "./bets";

/** The quick game's most on one spot (docs/rules/quick-baccarat.md, Betting). */
export const QUICK_SPOT_MAX = 5 * POINT;

/** The rule a bet breaks, in the API's rule codes: the quick game answers them as they are. */
export type ViolationRule =
  | "BET_NOT_OFFERED"
  | "STAKE_NOT_WHOLE_POINTS"
  | "BET_CLOSED_AFTER_ROUND"
  | "BELOW_MIN"
  | "ABOVE_MAX"
  | "EXPOSURE_CAP"
  | "SPOT_MAX"
  | "PLAYER_AND_BANKER"
  | "INSUFFICIENT_BALANCE"
  | "WRONG_PHASE"
  | "NO_BETS"
  | "STILL_HAS_POINTS";

export interface Violation {
  /** The bet the rule refuses, or null for the slip as a whole. */
  readonly bet: BetId | null;
  readonly rule: ViolationRule;
  readonly message: string;
}

/** One player's bets for a round at a live table. */
export interface LiveBetSlip {
  readonly variant: Exclude<Variant, "quick">;
  /** The round's number within the shoe, from 1. */
  readonly round: number;
  readonly bets: readonly Bet[];
  /**
   * Operator-configured limits per bet type. The Player and Banker maxima also cap the
   * difference between the table's total Player and Banker stakes in a round (docs/rules/baccarat.md, The exposure cap).
   */
  readonly limits: TableLimits<BetId>;
  /** Player and Banker stakes the table has already accepted this round, from everyone. */
  readonly tableStakes?: { readonly player: number; readonly banker: number };
}

/** The quick game's bets for one hand. */
export interface QuickBetSlip {
  readonly variant: "quick";
  readonly bets: readonly Bet[];
  /** Points the player holds besides these bets. */
  readonly balance: number;
}

export type BetSlip = LiveBetSlip | QuickBetSlip;

const points = (units: number): string =>
  `${formatPoints(units)} point${units === POINT ? "" : "s"}`;

/** Every rule the slip breaks, each with a message naming the bet and the rule. Empty = valid. */
export function validateBets(slip: BetSlip): Violation[] {
  const violations: Violation[] = [];
  const refuse = (bet: BetId | null, rule: ViolationRule, message: string): void => {
    violations.push({
      bet,
      rule,
      message: bet === null ? message : `${BET_NAMES[bet]}: ${message}`,
    });
  };
  const totals = stakeTotals(slip.variant, slip.bets, refuse);
  if (slip.variant === "quick") validateQuick(slip, totals, refuse);
  else validateLive(slip, totals, refuse);
  return violations;
}

type Refuse = (bet: BetId | null, rule: ViolationRule, message: string) => void;

/** The slip's total stake per bet type, refusing bets the variant lacks and broken stakes. */
function stakeTotals(variant: Variant, bets: readonly Bet[], refuse: Refuse): Map<BetId, number> {
  const totals = new Map<BetId, number>();
  for (const { bet, stake } of bets) {
    if (!betsOf(variant).includes(bet)) {
      refuse(bet, "BET_NOT_OFFERED", `not a bet of the ${variantName(variant)}`);
    } else if (stake <= 0 || !isWholePoints(stake)) {
      refuse(
        bet,
        "STAKE_NOT_WHOLE_POINTS",
        `a stake must be a positive whole number of points, got ${stake} units`,
      );
    } else totals.set(bet, (totals.get(bet) ?? 0) + stake);
  }
  return totals;
}

function variantName(variant: Variant): string {
  return variant === "quick" ? "quick game" : `${variant} table`;
}

function validateLive(slip: LiveBetSlip, totals: Map<BetId, number>, refuse: Refuse): void {
  for (const bet of BET_IDS) {
    const stake = totals.get(bet);
    if (stake === undefined) continue;
    if (!isOffered(slip.variant, bet, slip.round)) {
      refuse(
        bet,
        "BET_CLOSED_AFTER_ROUND",
        `not offered after round ${LAST_ROUND[bet]} (this is round ${slip.round})`,
      );
      continue;
    }
    const { min, max } = slip.limits[bet];
    if (stake < min)
      refuse(bet, "BELOW_MIN", `${points(stake)} is below the table minimum of ${points(min)}`);
    if (stake > max)
      refuse(bet, "ABOVE_MAX", `${points(stake)} is above the table maximum of ${points(max)}`);
  }
  const player = (slip.tableStakes?.player ?? 0) + (totals.get("player") ?? 0);
  const banker = (slip.tableStakes?.banker ?? 0) + (totals.get("banker") ?? 0);
  const side: BetId = player > banker ? "player" : "banker";
  const difference = Math.abs(player - banker);
  const cap = slip.limits[side].max;
  if (totals.has(side) && difference > cap) {
    const other = side === "player" ? "Banker" : "Player";
    refuse(
      side,
      "EXPOSURE_CAP",
      `the table's ${BET_NAMES[side]} stakes would exceed its ${other} stakes by ${points(difference)}, more than the Player/Banker limit of ${points(cap)}`,
    );
  }
}

function validateQuick(slip: QuickBetSlip, totals: Map<BetId, number>, refuse: Refuse): void {
  for (const [bet, stake] of totals) {
    if (stake > QUICK_SPOT_MAX)
      refuse(bet, "SPOT_MAX", `at most ${points(QUICK_SPOT_MAX)} on a spot, got ${points(stake)}`);
  }
  if (totals.has("player") && totals.has("banker")) {
    refuse(null, "PLAYER_AND_BANKER", "Player and Banker cannot both be bet in one round");
  }
  const staked = [...totals.values()].reduce((sum, stake) => sum + stake, 0);
  if (staked > slip.balance) {
    refuse(
      null,
      "INSUFFICIENT_BALANCE",
      `the bets total ${points(staked)}, more than the ${points(slip.balance)} held`,
    );
  }
}
