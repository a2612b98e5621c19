"use client";

import { useFormatter, useTranslations } from "next-intl";

import type { Odds } from "@fuda/rules";
import { baccarat } from "@fuda/rules";

import { useLabels } from "~/i18n/use-labels";

import { spokenName } from "../table";

import styles from "./baccarat.module.css";

/** Where each spot lies on the felt: side bets above, the two main bets below. */
const LAYOUT: readonly baccarat.BetId[] = [
  "playerPair",
  "tie",
  "bankerPair",
  "playerNatural",
  "luckySix",
  "bankerNatural",
  "player",
  "banker",
];

/** One spot's state for the round shown. */
export interface SpotState {
  /** The player's own stake on it this round (minor units). */
  stake: number;
  /** Closed after this round of the shoe (docs/rules/baccarat.md, Round gates), when it is. */
  closedAfter: number | null;
  /** The last result paid it (a push is not a win). */
  won: boolean;
}

/** The odds as "x:1", e.g. 0.95:1, 3.5:1, in the page's number format. */
export function useOddsText(): (odds: Odds) => string {
  const format = useFormatter();
  return (odds) => `${format.number(odds.win / odds.per, { maximumFractionDigits: 2 })}:1`;
}

/** What a spot pays, in words of the page: the variant's odds for it, a push left out. */
function usePayoutText(variant: baccarat.LiveVariant): (bet: baccarat.BetId) => string {
  const t = useTranslations("baccarat");
  const odds = useOddsText();
  return (bet) => {
    const paid = baccarat.PAYOUTS_OF[variant][bet].map((name) => baccarat.PAYOUTS[name]);
    const wins = paid.filter((one) => one.win > 0);
    if (bet === "luckySix")
      return t("luckySixPays", { two: odds(wins[0]!), three: odds(wins[1]!) });
    if (bet === "banker" && wins.length > 1) {
      return `${odds(wins[0]!)} · ${t("bankerSix", { odds: odds(wins[1]!) })}`;
    }
    return odds(wins[0]!);
  };
}

/**
 * The eight bet spots. Each is a button (Tab reaches it, Enter or Space bets the chosen chip)
 * labelled with its name, its payout and the player's stake; a spot the round gates closed is
 * greyed with the round it closed after; the last result's winning spots are lit.
 */
export function BetSpots({
  variant,
  spots,
  canBet,
  onBet,
}: {
  variant: baccarat.LiveVariant;
  spots: Readonly<Record<baccarat.BetId, SpotState>>;
  canBet: boolean;
  onBet: (bet: baccarat.BetId) => void;
}) {
  const t = useTranslations("baccarat");
  const labels = useLabels();
  const payout = usePayoutText(variant);
  return (
    <div className={styles.spots} role="group" aria-label={t("spots")} data-testid="spots">
      {LAYOUT.map((bet) => {
        const spot = spots[bet];
        const closed = spot.closedAfter !== null;
        const closedText = closed ? t("closedAfter", { round: spot.closedAfter ?? 0 }) : null;
        const disabled = closed || !canBet;
        const name = labels.bet("baccarat", bet);
        return (
          <button
            key={bet}
            type="button"
            className={styles.spot}
            data-bet={bet}
            data-testid="spot"
            data-won={spot.won}
            data-closed={closed}
            data-stake={spot.stake}
            aria-disabled={disabled}
            aria-label={spokenName(
              [name, payout(bet), closedText, spot.stake > 0 ? labels.points(spot.stake) : null],
              [
                t("spot", { bet: name, payout: payout(bet) }),
                closedText,
                spot.stake > 0 ? t("yourStake", { amount: labels.points(spot.stake) }) : null,
              ],
            )}
            onClick={() => {
              if (!disabled) onBet(bet);
            }}
          >
            <span className={styles.spotName}>{name}</span>{" "}
            <span className={styles.spotPayout}>{payout(bet)}</span>{" "}
            {closed && <span className={styles.spotClosed}>{closedText}</span>}
            {closed && " "}
            {spot.stake > 0 && (
              <span className={styles.stake} data-testid="stake">
                {labels.points(spot.stake)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
