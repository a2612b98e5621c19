"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";

import styles from "./joker-blackjack.module.css";
import type { Action } from "./round-view";
import { ACTIONS } from "./round-view";

/** One key per action (the action's own letter where it is free), shown on its button. */
export const SHORTCUTS: Readonly<Record<Action, string>> = {
  hit: "h",
  stand: "s",
  double: "d",
  split: "p",
  surrender: "r",
  insurance: "i",
  evenMoney: "e",
  declineInsurance: "n",
};

/** Typing in a field is never an action. */
const typing = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * The legal actions of the player's seat whose turn it is, as buttons and as keys: only what the
 * round offers now (the server's `turn.started`), in the rules' order.
 */
export function ActionBar({
  legal,
  busy,
  onAct,
}: {
  legal: readonly string[];
  busy: boolean;
  onAct: (action: Action) => void;
}) {
  const t = useTranslations("jokerBlackjack");
  const offered = ACTIONS.filter((action) => legal.includes(action));
  const current = useRef({ offered, busy, onAct });
  useEffect(() => {
    current.current = { offered, busy, onAct };
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      if (typing(event.target) || current.current.busy) return;
      const action = current.current.offered.find(
        (candidate) => SHORTCUTS[candidate] === event.key.toLowerCase(),
      );
      if (action === undefined) return;
      event.preventDefault();
      current.current.onAct(action);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  return (
    <div
      className={styles.actions}
      role="group"
      aria-label={t("actionsLabel")}
      data-testid="actions"
    >
      {offered.map((action) => (
        <button
          key={action}
          type="button"
          className={action === "stand" || action === "hit" ? styles.primary : undefined}
          disabled={busy}
          aria-keyshortcuts={SHORTCUTS[action].toUpperCase()}
          data-testid="action"
          data-action={action}
          onClick={() => {
            onAct(action);
          }}
        >
          {t(`action.${action}`)}
          <kbd className={styles.key} aria-hidden>
            {SHORTCUTS[action].toUpperCase()}
          </kbd>
        </button>
      ))}
    </div>
  );
}
