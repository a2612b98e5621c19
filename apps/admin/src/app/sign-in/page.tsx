"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

import { signInOperator } from "~/auth-client";
import { fieldText } from "~/components/table-forms";

import styles from "./sign-in.module.css";

export default function SignInPage() {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
          void signInOperator(fieldText(form, "email"), fieldText(form, "password")).then(
            (refused) => {
              setBusy(false);
              if (refused === null) router.replace("/");
              else setProblem(refused);
            },
          );
        }}
      >
        <h1>
          Fuda <span className={styles.sub}>Operators</span>
        </h1>
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {problem !== null && (
          <p className={styles.problem} role="alert" data-testid="sign-in-problem">
            {problem}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
