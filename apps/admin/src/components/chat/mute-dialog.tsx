"use client";

import { useId, useState } from "react";

import dialogStyles from "~/components/confirm-dialog.module.css";

import type { Writer } from "./chat-moderation";
import styles from "./chat.module.css";
import { useModal } from "~/components/use-modal";

/** The usual lengths of a mute, in minutes; any other is typed. */
const PRESETS = [
  { minutes: 5, label: "5 min" },
  { minutes: 15, label: "15 min" },
  { minutes: 60, label: "1 hour" },
  { minutes: 1_440, label: "1 day" },
] as const;

/** The game API's longest mute (a week); longer is a ban. */
const MAX_MUTE_MINUTES = 10_080;

/**
 * How long to mute a writer, and why: a preset or any number of minutes up to a week. A native
 * modal `<dialog>` as the portal's confirm dialog; Esc cancels. A refusal stays in the dialog.
 */
export function MuteDialog({
  writer,
  problem,
  onMute,
  onCancel,
}: {
  /** Whom to mute; null when the dialog is closed. */
  writer: Writer | null;
  problem: string | null;
  onMute: (minutes: number, reason: string) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const open = writer !== null;

  const dialog = useModal(open);

  return (
    <dialog
      ref={dialog}
      className={dialogStyles.dialog}
      aria-labelledby={titleId}
      data-testid="mute-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {writer !== null && (
        // Keyed by whom: each mute starts from 15 minutes and no reason.
        <MuteForm
          key={writer.userId}
          writer={writer}
          titleId={titleId}
          problem={problem}
          onMute={onMute}
          onCancel={onCancel}
        />
      )}
    </dialog>
  );
}

function MuteForm({
  writer,
  titleId,
  problem,
  onMute,
  onCancel,
}: {
  writer: Writer;
  titleId: string;
  problem: string | null;
  onMute: (minutes: number, reason: string) => void;
  onCancel: () => void;
}) {
  const [minutes, setMinutes] = useState("15");
  const [reason, setReason] = useState("");
  return (
    <form
      className={styles.muteForm}
      onSubmit={(event) => {
        event.preventDefault();
        onMute(Number(minutes), reason);
      }}
    >
      <h2 id={titleId} className={dialogStyles.title}>
        Mute {writer.name}
      </h2>
      <p className={styles.dialogText}>
        Their lines are refused at every table until the mute ends; they can still play.
      </p>
      <div className={styles.presets} role="group" aria-label="Mute for">
        {PRESETS.map((preset) => (
          <button
            key={preset.minutes}
            type="button"
            className={styles.preset}
            aria-pressed={minutes === String(preset.minutes)}
            onClick={() => {
              setMinutes(String(preset.minutes));
            }}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <label className={styles.reason}>
        Minutes
        <input
          name="minutes"
          type="number"
          min={1}
          max={MAX_MUTE_MINUTES}
          step={1}
          required
          value={minutes}
          onChange={(event) => {
            setMinutes(event.target.value);
          }}
        />
      </label>
      <label className={styles.reason}>
        Reason (kept in the audit log, optional)
        <input
          name="reason"
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
          }}
        />
      </label>
      {problem !== null && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={dialogStyles.buttons}>
        <button type="button" className={dialogStyles.cancel} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={dialogStyles.danger}>
          Mute
        </button>
      </div>
    </form>
  );
}
