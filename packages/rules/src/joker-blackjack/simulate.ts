import type { Rng } from "@fuda/shoe";
import {
  HmacDrbg,
  JOKER,
  blackjackShoe,
  endRound,
  newShoe,
  reshuffle,
  startRound,
} from "@fuda/shoe";

import { POINT } from "../money";

import type { PayTable } from "./pay-table";
import { PREMIUM_NAMES } from "./premiums";
import type { PremiumName } from "./premiums";
import { nextDealerStep } from "./dealer";
import { applyInPlace, createRound } from "./round";
import { basicStrategy } from "./strategy";
import { DEFAULT_CONFIG } from "./types";
import type { DealerEvent, PlayerEvent, RoundState, SeatEntry, Settlement } from "./types";

export interface SimulationOptions {
  rounds: number;
  /** Hex server seed of the HMAC-SHA256 DRBG: the same seed, the same report. */
  seed: string;
  /** Occupied seats, all betting every round. Default 7. */
  seats?: number;
  decks?: number;
  jokers?: number;
  /** Cut card this many cards from the end. Default 78 (1.5 decks of 52). */
  cutCardFromEnd?: number;
  /** Points each player holds when sitting down (a new player sits at each new shoe). */
  sitDownPoints?: number;
  /** The shuffling randomness; default the HMAC-SHA256 DRBG keyed by `seed`. */
  rng?: Rng;
  /** The table's pay table; default the rule book's. */
  payTable?: PayTable;
  /**
   * Called with the rounds played so far every `progressEvery` rounds (default 1 000) and once
   * at the end: a long run in the background reports how far it is.
   */
  onProgress?: (roundsPlayed: number) => void;
  progressEvery?: number;
}

/** How often something happened and what it returned per unit staked. */
export interface Frequency {
  /** Per bet dealt (one seat in one round), or per round where named so. */
  frequency: number;
  /** Its share of the RTP: amount returned per unit staked. */
  rtp: number;
}

export interface SimulationReport {
  game: "joker-blackjack";
  rounds: number;
  seats: number;
  decks: number;
  jokers: number;
  /** Bets dealt: seats × rounds. */
  bets: number;
  /** Returned per unit staked (stake included), doubles and splits counted as staked. */
  rtp: number;
  stdErr: number;
  /** Each premium that paid (including top-ups after a joker), per bet dealt. */
  premiums: Record<PremiumName, Frequency>;
  jokerEvents: {
    /** A player's joker paid 2× (per bet dealt). */
    player: Frequency;
    /** The last seat's extra effect, per bet dealt at the last seat. */
    lastSeatRestore: Frequency;
    lastSeatBonus: Frequency;
    /** The dealer's joker as up card / as hole card or later, per round. */
    dealerUpCard: { frequency: number };
    dealerLater: { frequency: number };
  };
  /** Bets returned by a dealer joker, per bet dealt; and rounds with at least one. */
  forcedPush: Frequency & { roundFrequency: number };
  /** Every other settlement reason, per bet dealt. */
  outcomes: Record<string, Frequency>;
}

/**
 * The run behind a table's theoretical return, in the portal's pay-table form and on the returns
 * dashboard alike: at the rule book's pay table one standard error is about 0.22 % of RTP, so the
 * 95 % band is about ±0.45 %, in a second or two. One seed for every run: two pay tables meet the
 * same shoes, so their difference is sharper.
 */
export const THEORY_RUN = { rounds: 100_000, seed: "01" } as const;

const DEALER_STEP: Record<"deal" | "reveal" | "draw", DealerEvent> = {
  deal: { type: "deal" },
  reveal: { type: "reveal" },
  draw: { type: "draw" },
};

/** Plays full rounds until the round is over, basic strategy for every seat. */
function playRound(
  state: RoundState,
  tally: (settlements: readonly Settlement[]) => void,
): RoundState {
  for (;;) {
    const step = nextDealerStep(state);
    let event: DealerEvent | PlayerEvent;
    if (step !== null) event = DEALER_STEP[step];
    else if (state.phase === "over") return state;
    else event = { type: basicStrategy(state), seat: state.seats[state.turn]!.seat };
    const result = applyInPlace(state, event);
    state = result.state;
    if (result.settlements.length > 0) tally(result.settlements);
  }
}

/**
 * The table of docs/rules/joker-blackjack.md: 6 decks + 1 joker, cut card 1.5 decks from the
 * end, dealer stands on soft 17, seven seats playing basic strategy with the joker counted to
 * make 21.
 */
