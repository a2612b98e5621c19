"use client";

import { useState } from "react";

import { confirmEnrolment, signOut, startEnrolment } from "~/auth-client";
import { fieldText } from "~/components/table-forms";
import { TotpQr } from "~/components/totp-qr";

// The sign-in page's card, fields and messages; the enrolment's own parts beside them.
import card from "../sign-in/sign-in.module.css";
import styles from "./enrol.module.css";

/** The secret in groups of four, as authenticator apps show a key typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

const secretOf = (uri: string) => new URL(uri).searchParams.get("secret") ?? "";

/**
 * Two-factor enrolment, where a staff member who has not enrolled is sent before any portal page
 * (src/proxy.ts): their password, then the QR code (or the secret, typed by hand) for their
 * authenticator app and backup codes to keep, then a code from the app to confirm.
 */
export default function EnrolPage() {
  const [secret, setSecret] = useState<{ totpURI: string; backupCodes: string[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <main className={card.main}>
      <form
        className={card.card}
        aria-label="Set up two-factor sign-in"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setBusy(true);
          setProblem(null);
          if (secret === null) {
            void startEnrolment(fieldText(form, "password")).then((started) => {
              setBusy(false);
              if ("problem" in started) setProblem(started.problem);
              else setSecret(started);
            });
            return;
          }
          void confirmEnrolment(fieldText(form, "code")).then((refused) => {
            setBusy(false);
            // A whole page load: the portal's pages are decided on the server (src/proxy.ts).
            if (refused === null) window.location.assign("/");
            else setProblem(refused);
          });
        }}
      >
        <h1>Set up two-factor sign-in</h1>
        {secret === null ? (
          <>
            <p className={card.hint}>
              Staff accounts sign in with a password and a code from an authenticator app (Google
              Authenticator, Microsoft Authenticator, 1Password…). Confirm your password to set one
              up.
            </p>
            <label>
              Password
              <input name="password" type="password" autoComplete="current-password" required />
            </label>
          </>
        ) : (
          <>
            <p className={card.hint}>Scan this QR code with your authenticator app:</p>
            <div className={styles.qr}>
              <TotpQr uri={secret.totpURI} />
            </div>
            <p className={card.hint}>
              Or add it by hand with this key:{" "}
              <code className={styles.secret} data-testid="totp-secret">
                {grouped(secretOf(secret.totpURI))}
              </code>
            </p>
            <div className={styles.backup}>
              <strong>Backup codes</strong>
              <p className={card.hint}>
                Keep them somewhere safe: each one signs you in once if you lose your phone.
              </p>
              <ul data-testid="backup-codes">
                {secret.backupCodes.map((code) => (
                  <li key={code}>
                    <code>{code}</code>
                  </li>
                ))}
              </ul>
            </div>
            <label>
              Code from the app
              <input
                name="code"
                autoComplete="one-time-code"
                inputMode="numeric"
                pattern="[0-9]{6}"
                required
                autoFocus
              />
            </label>
          </>
        )}
        {problem !== null && (
          <p className={card.problem} role="alert" data-testid="enrol-problem">
            {problem}
          </p>
        )}
        <div className={styles.buttons}>
          <button
            type="button"
            className={styles.quiet}
            onClick={() => {
              void signOut().then(() => {
                window.location.assign("/sign-in");
              });
            }}
          >
            Sign out
          </button>
          <button type="submit" disabled={busy}>
            {secret === null ? "Continue" : "Confirm"}
          </button>
        </div>
      </form>
    </main>
  );
}
