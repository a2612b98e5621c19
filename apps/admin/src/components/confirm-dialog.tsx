"use client";

import { useCallback, useId, useRef, useState } from "react";
import type { ReactNode } from "react";

import styles from "./confirm-dialog.module.css";
import { useModal } from "./use-modal";

/** What the operator is asked: a question, what it does, and the button that does it. */
export interface ConfirmQuestion {
  title: string;
  body: ReactNode;
  confirm: string;
  /** Red confirm button: for what cannot be undone (a ban, a void). */
  danger?: boolean;
}

/**
 * Asks before an action that changes a live table or a player (pause, close, ban, void): a
 * native modal `<dialog>`, labelled by its question and described by its text. Focus starts on
 * Cancel, so an Enter pressed out of habit changes nothing; Esc cancels as Cancel does.
 */
export function ConfirmDialog({
  question,
  onConfirm,
  onCancel,
}: {
  question: ConfirmQuestion | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const open = question !== null;

  const dialog = useModal(open, () => cancel.current?.focus());

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid="confirm-dialog"
      // Esc: the browser would close the dialog by itself; the page's state closes it instead.
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {question !== null && (
        <>
          <h2 id={titleId} className={styles.title}>
            {question.title}
          </h2>
          <div id={bodyId} className={styles.body}>
            {question.body}
          </div>
          <div className={styles.buttons}>
            <button ref={cancel} type="button" className={styles.cancel} onClick={onCancel}>
              Cancel
            </button>
            <button
              type="button"
              className={question.danger === true ? styles.danger : styles.confirm}
              onClick={onConfirm}
            >
              {question.confirm}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

/**
 * `ask(question)` resolves true when the operator confirms, false on Cancel or Esc; render
 * `dialog` once in the page.
 */
export function useConfirm(): {
  ask: (question: ConfirmQuestion) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [asked, setAsked] = useState<{
    question: ConfirmQuestion;
    answer: (yes: boolean) => void;
  } | null>(null);
  const ask = useCallback(
    (question: ConfirmQuestion) =>
      new Promise<boolean>((resolve) => {
        setAsked({ question, answer: resolve });
      }),
    [],
  );
  const answer = (yes: boolean) => {
    asked?.answer(yes);
    setAsked(null);
  };
  return {
    ask,
    dialog: (
      <ConfirmDialog
        question={asked?.question ?? null}
        onConfirm={() => {
          answer(true);
        }}
        onCancel={() => {
          answer(false);
        }}
      />
    ),
  };
}
