"use client";

import { useTranslations } from "next-intl";

import { useLabels } from "~/i18n/use-labels";

import styles from "./joker-blackjack.module.css";

/** What the player's own bets behind a seat came to, from their own settlement or refund. */
export interface BehindResult {
  staked: number;
  returned: number;
  refunded: boolean;
}

/**
 * Bet Behind on a taken seat, for a player who sits nowhere (docs/rules/joker-blackjack.md, Bet
 * Behind): the chosen chip staked on the seat's hand while betting is open, the player's stake
 * behind it, and what it returned once settled. The seat's decisions stay its player's.
 */
export function BetBehind({
  seat,
  chip,
  staked,
  result,
  canBet,
  onBet,
}: {
  seat: number;
  chip: number;
  /** The player's own stake behind this seat in the betting window. */
  staked: number;
  result: BehindResult | undefined;
  canBet: boolean;
  onBet: () => void;
}) {
  const t = useTranslations("betBehind");
  const labels = useLabels();
  return (
    <div className={styles.behind} data-testid="bet-behind" data-seat={seat}>
      {(canBet || staked > 0) && (
        <button
          type="button"
          className={styles.behindButton}
          disabled={!canBet}
          data-testid="bet-behind-button"
          data-seat={seat}
          data-staked={staked}
          aria-label={t("label", {
            seat,
            chip: labels.points(chip),
            amount: labels.points(staked),
          })}
          onClick={onBet}
        >
          <span>{t("button")}</span>
          {staked > 0 && <span className={styles.staked}>{labels.points(staked)}</span>}
        </button>
      )}
      {result !== undefined && (
        <p
          className={styles.muted}
          data-testid="bet-behind-result"
          data-returned={result.returned}
          data-refunded={result.refunded}
          role="status"
        >
          {result.refunded
            ? t("refunded", { seat, amount: labels.points(result.returned) })
            : t("result", {
                seat,
                staked: labels.points(result.staked),
                amount: labels.points(result.returned),
              })}
        </p>
      )}
    </div>
  );
}
