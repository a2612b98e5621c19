/**
 * A settled round's outcome in the game's own words, for an operator reading a round's record.
 * The outcome is the JSON the rules package wrote (baccarat `RoundOutcome`, Pok Deng
 * `PokDengOutcome`, joker blackjack `JokerBlackjackOutcome`); it is read defensively: a shape
 * this code does not know yields no words and the raw view stays the only one.
 */
import { formatPoints } from "@fuda/ui";

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "Banker wins 7–5, natural · Player pair" (docs/rules/baccarat.md). */
function baccaratWords(outcome: Fields): string[] | null {
  const { winner, playerTotal, bankerTotal } = outcome;
  if (typeof playerTotal !== "number" || typeof bankerTotal !== "number") return null;
  if (winner !== "player" && winner !== "banker" && winner !== "tie") return null;
  const natural = outcome.playerNatural === true || outcome.bankerNatural === true;
  const result =
    winner === "tie"
      ? `Tie ${playerTotal}–${bankerTotal}`
      : winner === "banker"
        ? `Banker wins ${bankerTotal}–${playerTotal}`
        : `Player wins ${playerTotal}–${bankerTotal}`;
  const extras = [
    outcome.playerPair === true ? "Player pair" : null,
    outcome.bankerPair === true ? "Banker pair" : null,
    outcome.bankerSixCards === 2 || outcome.bankerSixCards === 3
      ? `Lucky Six on ${outcome.bankerSixCards} cards`
      : null,
  ].filter((extra) => extra !== null);
  return [`${result}${natural ? ", natural" : ""}`, ...extras];
}

const POK_DENG_RESULTS: Record<string, string> = {
  win1to1: "wins 1:1",
  win2to1: "wins 2:1",
  tie: "ties",
  lose1to1: "loses 1:1",
  lose2to1: "loses 2:1",
};

/** A Pok Deng score (points × 10, special hands 71–75) as the table says it: 8, 7.5. */
const pokDengScore = (score: number) => String(score / 10);

/** One line per Player N seat against the Banker (docs/rules/pok-deng.md). */
function pokDengWords(outcome: Fields): string[] | null {
  const { seats, bankerScore } = outcome;
  if (!Array.isArray(seats) || typeof bankerScore !== "number") return null;
  const banker = pokDengScore(bankerScore);
  const lines = seats.map((seat: unknown) => {
    if (!isFields(seat) || typeof seat.seat !== "number" || typeof seat.score !== "number") {
      return null;
    }
    const result = POK_DENG_RESULTS[String(seat.outcome)] ?? String(seat.outcome);
    const pair = seat.pair === true ? ", pair" : "";
    return `Player ${seat.seat} ${result}: ${pokDengScore(seat.score)} v Banker ${banker}${pair}`;
  });
  return lines.every((line) => line !== null) ? [`Banker ${banker}`, ...lines] : null;
}

/** Card codes as the table shows them ("A♠ J♠"), through the record's own labels. */
type CardText = (card: number) => string;

/** The dealer's result, then each seat's hands (docs/rules/joker-blackjack.md). */
function jokerBlackjackWords(outcome: Fields, cardText: CardText): string[] | null {
  const { dealer, seats } = outcome;
  if (!isFields(dealer) || !Array.isArray(dealer.cards) || !Array.isArray(seats)) return null;
  const cards = (list: unknown[]) => list.map((card) => cardText(Number(card))).join(" ");
  const result = dealer.result;
  const dealerLine =
    seats.length === 0
      ? "No seat played: nothing dealt"
      : result === null
        ? "Dealer's hole card not revealed"
        : result === "joker"
          ? "Dealer drew the joker: every open bet pushed"
          : result === "blackjack"
            ? "Dealer blackjack"
            : result === "bust"
              ? "Dealer busts"
              : `Dealer ${typeof result === "number" ? result : "?"}`;
  const lines = [`${dealerLine}${dealer.cards.length > 0 ? ` (${cards(dealer.cards)})` : ""}`];
  for (const seat of seats as unknown[]) {
    if (!isFields(seat) || !Array.isArray(seat.hands)) return null;
    const hands = seat.hands as unknown[];
    hands.forEach((hand, index) => {
      if (!isFields(hand) || !Array.isArray(hand.cards)) return;
      // A split seat's hands are named as the positions name them: seat 3.1, seat 3.2.
      const name = hands.length > 1 ? `.${index + 1}` : "";
      lines.push(
        `Seat ${String(seat.seat)}${name}: ${cards(hand.cards)} (${String(hand.total)}), ` +
          `stake ${formatPoints(Number(hand.stake))} → returned ${formatPoints(Number(hand.returned))}`,
      );
    });
    if (typeof seat.insurance === "number" && seat.insurance > 0) {
      lines.push(`Seat ${String(seat.seat)} insurance ${formatPoints(seat.insurance)}`);
    }
  }
  return lines;
}

/**
 * The outcome of a round of `game` in words, one line each (the result first), or null when the
 * round has none yet or its shape is not one of the games'.
 */
export function outcomeWords(game: string, outcome: unknown, cardText: CardText): string[] | null {
  if (!isFields(outcome)) return null;
  switch (game) {
    case "baccarat":
    case "quick-baccarat":
      return baccaratWords(outcome);
    case "pok-deng":
      return pokDengWords(outcome);
    case "joker-blackjack":
      return jokerBlackjackWords(outcome, cardText);
    default:
      return null;
  }
}

/** A position as the table names it: `player-1` → "Player 1", `seat-3.1-2` → "Seat 3.1 card 2". */
export function positionWords(position: string): string {
  const seatCard = /^seat-(\d+(?:\.\d+)?)-(\d+)$/.exec(position);
  if (seatCard) return `Seat ${seatCard[1]} card ${seatCard[2]}`;
  const hand = /^([a-z]+)-(\d+)$/.exec(position);
  if (hand) return `${capitalized(hand[1]!)} ${hand[2]}`;
  return position;
}
