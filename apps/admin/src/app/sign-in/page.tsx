"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import type { Factor, SignInStep } from "~/auth-client";
import { signInOperator, signInWithCode } from "~/auth-client";
import { fieldText } from "~/components/table-forms";

import styles from "./sign-in.module.css";

/**
 * Staff sign in with their password, then the code of their authenticator app (or a backup
 * code); at their first sign-in they are sent to enrol one (docs/security.md, Staff accounts).
 */
export default function SignInPage() {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codeDue, setCodeDue] = useState(false);
  const [factor, setFactor] = useState<Factor>("totp");

  const follow = (step: SignInStep) => {
    setBusy(false);
    if (step.next === "portal") router.replace("/");
    else if (step.next === "enrol") router.replace("/enrol");
    else if (step.next === "code") setCodeDue(true);
    else {
      if (step.next === "password") setCodeDue(false);
      setProblem(step.problem);
    }
  };

  return (
    <main className={styles.main}>
      <form
        className={styles.card}
        aria-label="Sign in"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setBusy(true);
          setProblem(null);
          void (
            codeDue
              ? signInWithCode(fieldText(form, "code"), factor)
              : signInOperator(fieldText(form, "email"), fieldText(form, "password"))
          ).then(follow);
        }}
      >
        <h1>
          Fuda <span className={styles.sub}>Operators</span>
        </h1>
        {codeDue ? (
          <>
            <p className={styles.hint}>
              {factor === "totp"
                ? "Type the 6-digit code your authenticator app shows for Fuda."
                : "Type one of the backup codes you saved when you enrolled; each works once."}
            </p>
            <label>
              {factor === "totp" ? "Authentication code" : "Backup code"}
              <input
                key={factor}
                name="code"
                autoComplete="one-time-code"
                inputMode={factor === "totp" ? "numeric" : "text"}
                pattern={factor === "totp" ? "[0-9]{6}" : undefined}
                required
                autoFocus
              />
            </label>
            <button
              type="button"
              className={styles.link}
              onClick={() => {
                setFactor(factor === "totp" ? "backupCode" : "totp");
                setProblem(null);
              }}
            >
              {factor === "totp" ? "Use a backup code instead" : "Use the authenticator app"}
            </button>
          </>
        ) : (
          <>
            <label>
              Email
              <input name="email" type="email" autoComplete="username" required />
            </label>
            <label>
              Password
              <input name="password" type="password" autoComplete="current-password" required />
            </label>
          </>
        )}
        {problem !== null && (
          <p className={styles.problem} role="alert" data-testid="sign-in-problem">
            {problem}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {codeDue ? "Verify" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
