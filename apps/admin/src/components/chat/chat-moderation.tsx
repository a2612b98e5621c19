"use client";

import type { RouterOutputs } from "@fuda/api";
import { useRef, useState } from "react";
import type { ReactNode } from "react";

import { useConfirm } from "~/components/confirm-dialog";
import { answered, problemOf, relayApi } from "~/procedures";

import styles from "./chat.module.css";
import { MuteDialog } from "./mute-dialog";

/** A line as the operators read it (`admin.chat.list`): with its table and who deleted it. */
export type ModeratedLine = RouterOutputs["admin"]["chat"]["list"]["lines"][number];
/** A mute or a chat ban in force (`admin.chat.mutes`); `until` null is a ban. */
export type ChatMute = RouterOutputs["admin"]["chat"]["mutes"]["mutes"][number];

/** Whom an action is about: a line's writer. */
export interface Writer {
  userId: string;
  name: string;
}

/** What the last action did, or why it was refused. */
export interface Outcome {
  ok: boolean;
  text: string;
}

export interface ChatModeration {
  /** Asks (with an optional reason), then deletes the line for everyone. */
  remove: (line: ModeratedLine) => Promise<void>;
  /** Opens the mute dialog for the line's writer. */
  mute: (writer: Writer) => void;
  /** Asks (with an optional reason), then bans the writer from every table's chat. */
  ban: (writer: Writer) => Promise<void>;
  /** Lifts a mute or a chat ban. */
  unmute: (writer: Writer) => Promise<void>;
  outcome: Outcome | null;
  /** Render once where the moderation is used: the confirm and mute dialogs. */
  dialogs: ReactNode;
}

/** The confirm dialog's reason field: kept in a ref, read once the operator confirms. */
function ReasonField({ onValue }: { onValue: (value: string) => void }) {
  return (
    <label className={styles.reason}>
      Reason (kept in the audit log, optional)
      <input
        name="reason"
        maxLength={500}
        data-testid="chat-reason"
        onChange={(event) => {
          onValue(event.target.value);
        }}
      />
    </label>
  );
}

/** Trimmed, or left out when empty (the API takes none). */
const reasonOf = (typed: string) => (typed.trim() === "" ? undefined : typed.trim());

/**
 * The operators' actions on a table's chat (docs/chat.md, Moderation): delete a line, mute its
 * writer for some minutes, ban them from chat, lift either. Each asks first; every one is audited
 * by the game API. `onChanged` reads the lines (and mutes) again after an action.
 */
export function useChatModeration(onChanged: () => void): ChatModeration {
  const { ask, dialog } = useConfirm();
  const [muting, setMuting] = useState<Writer | null>(null);
  const [muteProblem, setMuteProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const reason = useRef("");

  const askWithReason = (title: string, body: string, confirm: string) => {
    reason.current = "";
    return ask({
      title,
      body: (
        <>
          <p className={styles.dialogText}>{body}</p>
          <ReasonField
            onValue={(value) => {
              reason.current = value;
            }}
          />
        </>
      ),
      confirm,
      danger: true,
    });
  };

  const done = (ok: boolean, text: string) => {
    setOutcome({ ok, text });
    if (ok) onChanged();
  };

  const remove = async (line: ModeratedLine) => {
    const yes = await askWithReason(
      `Delete ${line.name}'s line?`,
      `“${line.text}” leaves every player's page at ${line.tableName} at once; the portal keeps it, struck through.`,
      "Delete line",
    );
    if (!yes) return;
    const answer = await answered(
      relayApi.admin.chat.delete.mutate({ messageId: line.id, reason: reasonOf(reason.current) }),
    );
    done(answer.ok, answer.ok ? `${line.name}'s line deleted.` : problemOf(answer));
  };

  const ban = async (writer: Writer) => {
    const yes = await askWithReason(
      `Ban ${writer.name} from chat?`,
      "They can no longer write in any table's chat until an operator lifts the ban; they can still play.",
      "Ban from chat",
    );
    if (!yes) return;
    const answer = await answered(
      relayApi.admin.chat.ban.mutate({ userId: writer.userId, reason: reasonOf(reason.current) }),
    );
    done(answer.ok, answer.ok ? `${writer.name} is banned from chat.` : problemOf(answer));
  };

  const unmute = async (writer: Writer) => {
    const answer = await answered(relayApi.admin.chat.unmute.mutate({ userId: writer.userId }));
    done(answer.ok, answer.ok ? `${writer.name} can write again.` : problemOf(answer));
  };

  return {
    remove,
    mute: (writer) => {
      setMuteProblem(null);
      setMuting(writer);
    },
    ban,
    unmute,
    outcome,
    dialogs: (
      <>
        {dialog}
        <MuteDialog
          writer={muting}
          problem={muteProblem}
          onCancel={() => {
            setMuting(null);
          }}
          onMute={(minutes, typedReason) => {
            if (muting === null) return;
            const writer = muting;
            void answered(
              relayApi.admin.chat.mute.mutate({
                userId: writer.userId,
                minutes,
                reason: reasonOf(typedReason),
              }),
            ).then((answer) => {
              if (!answer.ok) {
                // Said in the dialog, which stays open to try again.
                setMuteProblem(problemOf(answer));
                return;
              }
              setMuting(null);
              done(true, `${writer.name} is muted for ${minutesWords(minutes)}.`);
            });
          }}
        />
      </>
    ),
  };
}

/** "15 minutes", "1 hour", "1 day", "90 minutes". */
export function minutesWords(minutes: number): string {
  if (minutes % 1_440 === 0) return plural(minutes / 1_440, "day");
  if (minutes % 60 === 0) return plural(minutes / 60, "hour");
  return plural(minutes, "minute");
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
