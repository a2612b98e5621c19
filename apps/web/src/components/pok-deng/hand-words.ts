"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";

import { pokDeng } from "@fuda/rules";

import type { TableRound } from "~/components/table";

import { seatOutcomes } from "./round-view";

/** The hands of a Pok Deng table as the rules name positions: `seat-1` … `seat-5`, `banker`. */
export type HandName = `seat-${number}` | "banker";

/** A hand's two cards, as far as they are shown (positions `seat-3-1`, `banker-2`). */
export function cardsOf(
  cards: readonly { position: string; card: number }[],
  hand: HandName,
): (number | null)[] {
  return [1, 2].map(
    (index) => cards.find((card) => card.position === `${hand}-${index}`)?.card ?? null,
  );
}

/**
 * A two-card hand in words (docs/rules/pok-deng.md, Hand value and Patterns): "Pok 9" for a
 * natural 8 or 9, the special hand 7.1–7.5 by name, else its points; `pattern` names what pays
 * 2:1 (flush, pair or special hand).
 */
export function useHandWords() {
  const t = useTranslations("pokDeng.hand");
  return (first: number, second: number): { name: string; pattern: string | null } => {
    const hand = pokDeng.evaluateHand(first, second);
    const name =
      hand.special !== null
        ? t(`special.${hand.special}`)
        : hand.points >= 8
          ? t("pok", { points: hand.points })
          : t("points", { points: hand.points });
    const pattern =
      hand.special !== null
        ? t("specialPattern")
        : hand.pair
          ? t("pair")
          : hand.flush
            ? t("flush")
            : null;
    return { name, pattern };
  };
}

/**
 * A round's result in words, as the page announces it and the chat writes it: the Banker's hand,
 * then each seat's outcome ("Banker Pok 8. Player 1 wins 1:1. Player 2 loses 1:1").
 */
export function useResultWords() {
  const t = useTranslations("pokDeng");
  const handWords = useHandWords();
  return useCallback(
    (round: Pick<TableRound, "cards" | "outcome">): string => {
      const [first, second] = cardsOf(round.cards, "banker");
      const seats = [...seatOutcomes(round.outcome).values()]
        .map(({ seat, outcome }) => t("seatResult", { seat, outcome: t(`outcome.${outcome}`) }))
        .join(". ");
      const banker = first != null && second != null ? handWords(first, second).name : "";
      return t("announce.result", { banker, seats });
    },
    [t, handWords],
  );
}
