"use client";

import { useTranslations } from "next-intl";

import { baccarat } from "@fuda/rules";

import { useLabels } from "~/i18n/use-labels";

import { PlayingCard } from "../table";
import styles from "./baccarat.module.css";

/** A card as it lies on the felt: `player-1` … `banker-3`. */
export interface DealtCard {
  position: string;
  card: number;
}

type Side = "player" | "banker";

/** A hand's total as its cards show so far (docs/rules/baccarat.md: the last digit of the sum). */
export const baccaratTotal = (cards: readonly DealtCard[]): number =>
  cards.reduce((sum, { card }) => sum + baccarat.rankValue(card & 0x0f), 0) % 10;

/**
 * Both hands of a baccarat round, each card where and in the order it came out, with each
 * hand's total (`totals`, else counted from the cards shown). Live tables, the quick game and
 * a round's replay draw the same felt.
 */
export function Felt({
  cards,
  totals,
}: {
  /** The cards shown so far, in reveal order. */
  cards: readonly DealtCard[];
  totals?: Readonly<Record<string, number>>;
}) {
  const t = useTranslations("baccarat");
  const labels = useLabels();
  const ordered = cards.map((dealt, order) => ({ ...dealt, order }));
  const hand = (side: Side) => {
    const own = ordered.filter((dealt) => dealt.position.startsWith(side));
    return (
      <div className={styles.hand} data-side={side} data-testid={`hand-${side}`}>
        <h2 className={styles.handTitle}>
          {t("hand", {
            side: labels.bet("baccarat", side),
            // A hand with no card yet has no total (the view says 0).
            total: own.length === 0 ? "–" : (totals?.[side] ?? baccaratTotal(own)),
          })}
        </h2>
        <div className={styles.handCards}>
          {own.map((dealt) => (
            <span key={dealt.order} data-order={dealt.order} className={styles.slot}>
              <PlayingCard card={dealt.card} position={dealt.position} />
            </span>
          ))}
        </div>
      </div>
    );
  };
  return (
    <section className={styles.felt} data-testid="felt">
      {hand("player")}
      {hand("banker")}
    </section>
  );
}
