"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";

import styles from "./joker-blackjack.module.css";
import type { Action, RoundSeat } from "./round-view";
import { ACTIONS } from "./round-view";

/** What a hand may be given before its turn: the play's actions, not the insurance round's. */
const AHEAD: readonly Action[] = ACTIONS.filter((action) =>
  ["hit", "stand", "double", "split", "surrender"].includes(action),
);

interface Choice {
  roundId: string;
  seat: number;
  action: Action;
}

/** A turn as `turn.started` announces it. */
export interface TurnStarted {
  seat: number;
  kind: string;
  actions: readonly string[];
}

/**
 * Choose ahead (issue 41): a seated player picks their action while others play. When their turn
 * comes (`onTurn`, from the table's `turn.started`) it is sent at once if the round allows it
 * then; otherwise the choice is dropped and the player is asked to choose again. Only a seat's
 * first turn of the round, and only on this page.
 */
export function useChooseAhead({
  roundId,
  seats,
  mySeats,
  myTurn,
  actOn,
}: {
  roundId: string | null;
  /** The round's seats in play (dealing only). */
  seats: readonly RoundSeat[];
  mySeats: readonly number[];
  myTurn: boolean;
  actOn: (roundId: string, seat: number, action: Action) => Promise<void>;
}) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [again, setAgain] = useState<{ roundId: string; action: Action } | null>(null);
  // Seats whose turn has come in the round: too late to choose ahead for them.
  const [reached, setReached] = useState<{ roundId: string | null; seats: number[] }>({
    roundId: null,
    seats: [],
  });
  const current = useRef({ choice, actOn });
  useEffect(() => {
    current.current = { choice, actOn };
  });

  const onTurn = useCallback((round: string, turn: TurnStarted) => {
    setReached((before) =>
      before.roundId === round
        ? { roundId: round, seats: [...new Set([...before.seats, turn.seat])] }
        : { roundId: round, seats: [turn.seat] },
    );
    // The insurance round comes first: the choice waits for the play.
    if (turn.kind === "insurance") return;
    const chosen = current.current.choice;
    if (chosen?.roundId !== round || chosen.seat !== turn.seat) return;
    setChoice(null);
    if (turn.actions.includes(chosen.action)) {
      void current.current.actOn(round, turn.seat, chosen.action);
    } else {
      setAgain({ roundId: round, action: chosen.action });
    }
  }, []);

  const done = reached.roundId === roundId ? reached.seats : [];
  const seat =
    roundId === null || myTurn
      ? undefined
      : mySeats.find(
          (mine) =>
            !done.includes(mine) &&
            seats.some((entry) => entry.seat === mine && entry.hands.some((hand) => !hand.settled)),
        );
  const choose = useCallback(
    (action: Action) => {
      if (roundId === null || seat === undefined) return;
      setAgain(null);
      setChoice((before) =>
        before?.action === action && before.seat === seat ? null : { roundId, seat, action },
      );
    },
    [roundId, seat],
  );
  return {
    onTurn,
    /** The seat a choice may be made for now, if any. */
    seat,
    chosen: choice?.roundId === roundId && choice.seat === seat ? choice.action : null,
    choose,
    /** The choice the turn could not take: the player chooses again. */
    again: again?.roundId === roundId && myTurn ? again.action : null,
  };
}

/** The choose-ahead buttons: one pressed at most, pressed again to take the choice back. */
export function ChooseAhead({
  seat,
  chosen,
  onChoose,
}: {
  seat: number;
  chosen: Action | null;
  onChoose: (action: Action) => void;
}) {
  const t = useTranslations("jokerBlackjack");
  return (
    <section
      className={styles.ahead}
      aria-label={t("ahead.label", { seat })}
      data-testid="choose-ahead"
      data-seat={seat}
      data-chosen={chosen ?? ""}
    >
      <p className={styles.muted}>{t("ahead.hint", { seat })}</p>
      <div className={styles.actions} role="group" aria-label={t("ahead.label", { seat })}>
        {AHEAD.map((action) => (
          <button
            key={action}
            type="button"
            aria-pressed={chosen === action}
            data-testid="ahead-action"
            data-action={action}
            onClick={() => {
              onChoose(action);
            }}
          >
            {t(`action.${action}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
