/**
 * A recalled round's outcome and hand names in the player's words, for every game the site
 * draws. Pure: the translator comes in, so the choices are tested without a page.
 */

import { dealerWords } from "../joker-blackjack/round-view";
import type { Translate } from "~/i18n/translate";

/**
 * The name of the hand a group of cards was dealt to, from the position's prefix: a Pok Deng
 * seat (`seat-3`), a Joker blackjack seat's hand (`seat-1.2`, split hands numbered), the dealer,
 * or Baccarat's Player and Banker. Null for a position shown as it is.
 */
export function handName(hand: string, t: Translate): string | null {
  const pokDengSeat = /^seat-(\d+)$/.exec(hand);
  if (pokDengSeat) return t("pokDeng.seat", { seat: pokDengSeat[1]! });
  const blackjackHand = /^seat-(\d+)\.(\d+)$/.exec(hand);
  if (blackjackHand) {
    const [, seat, number] = blackjackHand;
    return number === "1"
      ? t("jokerBlackjack.seat", { seat: seat! })
      : t("jokerBlackjack.seatHand", { seat: seat!, hand: number! });
  }
  if (hand === "dealer") return t("jokerBlackjack.dealerName");
  if (hand === "player" || hand === "banker") return t(`bets.${hand}`);
  return null;
}

/**
 * A settled round's outcome in words: Baccarat's winner and totals, each Pok Deng seat's
 * result, Joker blackjack's dealer (its total, or joker, blackjack, bust). Null when the round
 * has none yet, or none these words know.
 */
export function outcomeWords(game: string, outcome: unknown, t: Translate): string | null {
  if (outcome === null || typeof outcome !== "object") return null;
  const fields = outcome as Record<string, unknown>;
  if (
    (game === "baccarat" || game === "quick-baccarat") &&
    (fields.winner === "player" || fields.winner === "banker" || fields.winner === "tie")
  ) {
    return t("history.baccaratOutcome", {
      winner: t(`winner.${fields.winner}`),
      player: String(fields.playerTotal),
      banker: String(fields.bankerTotal),
    });
  }
  if (game === "pok-deng" && Array.isArray(fields.seats)) {
    return (fields.seats as { seat: number; outcome: string }[])
      .map(({ seat, outcome: result }) =>
        t("pokDeng.seatResult", { seat, outcome: t(`pokDeng.outcome.${result}`) }),
      )
      .join(" · ");
  }
  if (game === "joker-blackjack") {
    const dealer = dealerWords(
      (fields.dealer as { result?: unknown } | undefined)?.result,
      (key, values) => t(`jokerBlackjack.${key}`, values),
    );
    return dealer === "" ? null : t("history.jokerBlackjackOutcome", { dealer });
  }
  return null;
}
