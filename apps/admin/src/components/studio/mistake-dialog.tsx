"use client";

import { useId, useState } from "react";

import styles from "./studio.module.css";
import dialogStyles from "../confirm-dialog.module.css";
import { useModal } from "../use-modal";

export type MistakeKind = "rewind" | "unrecoverable" | "improperDeal";

/** A dealing mistake as the dealer reports it, for an operator to confirm. */
export interface MistakeReport {
  kind: MistakeKind;
  toStep?: number;
  reason: string;
}

/**
 * docs/rules/joker-blackjack.md, Dealing mistakes: the three procedures, said as the round page
 * says them to the operator who confirms.
 */
const KINDS: { kind: MistakeKind; label: string; says: string }[] = [
  {
    kind: "rewind",
    label: "Rewind to a step",
    says: "Back to the step given: later actions are undone and their cards burned.",
  },
  {
    kind: "unrecoverable",
    label: "Unrecoverable",
    says: "The mistake cannot be undone: every bet not yet final is paid as won and the round ends.",
  },
  {
    kind: "improperDeal",
    label: "Improper deal",
    says: "The deal went wrong: unrecoverable if anything followed the deal, else the correct deal is restored.",
  },
];

/**
 * The dealer's report of a dealing mistake (joker blackjack): which procedure, the step to rewind
 * to, and what happened. The pit boss confirms it from the round's page; until then the round
 * stands as it is.
 */
export function MistakeDialog({
  open,
  problem,
  onReport,
  onClose,
}: {
  open: boolean;
  /** The last refusal, shown in the dialog while it is open. */
  problem: string | null;
  onReport: (report: MistakeReport) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [kind, setKind] = useState<MistakeKind>("rewind");
  const [toStep, setToStep] = useState("1");
  const [reason, setReason] = useState("");

  const dialog = useModal(open);

  const chosen = KINDS.find((entry) => entry.kind === kind)!;
  return (
    <dialog
      ref={dialog}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      data-testid="mistake-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <form
        className={styles.mistakeForm}
        onSubmit={(event) => {
          event.preventDefault();
          onReport({
            kind,
            reason: reason.trim(),
            ...(kind === "rewind" ? { toStep: Number(toStep) } : {}),
          });
        }}
      >
        <h2 id={titleId}>Dealing mistake</h2>
        <fieldset className={styles.kinds}>
          <legend>What went wrong</legend>
          {KINDS.map((entry) => (
            <label key={entry.kind}>
              <input
                type="radio"
                name="kind"
                value={entry.kind}
                checked={kind === entry.kind}
                onChange={() => {
                  setKind(entry.kind);
                }}
              />
              {entry.label}
            </label>
          ))}
        </fieldset>
        <p className={styles.hint}>{chosen.says}</p>
        {kind === "rewind" && (
          <label>
            Rewind to step (1: end of the deal)
            <input
              name="toStep"
              type="number"
              min={0}
              step={1}
              required
              value={toStep}
              onChange={(event) => {
                setToStep(event.target.value);
              }}
            />
          </label>
        )}
        <label>
          What happened
          <textarea
            name="reason"
            rows={3}
            maxLength={500}
            required
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
            }}
          />
        </label>
        {problem !== null && (
          <p className={styles.dialogProblem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.dialogButtons}>
          <button type="button" className={styles.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={styles.danger}>
            Report to the pit boss
          </button>
        </div>
      </form>
    </dialog>
  );
}
