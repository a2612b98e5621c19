/**
 * Joker blackjack at a live table as a game definition (docs/rules/live-tables.md, Game
 * definitions): the engine of this folder driven through the same outer shape as baccarat and
 * Pok Deng, plus the players' decisions between the dealer's steps.
 */
import { blackjackShoe, startRound } from "@fuda/shoe";

import type { Decisions } from "../live/decisions";
import type { BetSpec, GameDefinition, PublicRound } from "../live/definition";
import type { GameEvent } from "../live/events";
import { act, actionStake, correct, timeout } from "./live-decisions";
import { mainPayouts, validateSeatBets } from "./live-bets";
import { asJokerBlackjackRound, newRound } from "./live-round";
import { dealerStep, outcomeOf, seatBettors } from "./live-steps";
import { settleRows, unitReturns } from "./live-settle";
import type { JokerBlackjackOutcome, JokerBlackjackRoadMark } from "./live-view";
import { roadMarkOf, totalsOf } from "./live-view";
import { DEFAULT_PAY_TABLE } from "./pay-table";
import type { PayTable } from "./pay-table";
import type { JokerBlackjackConfig } from "./types";
import { DEFAULT_CONFIG, JOKER_BLACKJACK_BET_IDS } from "./types";

export type { JokerBlackjackOutcome, JokerBlackjackRoadMark } from "./live-view";
export type { JokerBlackjackRound, JokerBlackjackSeat } from "./live-round";
export { jokerBlackjackRefusal } from "./live-bets";

/** A table's shoe, seats (docs/rules/joker-blackjack.md, Table and shoe) and pay table. */
export interface JokerBlackjackTable {
  readonly decks: number;
  readonly jokers: number;
  readonly seatCount: number;
  readonly maxHands: number;
  readonly payTable: PayTable;
}

const SEVEN_SEAT: JokerBlackjackTable = {
  decks: 6,
  jokers: 1,
  seatCount: 7,
  maxHands: 4,
  payTable: DEFAULT_PAY_TABLE,
};

/** The cut card 1.5 decks (78 cards) from the end. */
const CUT_CARD_FROM_END = 78;

type Definition = GameDefinition<
  JokerBlackjackOutcome,
  JokerBlackjackRoadMark,
  GameEvent<JokerBlackjackOutcome, JokerBlackjackRoadMark>
>;

/**
 * The `seven-seat` table: 6 decks + 1 joker, 7 seats and the rule book's pay table unless the
 * table says otherwise. A round keeps the pay table it began with (live-round.ts).
 */
export function jokerBlackjackDefinition(table: Partial<JokerBlackjackTable> = {}): Definition {
  const { decks, jokers, seatCount, maxHands, payTable } = { ...SEVEN_SEAT, ...table };
  const config: JokerBlackjackConfig = { ...DEFAULT_CONFIG, seatCount, maxHands, payTable };
  const seats = Array.from({ length: seatCount }, (_, k) => k + 1);
  const payouts = mainPayouts(payTable);
  const bets: BetSpec[] = [
    { id: "main", label: "Bet", seats, payouts, lastRound: null },
    // docs/rules/joker-blackjack.md, Bet Behind: on a seat another player sits in.
    { id: "behind", label: "Bet Behind", seats, payouts, lastRound: null, behind: true },
  ];
  const decisions: Decisions<JokerBlackjackOutcome, JokerBlackjackRoadMark> = {
    seatBettors: (round, bettors) => seatBettors(config, asJokerBlackjackRound(round), bettors),
    pending: (round) => asJokerBlackjackRound(round).pending,
    actionStake: (round, seat, action) => actionStake(asJokerBlackjackRound(round), seat, action),
    act: (shoe, round, seat, action) =>
      act(config, shoe, asJokerBlackjackRound(round), seat, action),
    timeout: (shoe, round) => timeout(config, shoe, asJokerBlackjackRound(round)),
    correct: (shoe, round, correction) =>
      correct(config, shoe, asJokerBlackjackRound(round), correction),
  };
  const dealt = (round: Parameters<Definition["outcome"]>[0]) => {
    const jbj = asJokerBlackjackRound(round);
    if (!jbj.dealt) throw new RangeError(`round ${round.number} is still being dealt`);
    return jbj;
  };
  return {
    game: "joker-blackjack",
    variant: "seven-seat",
    bets,
    shoeCards: () => blackjackShoe(decks, jokers),
    cutCard: { minFromEnd: CUT_CARD_FROM_END, maxFromEnd: CUT_CARD_FROM_END },
    // docs/rules/live-tables.md, First-card burn: baccarat's and Pok Deng's, not this game's.
    burnsFirstCard: false,
    // docs/rules/joker-blackjack.md, Round flow: the dealer plays only against seats that bet.
    dealsWithoutBets: false,
    betsOffered: () => JOKER_BLACKJACK_BET_IDS,
    validateBets: (slip, context) => validateSeatBets(slip, context, seatCount),
    reservedFor: (bet) => bet.amount,
    startRound(shoe) {
      startRound(shoe);
      return newRound(shoe.round, shoe.position, payTable);
    },
    dealerStep: (shoe, round) => dealerStep(config, shoe, asJokerBlackjackRound(round)),
    isDealt: (round) => round.dealt,
    outcome: (round) => outcomeOf(dealt(round)),
    publicView(round): PublicRound<JokerBlackjackOutcome> {
      const jbj = asJokerBlackjackRound(round);
      return {
        number: jbj.number,
        cards: jbj.cards.map((card, k) => ({ position: jbj.positions[k]!, card })),
        totals: totalsOf(jbj.seats, jbj.dealer),
        outcome: jbj.dealt ? outcomeOf(jbj) : null,
        seats: jbj.seats,
        pending: jbj.pending,
      };
    },
    settle: (round, slip) => settleRows(dealt(round), slip),
    unitReturns: (round) => unitReturns(dealt(round)),
    updateRoad: (road, round) => {
      const jbj = dealt(round);
      return [...road, roadMarkOf(jbj.dealer, jbj.settlements)];
    },
    decisions,
  };
}
