import { jokerBlackjackOutcomeSchema, RULE } from "@fuda/contracts";
import type { JokerBlackjackOutcome } from "@fuda/contracts";
import { jokerBlackjack } from "@fuda/rules";
import type { TableDetail } from "~/game-api";
import type { TableRound } from "~/components/table";
import type { TableEvent } from "~/table-stream";
import type { Translate } from "~/i18n/translate";
import type { ApiError } from "~/relay-api";

// What the joker blackjack table reads of `tables.get` and of its events, as plain functions
// (docs/live-tables.md, Seats and Decisions; docs/rules/joker-blackjack.md).

export type RoundSeat = TableRound["seats"][number];
export type PublicHand = RoundSeat["hands"][number];
export type Pending = NonNullable<TableRound["pending"]>;
export type SeatTaken = TableDetail["seats"][number];

/** The actions a seat may be offered, in the order the rules list them. */
export const ACTIONS = jokerBlackjack.PLAYER_ACTIONS;
export type Action = jokerBlackjack.PlayerAction;

/** A card's place in a hand: `seat-3.2-1` is seat 3's second hand, its first card. */
const HAND_CARD = /^seat-(\d+)\.(\d+)-(\d+)$/;

/** The seat, hand and card index a position names (`seat-3.1-2`), with that hand's total. */
function handCard(
  position: string,
  totals: Readonly<Record<string, number>>,
): { seat: number; hand: number; index: number; total: number | undefined } | null {
  const place = HAND_CARD.exec(position);
  if (place === null) return null;
  const [seat, hand, index] = [Number(place[1]), Number(place[2]) - 1, Number(place[3]) - 1];
  return { seat, hand, index, total: totals[`seat-${seat}.${hand + 1}`] };
}

const emptyHand = (): PublicHand => ({
  cards: [],
  total: 0,
  stake: 0,
  returned: 0,
  settled: false,
});

/** The round's outcome (`round.result`, `tables.get`), or null before there is one. */
export function outcomeOf(outcome: unknown): JokerBlackjackOutcome | null {
  const parsed = jokerBlackjackOutcomeSchema.safeParse(outcome);
  return parsed.success ? parsed.data : null;
}

/** The round's seats with `seat`'s entry changed by `change` (made when it is not there yet). */
function withSeat(
  seats: readonly RoundSeat[],
  seat: number,
  change: (entry: RoundSeat) => RoundSeat,
): RoundSeat[] {
  const found = seats.find((entry) => entry.seat === seat);
  const changed = change(found ?? { seat, hands: [emptyHand()], returned: 0 });
  return [...seats.filter((entry) => entry.seat !== seat), changed].sort((a, b) => a.seat - b.seat);
}

function withSeatTaken(seats: readonly SeatTaken[], taken: SeatTaken): SeatTaken[] {
  return [...seats.filter((entry) => entry.seat !== taken.seat), taken].sort(
    (a, b) => a.seat - b.seat,
  );
}

/**
 * The state after one more event of a seated table, on top of the shared events
 * (`applyTableEvent`): who sits where, whose turn it is and until when, each seat's hands as
 * cards, actions and settlements come, and the round's final seats with its result.
 */
export function applyJokerBlackjackEvent(state: TableDetail, event: TableEvent): TableDetail {
  switch (event.type) {
    case "seat.taken":
    case "seat.leaving": {
      const { seat, playerId, name } = event.payload;
      const taken = { seat, playerId, name, leaving: event.type === "seat.leaving" };
      return { ...state, seats: withSeatTaken(state.seats, taken) };
    }
    case "seat.left": {
      const { seat } = event.payload;
      return { ...state, seats: state.seats.filter((entry) => entry.seat !== seat) };
    }
    default:
      break;
  }
  const round = state.round;
  if (round?.id === undefined || round.id !== event.roundId) return state;
  switch (event.type) {
    case "turn.started": {
      const { seat, hand, kind, actions, onTimeout, actsBy } = event.payload;
      const pending: Pending = { seat, hand, kind, actions, onTimeout, actsBy: actsBy ?? null };
      return { ...state, round: { ...round, pending } };
    }
    case "action.taken": {
      const { seat, hands } = event.payload;
      if (hands.length === 0) return { ...state, round: { ...round, pending: null } };
      return {
        ...state,
        round: {
          ...round,
          pending: null,
          seats: withSeat(round.seats, seat, (entry) => ({ ...entry, hands })),
        },
      };
    }
    case "card.dealt": {
      const { position, card, totals } = event.payload;
      const place = handCard(position, totals);
      if (place === null) return state;
      const { seat, hand, index, total } = place;
      return {
        ...state,
        round: {
          ...round,
          seats: withSeat(round.seats, seat, (entry) => {
            const hands = [...entry.hands];
            while (hands.length <= hand) hands.push(emptyHand());
            const cards = [...hands[hand]!.cards];
            cards[index] = card;
            hands[hand] = { ...hands[hand]!, cards, total: total ?? hands[hand]!.total };
            return { ...entry, hands };
          }),
        },
      };
    }
    case "card.withdrawn": {
      // A studio dealer took back a seat's last card (the dealer's own are the shared cards).
      const place = handCard(event.payload.position, event.payload.totals);
      if (place === null) return state;
      const { seat, hand, index, total } = place;
      return {
        ...state,
        round: {
          ...round,
          seats: round.seats.map((entry) =>
            entry.seat !== seat
              ? entry
              : {
                  ...entry,
                  hands: entry.hands.map((held, h) =>
                    h !== hand
                      ? held
                      : {
                          ...held,
                          cards: held.cards.slice(0, index),
                          total: total ?? held.total,
                        },
                  ),
                },
          ),
        },
      };
    }
    case "hand.settled": {
      const { seat, hand, bet, kind, amount } = event.payload;
      const onHand = bet === "hand" && (kind === "settle" || kind === "topUp");
      return {
        ...state,
        round: {
          ...round,
          seats: withSeat(round.seats, seat, (entry) => ({
            ...entry,
            returned: entry.returned + amount,
            hands: entry.hands.map((held, h) =>
              h !== hand || bet !== "hand"
                ? held
                : {
                    ...held,
                    returned: held.returned + (onHand ? amount : 0),
                    settled: held.settled || kind === "settle",
                  },
            ),
          })),
        },
      };
    }
    case "round.result": {
      const outcome = outcomeOf(event.payload.outcome);
      return {
        ...state,
        round: {
          ...round,
          pending: null,
          seats:
            outcome === null
              ? round.seats
              : outcome.seats.map(({ seat, hands, returned }) => ({ seat, hands, returned })),
        },
      };
    }
    default:
      return state;
  }
}

