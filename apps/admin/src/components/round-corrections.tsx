"use client";

import { useState } from "react";

import { relayApi } from "~/procedures";

import styles from "./records.module.css";
import { ActionMessages, StateField } from "./record-parts";
import type { ActionMessage, RecordState } from "./use-record";

type Correction = "rewind" | "unrecoverable" | "improperDeal";

const CORRECTIONS: { type: Correction; button: string; says: string }[] = [
  {
    type: "rewind",
    button: "Rewind",
    says: "Back to the step given: later actions are undone, their cards burned, the stakes of undone doubles, splits and insurance given back.",
  },
  {
    type: "unrecoverable",
    button: "Unrecoverable",
    says: "The mistake cannot be undone: every bet not yet final is paid as won and the round ends.",
  },
  {
    type: "improperDeal",
    button: "Improper deal",
    says: "Play went on after an improper deal: unrecoverable if anything followed the deal, else the correct deal is restored.",
  },
];

/**
 * The dealing-mistake procedures on a live joker blackjack round (docs/rules/joker-blackjack.md,
 * Dealing mistakes), each with a reason and asked again before it is sent: none can be undone.
 */
export function RoundCorrections({
  roundId,
  act,
  busy,
  message,
}: {
  roundId: string;
  act: RecordState<unknown>["act"];
  busy: boolean;
  message: ActionMessage;
}) {
  const [reason, setReason] = useState("");
  const [toStep, setToStep] = useState("1");
  const [asking, setAsking] = useState<Correction | null>(null);
  const chosen = CORRECTIONS.find((correction) => correction.type === asking);

  async function send(type: Correction) {
    const call =
      type === "rewind"
        ? relayApi.admin.rounds.rewind.mutate({ roundId, reason, toStep: Number(toStep) })
        : relayApi.admin.rounds[type].mutate({ roundId, reason });
    const ok = await act(
      "corrections",
      call,
      (data) =>
        `${CORRECTIONS.find((correction) => correction.type === type)!.button} recorded: ` +
        `${data.burned.length} card(s) burned.`,
    );
    setAsking(null);
    if (ok) setReason("");
  }

  return (
    <section className={styles.panel} data-testid="corrections">
      <h2>Dealing mistake</h2>
      <ul>
        {CORRECTIONS.map(({ type, button, says }) => (
          <li key={type}>
            <strong>{button}</strong>: {says}
          </li>
        ))}
      </ul>
      <div className={styles.form}>
        <StateField
          label="Reason"
          name="correctionReason"
          value={reason}
          onValue={setReason}
          size={40}
        />
        <StateField
          label="Rewind to step (1: end of the deal)"
          name="toStep"
          type="number"
          min={1}
          value={toStep}
          onValue={setToStep}
        />
        {CORRECTIONS.map(({ type, button }) => (
          <button
            key={type}
            type="button"
            className={styles.danger}
            disabled={busy || asking !== null}
            onClick={() => {
              setAsking(type);
            }}
          >
            {button}…
          </button>
        ))}
      </div>
      {chosen !== undefined && (
        <div className={styles.form} role="group" aria-label="Confirm the correction">
          <p>
            {chosen.type === "rewind"
              ? `Rewind this round to step ${toStep}?`
              : `Declare this round ${chosen.button.toLowerCase()}?`}{" "}
            This cannot be undone.
          </p>
          <button
            type="button"
            className={styles.danger}
            disabled={busy}
            onClick={() => void send(chosen.type)}
          >
            Confirm {chosen.button.toLowerCase()}
          </button>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              setAsking(null);
            }}
          >
            Cancel
          </button>
        </div>
      )}
      <ActionMessages {...message} testId="message-corrections" />
    </section>
  );
}
