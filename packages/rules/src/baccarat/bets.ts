import type { Odds } from "../money";
import { winnings } from "../money";
import type { RoundOutcome } from "./hand";
import {
  bankerSixCardsOf,
  bankerTotalOf,
  hasBankerNatural,
  hasBankerPair,
  hasPlayerNatural,
  hasPlayerPair,
  playerTotalOf,
} from "./hand";

/**
 * The commission and no-commission tables and the quick game (docs/rules/baccarat.md, Variants),
 * spelled as in the database, the API, the feed and the CLI (`--variant`).
 */
export type Variant = "commission" | "no-commission" | "quick";
export const VARIANTS: readonly Variant[] = ["commission", "no-commission", "quick"];

export type BetId =
  | "player"
  | "banker"
  | "tie"
  | "playerPair"
  | "bankerPair"
  | "luckySix"
  | "playerNatural"
  | "bankerNatural";

export const BET_IDS: readonly BetId[] = [
  "player",
  "banker",
  "tie",
  "playerPair",
  "bankerPair",
  "luckySix",
  "playerNatural",
  "bankerNatural",
];

/** The bets a variant offers; the quick game has the first five. */
export function betsOf(variant: Variant): readonly BetId[] {
  return variant === "quick" ? BET_IDS.slice(0, 5) : BET_IDS;
}

export function isBetId(value: string): value is BetId {
  return (BET_IDS as readonly string[]).includes(value);
}

/** A bet's name as the table shows it. */
export const BET_NAMES: Readonly<Record<BetId, string>> = {
  player: "Player",
  banker: "Banker",
  tie: "Tie",
  playerPair: "Player Pair",
  bankerPair: "Banker Pair",
  luckySix: "Lucky Six",
  playerNatural: "Player Natural",
  bankerNatural: "Banker Natural",
};

/**
 * The last round of a shoe in which a bet is offered (docs/rules/baccarat.md, Round gates: pairs
 * close after round 60, Lucky Six and naturals after round 50); absent means every round. The
 * quick game has no rounds in a shoe and no gates.
 */
export const LAST_ROUND: Readonly<Partial<Record<BetId, number>>> = {
  playerPair: 60,
  bankerPair: 60,
  luckySix: 50,
  playerNatural: 50,
  bankerNatural: 50,
};

export function isOffered(variant: Variant, bet: BetId, round: number): boolean {
  if (!betsOf(variant).includes(bet)) return false;
  const last = LAST_ROUND[bet];
  return variant === "quick" || last === undefined || round <= last;
}

const odds = (win: number, per = 1): Odds => ({ win, per });

/** Every payout of the game, "to 1". A push is 0:1: the stake comes back, nothing more. */
export const PAYOUTS = {
  push: odds(0),
  evenMoney: odds(1),
  bankerCommission: odds(19, 20),
  noCommissionBankerSix: odds(1, 2),
  tie: odds(8),
  pair: odds(11),
  luckySixTwoCards: odds(12),
  luckySixThreeCards: odds(20),
  natural: odds(7, 2),
} as const;

/** The variants dealt at live tables (the quick game is not). */
export type LiveVariant = Exclude<Variant, "quick">;

type PayoutName = keyof typeof PAYOUTS;

/** The bets both variants pay alike: all but the Banker. */
const SHARED_PAYOUTS = {
  player: ["evenMoney", "push"],
  tie: ["tie"],
  playerPair: ["pair"],
  bankerPair: ["pair"],
  luckySix: ["luckySixTwoCards", "luckySixThreeCards"],
  playerNatural: ["natural"],
  bankerNatural: ["natural"],
} as const satisfies Readonly<Record<Exclude<BetId, "banker">, readonly PayoutName[]>>;

/**
 * The odds each bet can pay (docs/rules/baccarat.md, Payouts), per live variant: what a table's
 * definition announces and what its page prints on each spot.
 */
export const PAYOUTS_OF: Readonly<
  Record<LiveVariant, Readonly<Record<BetId, readonly PayoutName[]>>>
> = {
  commission: { ...SHARED_PAYOUTS, banker: ["bankerCommission", "push"] },
  "no-commission": { ...SHARED_PAYOUTS, banker: ["evenMoney", "noCommissionBankerSix", "push"] },
};

/** The odds a bet is paid at for an outcome code, or null when it loses. */
export function payoutOdds(variant: Variant, bet: BetId, code: number): Odds | null {
  const player = playerTotalOf(code);
  const banker = bankerTotalOf(code);
  switch (bet) {
    case "player":
      return player > banker ? PAYOUTS.evenMoney : player === banker ? PAYOUTS.push : null;
    case "banker":
      if (banker < player) return null;
      if (banker === player) return PAYOUTS.push;
      if (variant === "commission") return PAYOUTS.bankerCommission;
      return variant === "no-commission" && banker === 6
        ? PAYOUTS.noCommissionBankerSix
        : PAYOUTS.evenMoney;
    case "tie":
      return player === banker ? PAYOUTS.tie : null;
    case "playerPair":
      return hasPlayerPair(code) ? PAYOUTS.pair : null;
    case "bankerPair":
      return hasBankerPair(code) ? PAYOUTS.pair : null;
    case "luckySix": {
      const cards = bankerSixCardsOf(code);
      return cards === 2
        ? PAYOUTS.luckySixTwoCards
        : cards === 3
          ? PAYOUTS.luckySixThreeCards
          : null;
    }
    case "playerNatural":
      return hasPlayerNatural(code) ? PAYOUTS.natural : null;
    case "bankerNatural":
      return hasBankerNatural(code) ? PAYOUTS.natural : null;
  }
}

/** A stake on one bet, in minor units. */
export interface Bet {
  readonly bet: BetId;
  readonly stake: number;
}

export interface Settlement extends Bet {
  /** What goes back to the player, stake included (0 when the bet loses). */
  readonly returned: number;
  /** `returned - stake`. */
  readonly net: number;
}

export function settleBet(
  variant: Variant,
  { bet, stake }: Bet,
  outcome: RoundOutcome,
): Settlement {
  const paid = payoutOdds(variant, bet, outcome.code);
  const returned = paid === null ? 0 : stake + winnings(stake, paid);
  return { bet, stake, returned, net: returned - stake };
}

/** Settles every bet of a round, each once, in the order given. */
export function settle(
  variant: Variant,
  bets: readonly Bet[],
  outcome: RoundOutcome,
): Settlement[] {
  return bets.map((bet) => settleBet(variant, bet, outcome));
}
