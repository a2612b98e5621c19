"use client";

import { useEffect, useState } from "react";

import { answered, problemOf, relayApi } from "~/procedures";

import { ChatFeed } from "./chat-lines";
import type { ChatModeration, ModeratedLine } from "./chat-moderation";
import styles from "./chat.module.css";

/** A monitor card shows this many of its table's latest lines; the Chat page has the rest. */
const FEED_LINES = 8;

/**
 * One table's latest lines with the operators' actions, for the live monitor. Read again
 * whenever `version` changes: the monitor bumps it on the table's chat events and after an action.
 */
export function TableChat({
  tableId,
  version,
  moderation,
}: {
  /** Null until the monitor knows the table's id. */
  tableId: string | null;
  version: number;
  moderation: ChatModeration;
}) {
  const [lines, setLines] = useState<ModeratedLine[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (tableId === null) return;
    let live = true;
    void answered(relayApi.admin.chat.list.query({ tableId, limit: FEED_LINES })).then((answer) => {
      if (!live) return;
      if (answer.ok) {
        setLines(answer.data.lines);
        setProblem(null);
      } else setProblem(problemOf(answer));
    });
    return () => {
      live = false;
    };
  }, [tableId, version]);

  return (
    <section className={styles.tableChat} aria-label="Chat" data-testid="table-chat">
      <h3>
        Chat
        {tableId !== null && (
          <a className={styles.more} href={`/chat?table=${tableId}`}>
            every line
          </a>
        )}
      </h3>
      {problem !== null && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {lines !== null && <ChatFeed lines={lines} moderation={moderation} />}
    </section>
  );
}
