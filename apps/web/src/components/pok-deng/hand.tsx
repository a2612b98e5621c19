"use client";

import { PlayingCard } from "~/components/table";

import styles from "./pok-deng.module.css";

/** A hand's two card places: a card as shown, its back while dealt face down, else empty. */
export function Hand({
  cards,
  hand,
  faceDown,
}: {
  cards: (number | null)[];
  hand: string;
  faceDown: boolean;
}) {
  return (
    <div className={styles.hand}>
      {cards.map((card, index) =>
        card === null && !faceDown ? (
          <span key={index} className={styles.empty} aria-hidden />
        ) : (
          <PlayingCard key={index} card={card} position={`${hand}-${index + 1}`} />
        ),
      )}
    </div>
  );
}
