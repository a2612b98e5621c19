"use client";

import { useEffect, useId, useRef, useState } from "react";

import { signInOperator, signInWithCode } from "~/auth-client";
import { setStepUpAsker } from "~/step-up";

import styles from "./confirm-dialog.module.css";
import { fieldText } from "./table-forms";
import { useModal } from "./use-modal";

/** The step-up actions in words (packages/api/src/trpc.ts, steppedUp…Procedure). */
const ACTIONS: Record<string, string> = {
  "admin.players.adjust": "Adjusting a balance",
  "admin.rounds.void": "Voiding a round",
  "admin.partnerKeys.create": "Creating a partner key",
  "admin.webhooks.create": "Adding a webhook",
  "admin.tables.update": "Changing a pay table",
  "admin.tables.create": "Creating a table with a pay table",
};

/**
 * "Confirm it's you": the fresh sign-in (password and code) the most powerful actions need
 * (src/step-up.ts asks for it). Mounted once by the portal shell for the signed-in `email`.
 * Confirming signs in again and the action goes ahead; Cancel or Esc leaves it undone.
 */
export function StepUpDialog({ email }: { email: string }) {
  const [asked, setAsked] = useState<{
    procedure: string;
    answer: (confirmed: boolean) => void;
  } | null>(null);
  // The password was taken: better-auth has ended the old session's cookie and waits for the code.
  const [codeDue, setCodeDue] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const dialog = useModal(asked !== null, () => first.current?.focus());

  useEffect(() => {
    setStepUpAsker(
      (procedure) =>
        new Promise<boolean>((answer) => {
          setCodeDue(false);
          setProblem(null);
          setAsked({ procedure, answer });
        }),
    );
    return () => {
      setStepUpAsker(null);
    };
  }, []);

  const close = (confirmed: boolean) => {
    asked?.answer(confirmed);
    setAsked(null);
    setBusy(false);
  };

  const confirm = async (form: FormData) => {
    if (!codeDue) {
      const step = await signInOperator(email, fieldText(form, "password"));
      if (step.next === "portal") {
        close(true);
        return;
      }
      if (step.next !== "code") {
        setProblem("problem" in step ? step.problem : null);
        return;
      }
      setCodeDue(true);
    }
    const step = await signInWithCode(fieldText(form, "code"), "totp");
    if (step.next === "portal") {
      close(true);
      return;
    }
    if (step.next === "password") setCodeDue(false);
    setProblem("problem" in step ? step.problem : "Sign in again");
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-testid="step-up-dialog"
      onCancel={(event) => {
        event.preventDefault();
        close(false);
      }}
    >
      {asked !== null && (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            setBusy(true);
            setProblem(null);
            void confirm(form).finally(() => {
              setBusy(false);
            });
          }}
        >
          <h2 id={titleId} className={styles.title}>
            Confirm it&apos;s you
          </h2>
          <p className={styles.body}>
            {ACTIONS[asked.procedure] ?? asked.procedure} needs a sign-in within the last 5 minutes:
            your password and the code your authenticator app shows. Nothing is changed until you
            confirm.
          </p>
          {!codeDue && (
            <label className={styles.field}>
              Password
              <input
                ref={first}
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
            </label>
          )}
          <label className={styles.field}>
            Authentication code
            <input
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]{6}"
              required
            />
          </label>
          {problem !== null && (
            <p className={styles.problem} role="alert">
              {problem}
            </p>
          )}
          <div className={styles.buttons}>
            <button
              type="button"
              className={styles.cancel}
              onClick={() => {
                close(false);
              }}
            >
              Cancel
            </button>
            <button type="submit" className={styles.confirm} disabled={busy}>
              Confirm
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
