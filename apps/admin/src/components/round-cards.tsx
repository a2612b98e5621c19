import type { RouterOutputs } from "@fuda/api";

import styles from "./records.module.css";
import { positionWords } from "./round-words";

type RoundRecord = RouterOutputs["admin"]["rounds"]["get"];

/** One card face: its label ("A♠", "JK"), red for hearts and diamonds, and what it was. */
function CardFace({
  label,
  caption,
  burned = false,
}: {
  label: string | null;
  caption: string;
  burned?: boolean;
}) {
  const red = label !== null && /[♥♦]/u.test(label);
  return (
    <li
      className={burned ? styles.burned : styles.card}
      data-testid={burned ? "burned-card" : "round-card"}
    >
      <span className={red ? `${styles.face} ${styles.red}` : styles.face}>{label ?? "▒"}</span>
      <span>{caption}</span>
    </li>
  );
}

/**
 * The round's cards in the order the shoe gave them: the burns between the previous round and
 * this one first, then each dealt card where it went, a card a correction burned marked so.
 * A burned card's face stays hidden until its shoe has ended (docs/fairness.md).
 */
export function RoundCards({ record }: { record: RoundRecord }) {
  const burnedAt = new Map(record.burns.map((burn) => [burn.index, burn.label]));
  const end = record.firstCard + record.cards.length;
  const before = record.burns.filter((burn) => burn.index < record.firstCard);
  const after = record.burns.filter((burn) => burn.index >= end);
  if (record.cards.length === 0 && record.burns.length === 0) return <p>None dealt.</p>;
  const burnFace = (burn: (typeof record.burns)[number]) => (
    <CardFace
      key={`burn-${burn.index}`}
      label={burn.label}
      caption={`burned #${burn.index}`}
      burned
    />
  );
  return (
    <ol className={styles.cards} data-testid="round-cards">
      {before.map(burnFace)}
      {record.cards.map((card, index) => {
        const burned = burnedAt.has(record.firstCard + index);
        return (
          <CardFace
            key={card.position}
            label={card.label}
            caption={
              burned ? `${positionWords(card.position)}, burned` : positionWords(card.position)
            }
            burned={burned}
          />
        );
      })}
      {after.map(burnFace)}
    </ol>
  );
}
