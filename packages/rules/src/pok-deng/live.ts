/** Pok Deng at a live table as a game definition (docs/rules/live-tables.md, Game definitions). */
import { standardDecks } from "@fuda/shoe";

import type { BetSpec, GameDefinition, LiveBet, Refusal, RefusalCode } from "../live/definition";
import { dealingOf, pointsOf } from "../live/reveal";
import type { Odds } from "../money";
import type { BetViolationRule, PokDengBet, PokDengBetId } from "./bets";
import { PAIR_RETURN, POK_DENG_BET_IDS, reservedFor, settleBet, validateBets } from "./bets";
import { dealRoundAt, POK_DENG_DECKS } from "./deal";
import { PAIR_BIT, scoreOf } from "./hand";
import type { SeatOutcome } from "./outcome";
import { seatOutcome } from "./outcome";
import type { PokDengRound } from "./round";
import {
  bankerHandCode,
  CARDS_PER_ROUND,
  roundFromDealtCards,
  SEAT_COUNT,
  SEAT_NUMBERS,
  seatHandCode,
} from "./round";
import type { SeatRoadMark } from "./roads";
import { seatRoadMark } from "./roads";

/**
 * Reveal order (docs/rules/pok-deng.md, `REVEAL_ORDER`): Player 1 … 5, then the Banker, each
 * hand's two cards together. `REVEAL_INDEX[k]` is the deal-order index of the k-th card shown.
 */
export const REVEAL_INDEX: readonly number[] = [
  ...SEAT_NUMBERS.map((seat) => seat - 1),
  SEAT_COUNT,
].flatMap((hand) => [hand, hand + SEAT_COUNT + 1]);

const handName = (hand: number): string => (hand === SEAT_COUNT ? "banker" : `seat-${hand + 1}`);

const positions = (cards: readonly number[]): string[] =>
  cards.map(
    (_, k) =>
      `${handName(Math.floor(REVEAL_INDEX[k]! % (SEAT_COUNT + 1)))}-${REVEAL_INDEX[k]! > SEAT_COUNT ? 2 : 1}`,
  );

function roundOf(cards: readonly number[]): PokDengRound {
  const dealt = new Array<number>(CARDS_PER_ROUND);
  cards.forEach((card, k) => (dealt[REVEAL_INDEX[k]!] = card));
  return roundFromDealtCards(dealt);
}

export interface PokDengOutcome {
  readonly seats: readonly {
    readonly seat: number;
    readonly score: number;
    readonly outcome: SeatOutcome;
    readonly pair: boolean;
  }[];
  readonly bankerScore: number;
}

function outcomeOf(cards: readonly number[]): PokDengOutcome {
  const round = roundOf(cards);
  const banker = bankerHandCode(round);
  return {
    seats: SEAT_NUMBERS.map((seat) => {
      const hand = seatHandCode(round, seat);
      return {
        seat,
        score: scoreOf(hand),
        outcome: seatOutcome(hand, banker),
        pair: (hand & PAIR_BIT) !== 0,
      };
    }),
    bankerScore: scoreOf(banker),
  };
}

const REFUSAL: Readonly<
  Record<BetViolationRule, { code: RefusalCode; field: "bet" | "seat" | "amount" | null }>
> = {
  UNKNOWN_BET: { code: "BET_NOT_OFFERED", field: "bet" },
  UNKNOWN_SEAT: { code: "UNKNOWN_SEAT", field: "seat" },
  STAKE_NOT_WHOLE_POINTS: { code: "STAKE_NOT_WHOLE_POINTS", field: "amount" },
  BELOW_MIN: { code: "BELOW_MIN", field: "amount" },
  ABOVE_MAX: { code: "ABOVE_MAX", field: "amount" },
  INSUFFICIENT_BALANCE: { code: "INSUFFICIENT_BALANCE", field: null },
};

const asPokDengBet = ({ bet, seat, amount }: LiveBet): PokDengBet =>
  // Unknown ids and seats pass through as they are: the rules refuse them.
  ({ id: bet as PokDengBetId, seat: seat as PokDengBet["seat"], stake: amount });

const dealing = dealingOf<PokDengOutcome, SeatRoadMark[]>({
  // The round opens, one card is burned, and all 12 are dealt face down, then shown one by one.
  open: (shoe) => dealRoundAt(shoe),
  nextCard: (shoe, round) => shoe.cards[round.first + REVEAL_INDEX[round.cards.length]!]!,
  dealtFaceDown: CARDS_PER_ROUND,
  positions,
  totals(cards) {
    const totals: Record<string, number> = {};
    for (let k = 0; k < cards.length; k += 2) {
      totals[handName(REVEAL_INDEX[k]!)] = pointsOf(cards.slice(k, k + 2));
    }
    return totals;
  },
  isDealt: (cards) => cards.length === CARDS_PER_ROUND,
  outcome: outcomeOf,
  roadMark: (cards) => {
    const round = roundOf(cards);
    return SEAT_NUMBERS.map((seat) => seatRoadMark(round, seat));
  },
});

/** A Player N bet wins 1:1 or 2:1, or pushes (docs/rules/pok-deng.md); its deposit covers a 2:1 loss. */
const SEAT_PAYOUTS: readonly Odds[] = [1, 2, 0].map((win) => ({ win, per: 1 }));

const LABELS: Readonly<Record<PokDengBetId, string>> = { seat: "Player", seatPair: "Player Pair" };

/** The five-seat table (docs/rules/pok-deng.md). */
export function pokDengDefinition(): GameDefinition<PokDengOutcome, SeatRoadMark[]> {
  const bets: BetSpec[] = POK_DENG_BET_IDS.map((id) => ({
    id,
    label: LABELS[id],
    seats: SEAT_NUMBERS,
    payouts: id === "seat" ? SEAT_PAYOUTS : [{ win: PAIR_RETURN - 1, per: 1 }],
    lastRound: null,
  }));
  return {
    game: "pok-deng",
    variant: "five-seat",
    bets,
    shoeCards: () => standardDecks(POK_DENG_DECKS),
    // The Banker's hands and the seats' road go on whether anyone bet or not.
    dealsWithoutBets: true,
    betsOffered: () => POK_DENG_BET_IDS,
    validateBets(slip, { limits, balance = Number.MAX_SAFE_INTEGER }) {
      return validateBets({ bets: slip.map(asPokDengBet), limits, balance }).map(
        ({ bet, rule, message }): Refusal => {
          const { code, field } = REFUSAL[rule];
          return {
            code,
            field: bet === null || field === null ? "bets" : `bets.${bet}.${field}`,
            message,
          };
        },
      );
    },
    reservedFor: (bet) => reservedFor(asPokDengBet(bet)),
    ...dealing,
    settle(round, slip) {
      if (!round.dealt) throw new RangeError(`round ${round.number} is still being dealt`);
      const dealt = roundOf(round.cards);
      return slip.map((bet) => settleBet(asPokDengBet(bet), dealt).returned);
    },
  };
}
