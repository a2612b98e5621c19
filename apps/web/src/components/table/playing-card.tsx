"use client";

import { useTranslations } from "next-intl";

import styles from "./table.module.css";

/** ♠ ♥ ♦ ♣, then ★ (the quick game's fifth suit): a card is `(suit << 4) | rank` (@fuda/shoe). */
const SUITS = ["♠", "♥", "♦", "♣", "★"] as const;
const SUIT_KEYS = ["spades", "hearts", "diamonds", "clubs", "stars"] as const;
const RANKS = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const JOKER = 0x50;

/** A card in the page's words: "Ace of spades", "Joker". */
export function useCardWords(): (card: number) => string {
  const t = useTranslations("cards");
  return (card) =>
    card === JOKER
      ? t("joker")
      : t("card", {
          rank: t(`rank.${card & 0x0f}`),
          suit: t(`suit.${SUIT_KEYS[card >> 4] ?? "spades"}`),
        });
}

/**
 * One card on the felt, dealt in with a flip (none when the reader prefers reduced motion), or
 * its back while it lies face down (`card` null). Labelled in the page's language.
 */
export function PlayingCard({
  card,
  position,
  small = false,
}: {
  card: number | null;
  /** Where it lies (`player-1`, `seat-3-2`…), for tests and styling. */
  position?: string;
  small?: boolean;
}) {
  const t = useTranslations("cards");
  const words = useCardWords();
  if (card === null) {
    return (
      <span
        className={styles.card}
        data-back
        data-small={small}
        data-position={position}
        role="img"
        aria-label={t("faceDown")}
      />
    );
  }
  const rank = card & 0x0f;
  const suit = card >> 4;
  const joker = card === JOKER;
  const label = words(card);
  return (
    <span
      className={styles.card}
      data-red={suit === 1 || suit === 2}
      data-small={small}
      data-position={position}
      data-card={card}
      data-testid="card"
      role="img"
      aria-label={label}
    >
      <span className={styles.cardRank} aria-hidden>
        {joker ? "★" : RANKS[rank]}
      </span>
      <span className={styles.cardSuit} aria-hidden>
        {joker ? "" : SUITS[suit]}
      </span>
    </span>
  );
}