/** The dealer's cards shown, in order: the up card, the hole card once turned, the draws. */
export function dealerCards(round: TableRound | null): number[] {
  return (round?.cards ?? [])
    .filter((card) => card.position.startsWith("dealer-"))
    .sort((a, b) => Number(a.position.slice(7)) - Number(b.position.slice(7)))
    .map((card) => card.card);
}

/**
 * The seat that acts last: the highest seat of the round being dealt, else the highest taken seat
 * (docs/rules/joker-blackjack.md, Table and shoe); null when nobody sits.
 */
export function lastSeatOf(state: TableDetail): number | null {
  const round = state.round;
  const inRound = round?.phase === "dealing" ? round.seats : [];
  const seats = inRound.length > 0 ? inRound : state.seats;
  return seats.length === 0 ? null : Math.max(...seats.map((entry) => entry.seat));
}

/** What a hand got back in words' terms: won, pushed, lost, half back, or not yet settled. */
export type HandResult = "win" | "push" | "lose" | "half" | null;

export function handResult(hand: PublicHand, roundOver: boolean): HandResult {
  if (!hand.settled && !roundOver) return null;
  if (hand.returned === 0) return "lose";
  if (hand.returned > hand.stake) return "win";
  if (hand.returned === hand.stake) return "push";
  return "half";
}

/** Every settlement reason (docs/rules/joker-blackjack.md, Settlement records): its message key. */
export const REASON_KEYS: Readonly<Record<string, string>> = {
  win: "win",
  lose: "lose",
  push: "push",
  blackjack: "blackjack",
  "even money": "evenMoney",
  insurance: "insurance",
  surrender: "surrender",
  "dealing mistake": "dealingMistake",
  joker: "joker",
  "last-seat restore": "lastSeatRestore",
  "last-seat bonus": "lastSeatBonus",
  "forced push": "forcedPush",
  "Pure BJ": "pureBj",
  "678": "p678",
  "Flush 678": "flush678",
  "Three 7s": "three7s",
  "Flush three 7s": "flushThree7s",
  "6-under": "sixUnder",
  "7-under": "sevenUnder",
  "A to 6": "aTo6",
  "Perfect Smile": "perfectSmile",
  "Last of Joker": "lastOfJoker",
};

/** Reasons that only restate a hand's result line ("Won · 20 back"): not listed beside it. */
export const RESULT_REASONS: ReadonlySet<string> = new Set(["win", "lose", "push"]);

/** The reasons called out as they happen: the premiums and the joker's effects. */
export const CALLOUTS: ReadonlySet<string> = new Set([
  "joker",
  "last-seat restore",
  "last-seat bonus",
  "forced push",
  "blackjack",
  "Pure BJ",
  "678",
  "Flush 678",
  "Three 7s",
  "Flush three 7s",
  "6-under",
  "7-under",
  "A to 6",
  "Perfect Smile",
  "Last of Joker",
]);

/**
 * The dealer's result in words, `t` scoped to `jokerBlackjack`: Joker, Blackjack, Bust, or the
 * total stood on. Empty for anything else (no result yet).
 */
export function dealerWords(result: unknown, t: Translate): string {
  if (result === "joker" || result === "blackjack" || result === "bust") {
    return t(`dealer.${result}`);
  }
  return typeof result === "number" ? t("dealer.total", { total: result }) : "";
}

/** The API's rule for a refused seat or action (docs/live-tables.md, Seats and Decisions). */
export function refusalWords(
  error: ApiError | undefined,
): "late" | "notYourTurn" | "taken" | "other" {
  switch (error?.data?.details?.rule) {
    case RULE.TIMER_ENDED:
      return "late";
    case RULE.NOT_YOUR_TURN:
    case RULE.NOT_YOUR_SEAT:
      return "notYourTurn";
    case RULE.SEAT_TAKEN:
    case RULE.MAX_SEATS:
    case RULE.ALREADY_SEATED:
      return "taken";
    default:
      return "other";
  }
}
