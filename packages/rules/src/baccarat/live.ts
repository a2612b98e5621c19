/** Baccarat at a live table as a game definition (docs/rules/live-tables.md, Game definitions). */
import { draw, standardDecks, startRound } from "@fuda/shoe";

import type { BetSpec, GameDefinition, LiveBet, Refusal, RefusalCode } from "../live/definition";
import { dealingOf, pointsOf } from "../live/reveal";
import type { BetId, LiveVariant } from "./bets";
import {
  BET_IDS,
  BET_NAMES,
  isBetId,
  isOffered,
  LAST_ROUND,
  PAYOUTS,
  PAYOUTS_OF,
  settle,
} from "./bets";
import type { RoundOutcome } from "./hand";
import { bankerDraws, CARD_VALUE, dealtFrom, isNatural, PLAYER_STOOD, playerDraws } from "./hand";
import type { RoadRound } from "./roads";
import type { ViolationRule } from "./validate";
import { validateBets } from "./validate";

const REFUSAL: Readonly<Record<ViolationRule, { code: RefusalCode; field: "bet" | "amount" }>> = {
  BET_NOT_OFFERED: { code: "BET_NOT_OFFERED", field: "bet" },
  BET_CLOSED_AFTER_ROUND: { code: "BET_CLOSED_AFTER_ROUND", field: "bet" },
  STAKE_NOT_WHOLE_POINTS: { code: "STAKE_NOT_WHOLE_POINTS", field: "amount" },
  BELOW_MIN: { code: "BELOW_MIN", field: "amount" },
  ABOVE_MAX: { code: "ABOVE_MAX", field: "amount" },
  EXPOSURE_CAP: { code: "EXPOSURE_CAP", field: "amount" },
  // The quick game's rules: a live slip never breaks them.
  SPOT_MAX: { code: "ABOVE_MAX", field: "amount" },
  PLAYER_AND_BANKER: { code: "BET_NOT_OFFERED", field: "bet" },
  INSUFFICIENT_BALANCE: { code: "INSUFFICIENT_BALANCE", field: "amount" },
  WRONG_PHASE: { code: "BET_NOT_OFFERED", field: "bet" },
  NO_BETS: { code: "BET_NOT_OFFERED", field: "bet" },
  STILL_HAS_POINTS: { code: "BET_NOT_OFFERED", field: "bet" },
};

/** Cards in deal order: Player, Banker, Player, Banker, then the third cards, Player first. */
function isDealt(cards: readonly number[]): boolean {
  if (cards.length < 4) return false;
  const player = (CARD_VALUE[cards[0]!]! + CARD_VALUE[cards[2]!]!) % 10;
  const banker = (CARD_VALUE[cards[1]!]! + CARD_VALUE[cards[3]!]!) % 10;
  if (isNatural(player) || isNatural(banker)) return true;
  if (!playerDraws(player)) return cards.length >= (bankerDraws(banker, PLAYER_STOOD) ? 5 : 4);
  if (cards.length < 5) return false;
  return cards.length >= (bankerDraws(banker, CARD_VALUE[cards[4]!]!) ? 6 : 5);
}

/** Player's cards are the 1st, 3rd and (when the Player drew) 5th; the rest are the Banker's. */
function playerDrewThird(cards: readonly number[]): boolean {
  if (cards.length < 5) return false;
  const player = (CARD_VALUE[cards[0]!]! + CARD_VALUE[cards[2]!]!) % 10;
  return playerDraws(player);
}

const positions = (cards: readonly number[]): string[] =>
  cards.map((_, index) =>
    index < 4
      ? `${index % 2 === 0 ? "player" : "banker"}-${(index >> 1) + 1}`
      : index === 4 && playerDrewThird(cards)
        ? "player-3"
        : "banker-3",
  );

function hands(cards: readonly number[]): { player: number[]; banker: number[] } {
  const player: number[] = [];
  const banker: number[] = [];
  positions(cards).forEach((position, index) =>
    (position.startsWith("player") ? player : banker).push(cards[index]!),
  );
  return { player, banker };
}

function toRefusals(
  bets: readonly LiveBet[],
  violations: ReturnType<typeof validateBets>,
): Refusal[] {
  return violations.map(({ bet, rule, message }) => {
    const { code, field } = REFUSAL[rule];
    const index = bet === null ? -1 : bets.findIndex((placed) => placed.bet === bet);
    return { code, field: index < 0 ? "bets" : `bets.${index}.${field}`, message };
  });
}

const dealing = dealingOf<RoundOutcome, RoadRound>({
  open(shoe) {
    startRound(shoe);
    return shoe.position;
  },
  nextCard: (shoe) => draw(shoe),
  dealtFaceDown: 0,
  positions,
  totals(cards): Record<string, number> {
    const { player, banker } = hands(cards);
    return banker.length === 0
      ? { player: pointsOf(player) }
      : { player: pointsOf(player), banker: pointsOf(banker) };
  },
  isDealt,
  outcome: (cards) => dealtFrom(cards),
  roadMark(cards) {
    const { winner, playerPair, bankerPair } = dealtFrom(cards);
    return { winner, playerPair, bankerPair };
  },
});

export function baccaratDefinition(variant: LiveVariant): GameDefinition<RoundOutcome, RoadRound> {
  const bets: BetSpec[] = BET_IDS.map((id) => ({
    id,
    label: BET_NAMES[id],
    seats: [],
    payouts: PAYOUTS_OF[variant][id].map((name) => PAYOUTS[name]),
    lastRound: LAST_ROUND[id] ?? null,
  }));
  return {
    game: "baccarat",
    variant,
    bets,
    shoeCards: () => standardDecks(8),
    // The road is the table's: every round is dealt, bet on or not.
    dealsWithoutBets: true,
    betsOffered: (round) => BET_IDS.filter((bet) => isOffered(variant, bet, round)),
    validateBets(slip, { round, limits, tableStakes }) {
      const seated: Refusal[] = [];
      slip.forEach(({ bet, seat }, index) => {
        if (seat !== undefined)
          seated.push({
            code: "SEAT_NOT_ALLOWED",
            field: `bets.${index}.seat`,
            message: `${bet}: baccarat bets take no seat, got seat ${seat}`,
          });
      });
      const violations = validateBets({
        variant,
        round,
        limits,
        tableStakes: tableStakes && {
          player: tableStakes.player ?? 0,
          banker: tableStakes.banker ?? 0,
        },
        // Unknown ids pass through as they are: the rules refuse them as not offered.
        bets: slip.map(({ bet, amount }) => ({ bet: bet as BetId, stake: amount })),
      });
      return [...seated, ...toRefusals(slip, violations)];
    },
    reservedFor: (bet) => bet.amount,
    ...dealing,
    settle(round, slip) {
      return settle(
        variant,
        slip.map(({ bet, amount }) => {
          if (!isBetId(bet)) throw new RangeError(`cannot settle "${bet}": not a baccarat bet`);
          return { bet, stake: amount };
        }),
        dealing.outcome(round),
      ).map(({ returned }) => returned);
    },
  };
}
