"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

import { PlayingCard, spokenName } from "~/components/table";
import { useLabels } from "~/i18n/use-labels";

import styles from "./joker-blackjack.module.css";
import type { Pending, RoundSeat, SeatTaken } from "./round-view";
import { handResult, REASON_KEYS, RESULT_REASONS } from "./round-view";

/**
 * One of the seven seats: who sits there, the seat's hands side by side (a split makes more),
 * each with its total, stake and result as it settles, the turn and the last seat marked, and
 * for the player's own seat the stake spot and the way to leave.
 */
export function Seat({
  seat,
  taken,
  mine,
  inRound,
  last,
  turn,
  staked,
  reasons,
  roundOver,
  canSit,
  canBet,
  busy,
  onSit,
  onLeave,
  onBet,
  children,
}: {
  seat: number;
  taken: SeatTaken | undefined;
  mine: boolean;
  /** The seat's hands in the round shown, if it has a bet in it. */
  inRound: RoundSeat | undefined;
  last: boolean;
  /** The decision the round waits for, when it is this seat's. */
  turn: Pending | null;
  /** The player's own stake on this seat in the betting window. */
  staked: number;
  /** The settlement reasons seen for each hand, by hand index. */
  reasons: ReadonlyMap<number, readonly string[]>;
  roundOver: boolean;
  canSit: boolean;
  canBet: boolean;
  busy: boolean;
  onSit: () => void;
  onLeave: () => void;
  onBet: () => void;
  /** What a player who sits nowhere may do at a taken seat (Bet Behind). */
  children?: ReactNode;
}) {
  const t = useTranslations("jokerBlackjack");
  const labels = useLabels();
  const hands = inRound?.hands ?? [];
  return (
    <article
      className={styles.seat}
      aria-label={t("seat", { seat })}
      aria-current={turn !== null ? "step" : undefined}
      data-testid="seat"
      data-seat={seat}
      data-mine={mine}
      data-taken={taken !== undefined}
      data-last={last}
      data-turn={turn !== null}
    >
      <header className={styles.seatTop}>
        <h2>{t("seat", { seat })}</h2>
        {mine && <span className={styles.badge}>{t("you")}</span>}
        {last && (
          <span className={styles.badge} data-testid="last-seat" data-kind="last">
            {t("lastSeat")}
          </span>
        )}
      </header>
      <p className={styles.player}>
        {taken === undefined ? (
          <span className={styles.muted}>{t("empty")}</span>
        ) : (
          <span translate="no">{taken.name}</span>
        )}
        {taken?.leaving === true && <span className={styles.muted}> · {t("leaving")}</span>}
      </p>

      {hands.length > 0 && (
        <div className={styles.hands} data-testid="hands" data-count={hands.length}>
          {hands.map((hand, h) => {
            const result = handResult(hand, roundOver);
            const said = (reasons.get(h) ?? []).filter((reason) => !RESULT_REASONS.has(reason));
            const acting = turn !== null && turn.hand === h;
            return (
              <div
                key={h}
                className={styles.hand}
                data-testid="hand"
                data-hand={h + 1}
                data-acting={acting}
                data-total={hand.cards.length > 0 ? hand.total : ""}
                data-stake={hand.stake}
                data-result={result ?? ""}
                data-returned={hand.returned}
              >
                <div className={styles.cards}>
                  {hand.cards
                    .filter((card): card is number => typeof card === "number")
                    .map((card, k) => (
                      <PlayingCard
                        key={k}
                        card={card}
                        position={`seat-${seat}.${h + 1}-${k + 1}`}
                        small
                      />
                    ))}
                </div>
                <p className={styles.handLine}>
                  {hand.cards.length > 0 && (
                    <span className={styles.total} data-testid="hand-total">
                      {hand.total}
                    </span>
                  )}
                  {hand.stake > 0 && (
                    <span className={styles.muted}>
                      {t("stake", { amount: labels.points(hand.stake) })}
                    </span>
                  )}
                </p>
                {said.length > 0 && (
                  <p className={styles.reasons} data-testid="hand-reasons">
                    {said.map((reason) => t(`reason.${REASON_KEYS[reason] ?? "win"}`)).join(" · ")}
                  </p>
                )}
                {result !== null && (
                  <p className={styles.result} data-testid="hand-result" data-result={result}>
                    {t(`result.${result}`, { amount: labels.points(hand.returned) })}
                  </p>
                )}
              </div>
            );
          })}
        </div>
      )}
      {inRound !== undefined && inRound.hands.length > 0 && inRound.returned > 0 && roundOver && (
        <p className={styles.muted} data-testid="seat-returned" data-returned={inRound.returned}>
          {t("returned", { amount: labels.points(inRound.returned) })}
        </p>
      )}

      {mine && (canBet || staked > 0) && (
        <button
          type="button"
          className={styles.spot}
          disabled={!canBet || busy}
          data-testid="stake"
          data-seat={seat}
          data-staked={staked}
          aria-label={spokenName(
            [t("betHere"), staked > 0 ? labels.points(staked) : null],
            [t("stakeLabel", { seat, amount: labels.points(staked) })],
          )}
          onClick={onBet}
        >
          <span>{t("betHere")}</span>{" "}
          {staked > 0 && <span className={styles.staked}>{labels.points(staked)}</span>}
        </button>
      )}
      {taken === undefined && canSit && (
        <button
          type="button"
          className={styles.seatButton}
          disabled={busy}
          data-testid="sit"
          data-seat={seat}
          aria-label={t("sitLabel", { seat })}
          onClick={onSit}
        >
          {t("sit")}
        </button>
      )}
      {mine && taken?.leaving !== true && (
        <button
          type="button"
          className={styles.seatButton}
          disabled={busy}
          data-testid="leave"
          data-seat={seat}
          aria-label={t("leaveLabel", { seat })}
          onClick={onLeave}
        >
          {t("leave")}
        </button>
      )}
      {children}
    </article>
  );
}