export function simulate(options: SimulationOptions): SimulationReport {
  const { rounds, seed, seats = 7, decks = 6, jokers = 1, cutCardFromEnd = 78 } = options;
  const { onProgress, progressEvery = 1_000 } = options;
  const config =
    options.payTable === undefined
      ? DEFAULT_CONFIG
      : { ...DEFAULT_CONFIG, payTable: options.payTable };
  const stake = POINT;
  const sitDown = (options.sitDownPoints ?? 100) * POINT;
  const rng = options.rng ?? new HmacDrbg({ serverSeed: seed });
  const shoe = newShoe({
    cards: blackjackShoe(decks, jokers),
    rng,
    cutCard: { minFromEnd: cutCardFromEnd, maxFromEnd: cutCardFromEnd },
  });
  const balances = new Array<number>(seats).fill(sitDown - stake);
  const counts = new Map<string, number>();
  const amounts = new Map<string, number>();
  /** The round in progress (written by `tally`). */
  const current = { returned: 0 };
  const tally = (settlements: readonly Settlement[]): void => {
    for (const s of settlements) {
      const key = s.reason;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      amounts.set(key, (amounts.get(key) ?? 0) + s.amount);
      current.returned += s.amount;
    }
  };
  let staked = 0;
  let returned = 0;
  let sumSquares = 0;
  let sumCross = 0;
  let sumStakedSquares = 0;
  let dealerUpCard = 0;
  let dealerLater = 0;
  let forcedPushRounds = 0;
  for (let round = 0; round < rounds; round++) {
    if (onProgress !== undefined && round > 0 && round % progressEvery === 0) onProgress(round);
    if (shoe.finished) {
      reshuffle(shoe, rng);
      balances.fill(sitDown - stake);
    }
    startRound(shoe);
    const entries: SeatEntry[] = balances.map((balance, i) => ({
      seat: i + 1,
      player: `seat ${i + 1}`,
      stake,
      sitDownBalance: sitDown,
      balance,
    }));
    current.returned = 0;
    const forcedPushesBefore = counts.get("forced push") ?? 0;
    const state = playRound(createRound(config, entries, shoe), tally);
    shoe.position = state.position;
    if (shoe.cutIndex >= 0 && state.position > shoe.cutIndex) shoe.cutCardReached = true;
    endRound(shoe);
    let roundStaked = 0;
    state.seats.forEach((seat, i) => {
      for (const hand of seat.hands) roundStaked += hand.stake;
      roundStaked += seat.insurance;
      balances[i] = seat.holdings - stake;
    });
    if (state.dealer[0] === JOKER) dealerUpCard++;
    else if (state.holeRevealed && state.dealer.includes(JOKER)) dealerLater++;
    if ((counts.get("forced push") ?? 0) > forcedPushesBefore) forcedPushRounds++;
    // In points, so the sums of squares stay far from float trouble.
    const r = current.returned / POINT;
    const s = roundStaked / POINT;
    returned += r;
    staked += s;
    sumSquares += r * r;
    sumCross += r * s;
    sumStakedSquares += s * s;
  }
  onProgress?.(rounds);
  const rtp = returned / staked;
  const residual = sumSquares - 2 * rtp * sumCross + rtp * rtp * sumStakedSquares;
  const stdErr = Math.sqrt((Math.max(residual, 0) * rounds) / Math.max(rounds - 1, 1)) / staked;
  const bets = rounds * seats;
  const per = (key: string, denominator = bets): Frequency => ({
    frequency: (counts.get(key) ?? 0) / denominator,
    rtp: (amounts.get(key) ?? 0) / POINT / staked,
  });
  const premiums = Object.fromEntries(PREMIUM_NAMES.map((name) => [name, per(name)])) as Record<
    PremiumName,
    Frequency
  >;
  const special = new Set<string>([
    ...PREMIUM_NAMES,
    "joker",
    "last-seat restore",
    "last-seat bonus",
    "forced push",
  ]);
  const outcomes: Record<string, Frequency> = {};
  for (const key of [...counts.keys()].sort()) if (!special.has(key)) outcomes[key] = per(key);
  return {
    game: "joker-blackjack",
    rounds,
    seats,
    decks,
    jokers,
    bets,
    rtp,
    stdErr,
    premiums,
    jokerEvents: {
      player: per("joker"),
      lastSeatRestore: per("last-seat restore", rounds),
      lastSeatBonus: per("last-seat bonus", rounds),
      dealerUpCard: { frequency: dealerUpCard / rounds },
      dealerLater: { frequency: dealerLater / rounds },
    },
    forcedPush: { ...per("forced push"), roundFrequency: forcedPushRounds / rounds },
    outcomes,
  };
}
