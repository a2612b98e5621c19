import { formatCard, isCard } from "@fuda/shoe";

import { outcomeWords } from "~/components/round-words";

import { cardFace } from "./card-keys";
import { handOf, handWords, positionWords } from "./position-words";
import styles from "./studio.module.css";

interface StudioCard {
  position: string;
  card: string;
}

/** One card as the table shows it: `TH` "10♥" in red; a card not yet turned face down. */
export function CardFace({ code, big = false }: { code: string; big?: boolean }) {
  const face = cardFace(code);
  const classes = [styles.card, big ? styles.bigCard : "", face.red ? styles.red : ""];
  return (
    <span className={classes.join(" ")} data-card={code}>
      {face.known ? face.label : "▒"}
    </span>
  );
}

/**
 * The round's cards by hand in the order the game dealt them (Player, Banker; each seat, the
 * Banker; each seat's hands, the dealer), each hand with the total the engine gives it.
 */
export function RoundHands({
  cards,
  totals,
  testId = "studio-cards",
}: {
  cards: readonly StudioCard[];
  totals: Readonly<Record<string, number>>;
  testId?: string;
}) {
  if (cards.length === 0) return <p className={styles.muted}>No card dealt yet.</p>;
  const dealt = cards.map((card) => card.position);
  const hands = new Map<string, StudioCard[]>();
  for (const card of cards) {
    const hand = handOf(card.position);
    hands.set(hand, [...(hands.get(hand) ?? []), card]);
  }
  return (
    <ul className={styles.hands} data-testid={testId}>
      {[...hands].map(([hand, held]) => (
        <li key={hand} className={styles.hand}>
          <span className={styles.handName}>{handWords(hand, dealt)}</span>
          <span className={styles.handCards}>
            {held.map((card) => (
              <span
                key={card.position}
                title={positionWords(card.position, dealt)}
                data-position={card.position}
              >
                <CardFace code={card.card} />
              </span>
            ))}
          </span>
          {totals[hand] !== undefined && (
            <span className={styles.total} data-testid="studio-total">
              {totals[hand]}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A card of the engine's outcome (a small integer) as the table prints it. */
const cardText = (card: number) => (isCard(card) ? formatCard(card) : "?");

/**
 * The result for the dealer to announce: the engine's outcome in the game's words ("Banker wins
 * 7–5"), else each hand's total.
 */
export function ResultWords({
  game,
  outcome,
  totals,
}: {
  game: string;
  outcome: unknown;
  totals?: Readonly<Record<string, number>>;
}) {
  const words = outcomeWords(game, outcome, cardText);
  if (words !== null) {
    const [result, ...rest] = words;
    return (
      <div data-testid="studio-result">
        <p className={styles.result}>{result}</p>
        {rest.length > 0 && (
          <ul className={styles.resultLines}>
            {rest.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  const entries = Object.entries(totals ?? {});
  return (
    <div data-testid="studio-result">
      {entries.length > 0 ? (
        <ul className={styles.resultLines}>
          {entries.map(([hand, total]) => (
            <li key={hand}>
              {handWords(hand)}: {total}
            </li>
          ))}
        </ul>
      ) : (
        <pre className={styles.raw}>{JSON.stringify(outcome, null, 1)}</pre>
      )}
    </div>
  );
}
