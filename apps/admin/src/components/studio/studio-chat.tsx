"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import type { ChatLine } from "@fuda/contracts";
import { chatLength, MAX_CHAT_LENGTH, normalizeChatText } from "@fuda/contracts";

import { useChatEvents } from "~/components/chat/chat-events";
import { answered, problemOf, relayApi } from "~/procedures";

import styles from "./studio.module.css";
import { newId } from "./use-studio";

/** The console shows the table's latest lines: enough to answer a player, not to read back. */
const LINES = 30;
const RETRY_MS = 2_000;

/**
 * The table's chat beside the card entry (docs/chat.md): the players' lines as they come, and a
 * field to answer them as the table's dealer. Keys typed in it are the field's, never a card's.
 */
export function StudioChat({ tableId, slug }: { tableId: string; slug: string }) {
  const [lines, setLines] = useState<ChatLine[]>([]);
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  // Bumped by each chat event and each line sent: the lines are read again.
  const [version, setVersion] = useState(0);
  const readAgain = useCallback(() => {
    setVersion((count) => count + 1);
  }, []);

  useEffect(() => {
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    void answered(relayApi.chat.history.query({ tableId, limit: LINES })).then((answer) => {
      // A later read is under way: its answer is the one shown.
      if (!live) return;
      if (answer.ok) setLines(answer.data.lines);
      // Unanswered, it is tried again: the next chat event may be long in coming.
      else retry = setTimeout(readAgain, RETRY_MS);
    });
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [tableId, version, readAgain]);
  useChatEvents(slug, readAgain);

  // The newest line is the last: keep it in view as lines come.
  const newest = lines.at(-1)?.id;
  useEffect(() => {
    const element = list.current;
    if (element !== null) element.scrollTop = element.scrollHeight;
  }, [newest]);

  const left = MAX_CHAT_LENGTH - chatLength(normalizeChatText(text));

  return (
    <section className={styles.panel} aria-label="Table chat" data-testid="studio-chat">
      <h2>Chat</h2>
      {lines.length === 0 ? (
        <p className={styles.muted}>No lines yet.</p>
      ) : (
        <ol ref={list} className={styles.chatLines}>
          {lines.map((line) => (
            <li key={line.id} data-testid="studio-chat-line" data-role={line.role}>
              <span className={styles.chatName}>{line.name}</span>
              {line.role !== "player" && <span className={styles.chatRole}>{line.role}</span>}{" "}
              {line.text}
            </li>
          ))}
        </ol>
      )}
      <form
        className={styles.chatForm}
        onSubmit={(event) => {
          event.preventDefault();
          if (normalizeChatText(text) === "" || sending) return;
          setSending(true);
          void answered(relayApi.chat.send.mutate({ tableId, text, requestId: newId() })).then(
            (answer) => {
              setSending(false);
              if (answer.ok) {
                setText("");
                setProblem(null);
                readAgain();
              } else setProblem(problemOf(answer));
            },
          );
        }}
      >
        <input
          aria-label="Write to the table as the dealer"
          data-testid="studio-chat-input"
          autoComplete="off"
          placeholder="Write to the table"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
          onKeyDown={(event) => {
            // Esc leaves the field: the page's keys enter cards again.
            if (event.key === "Escape") event.currentTarget.blur();
          }}
        />
        <button type="submit" className={styles.secondary} disabled={sending || left < 0}>
          Send
        </button>
      </form>
      {left < 20 && (
        <p className={left < 0 ? styles.chatProblem : styles.muted} data-testid="studio-chat-left">
          {left} characters left
        </p>
      )}
      {problem !== null && (
        <p className={styles.chatProblem} role="alert" data-testid="studio-chat-problem">
          {problem}
        </p>
      )}
    </section>
  );
}
