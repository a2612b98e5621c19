/**
 * The quick game (docs/rules/quick-baccarat.md) as pure state transitions a UI can drive: each
 * takes a game and returns a new one (or the violations that refuse the step); the game passed
 * in never changes.
 */
import type { Rng, Shoe } from "@fuda/shoe";
import { draw, endRound, newShoe, quickGameDeck, reshuffleIfShort, startRound } from "@fuda/shoe";

import { POINT } from "../money";
import type { BetId, Settlement } from "./bets";
import { BET_NAMES, settle } from "./bets";
import type { RoundOutcome } from "./hand";
import { dealRound } from "./hand";
import { ROUND_MAX_CARDS } from "./simulate";
import type { Violation, ViolationRule } from "./validate";
import { validateBets } from "./validate";

/** A player starts, and starts over, with 50 points (docs/rules/quick-baccarat.md, The game). */
export const QUICK_START_BALANCE = 50 * POINT;

/** One click on a spot adds one point. */
export const QUICK_CLICK = POINT;

export type QuickSpot = "playerPair" | "player" | "tie" | "banker" | "bankerPair";

/** Betting: spots take points. Dealt: the hand is shown and settled until Next. */
export type QuickPhase = "betting" | "dealt";

export interface QuickHand {
  readonly outcome: RoundOutcome;
  readonly settlements: readonly Settlement[];
}

export interface QuickGame {
  /** Points held, in minor units, not counting the points on the spots. */
  readonly balance: number;
  /** Points on each spot this round, in minor units (0 for an empty spot). */
  readonly bets: Readonly<Record<QuickSpot, number>>;
  readonly phase: QuickPhase;
  /** The 520-card shoe; replaced, never changed, by each deal. */
  readonly shoe: Shoe;
  /** The hand last dealt, shown until the next deal. */
  readonly lastHand: QuickHand | null;
  readonly handsDealt: number;
}

export type QuickStep =
  | { readonly ok: true; readonly game: QuickGame }
  | { readonly ok: false; readonly violations: readonly Violation[] };

const NO_BETS: Readonly<Record<QuickSpot, number>> = {
  playerPair: 0,
  player: 0,
  tie: 0,
  banker: 0,
  bankerPair: 0,
};

/** The spots from left to right (docs/rules/quick-baccarat.md, Spots and payouts). */
export const QUICK_SPOTS: readonly QuickSpot[] = [
  "playerPair",
  "player",
  "tie",
  "banker",
  "bankerPair",
];

export function newQuickGame(rng: Rng): QuickGame {
  return {
    balance: QUICK_START_BALANCE,
    bets: NO_BETS,
    phase: "betting",
    shoe: newShoe({ cards: quickGameDeck(), rng }),
    lastHand: null,
    handsDealt: 0,
  };
}

const ok = (game: QuickGame): QuickStep => ({ ok: true, game });
const refused = (bet: BetId | null, rule: ViolationRule, message: string): QuickStep => ({
  ok: false,
  violations: [{ bet, rule, message: bet === null ? message : `${BET_NAMES[bet]}: ${message}` }],
});
const staked = (bets: Readonly<Record<QuickSpot, number>>): number =>
  QUICK_SPOTS.reduce((sum, spot) => sum + bets[spot], 0);

function betsOn(bets: Readonly<Record<QuickSpot, number>>) {
  return QUICK_SPOTS.filter((spot) => bets[spot] > 0).map((spot) => ({
    bet: spot,
    stake: bets[spot],
  }));
}

/** A click on a spot: one more point on it, if the rules allow. */
export function addPoint(game: QuickGame, spot: QuickSpot): QuickStep {
  if (game.phase !== "betting")
    return refused(spot, "WRONG_PHASE", "press Next before betting again");
  const bets = { ...game.bets, [spot]: game.bets[spot] + QUICK_CLICK };
  // The balance check counts every point on the spots against what was held before betting.
  const violations = validateBets({
    variant: "quick",
    bets: betsOn(bets),
    balance: game.balance + staked(game.bets),
  });
  if (violations.length > 0) return { ok: false, violations };
  return ok({ ...game, bets, balance: game.balance - QUICK_CLICK });
}

/** Undo: every point bet this round goes back to the balance. */
export function undo(game: QuickGame): QuickStep {
  if (game.phase !== "betting")
    return refused(null, "WRONG_PHASE", "Undo only takes back bets before the deal");
  return ok({ ...game, bets: NO_BETS, balance: game.balance + staked(game.bets) });
}

/** Deal: reshuffle all 520 cards when fewer than a round can need remain, deal and settle. */
export function deal(game: QuickGame, rng: Rng): QuickStep {
  if (game.phase !== "betting")
    return refused(null, "WRONG_PHASE", "press Next before dealing again");
  const bets = betsOn(game.bets);
  if (bets.length === 0) return refused(null, "NO_BETS", "place at least one point before dealing");
  const shoe = copyShoe(game.shoe);
  reshuffleIfShort(shoe, rng, ROUND_MAX_CARDS);
  startRound(shoe);
  const outcome = dealRound(() => draw(shoe));
  endRound(shoe);
  const settlements = settle("quick", bets, outcome);
  const returned = settlements.reduce((sum, { returned }) => sum + returned, 0);
  return ok({
    ...game,
    shoe,
    phase: "dealt",
    balance: game.balance + returned,
    lastHand: { outcome, settlements },
    handsDealt: game.handsDealt + 1,
  });
}

/** Next: clears the spots for a new round. */
export function next(game: QuickGame): QuickStep {
  if (game.phase !== "dealt") return refused(null, "WRONG_PHASE", "Next follows a deal");
  return ok({ ...game, phase: "betting", bets: NO_BETS });
}

/** Start over: back to 50 points, only once every point is gone. */
export function startOver(game: QuickGame): QuickStep {
  // Once dealt, the spots' points are settled: the flag works straight after a losing deal.
  const onSpots = game.phase === "betting" ? staked(game.bets) : 0;
  if (game.balance > 0 || onSpots > 0) {
    return refused(null, "STILL_HAS_POINTS", "start over only when no points are left");
  }
  return ok({ ...game, phase: "betting", bets: NO_BETS, balance: QUICK_START_BALANCE });
}

function copyShoe(shoe: Shoe): Shoe {
  return {
    ...shoe,
    cards: shoe.cards.slice(),
    burned: shoe.burned.slice(),
    roundStarts: shoe.roundStarts.slice(),
    salt: shoe.salt.slice(),
    cutCard: shoe.cutCard === null ? null : { ...shoe.cutCard },
  };
}
