"use client";

import { useSearchParams } from "next/navigation";
import { Suspense, useCallback, useEffect, useState } from "react";

import { ChatTable } from "~/components/chat/chat-lines";
import type { ChatMute, ModeratedLine } from "~/components/chat/chat-moderation";
import { useChatModeration } from "~/components/chat/chat-moderation";
import chat from "~/components/chat/chat.module.css";
import { MutedPlayers } from "~/components/chat/muted-players";
import { CursorPager } from "~/components/cursor-pager";
import { ActionMessages } from "~/components/record-parts";
import styles from "~/components/records.module.css";
import type { AdminTable } from "~/components/tables-admin";
import { answered, problemOf, relayApi } from "~/procedures";

/**
 * The lines are read again this often: every table's chat at once has no one stream to follow
 * (a table's own is followed on the monitor), and a moderator wants a line within seconds.
 */
const POLL_MS = 2_500;
const PAGE_SIZE = 50;

interface Page {
  lines: ModeratedLine[];
  nextCursor: string | null;
}

/** Every table's chat, newest first, with the operators' actions (docs/chat.md, Moderation). */
export default function ChatPage() {
  // `?table=` (the monitor's link) is read from the address, which a prerendered page lacks.
  return (
    <Suspense>
      <Chat />
    </Suspense>
  );
}

function Chat() {
  const params = useSearchParams();
  const [tableId, setTableId] = useState(params.get("table") ?? "");
  const [player, setPlayer] = useState<{ userId: string; name: string } | null>(null);
  // The cursors of the pages read to reach this one: [undefined] on the newest page.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [page, setPage] = useState<Page | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [tables, setTables] = useState<AdminTable[]>([]);
  const [mutes, setMutes] = useState<ChatMute[]>([]);
  // Bumped by the clock and after each action: the page and the mutes are read again.
  const [reads, setReads] = useState(0);
  const readAgain = useCallback(() => {
    setReads((count) => count + 1);
  }, []);
  const moderation = useChatModeration(readAgain);

  useEffect(() => {
    void answered(relayApi.admin.tables.list.query()).then((answer) => {
      if (answer.ok) setTables(answer.data);
    });
  }, []);

  useEffect(() => {
    const timer = setInterval(() => {
      // A hidden tab reads nothing; it catches up when shown.
      if (document.visibilityState === "visible") readAgain();
    }, POLL_MS);
    return () => {
      clearInterval(timer);
    };
  }, [readAgain]);

  const cursor = cursors[cursors.length - 1];
  const userId = player?.userId;
  useEffect(() => {
    let live = true;
    const input = {
      tableId: tableId === "" ? undefined : tableId,
      userId,
      cursor,
      limit: PAGE_SIZE,
    };
    void answered(relayApi.admin.chat.list.query(input)).then((answer) => {
      if (!live) return;
      if (answer.ok) {
        setPage(answer.data);
        setProblem(null);
      } else setProblem(problemOf(answer));
    });
    void answered(relayApi.admin.chat.mutes.query()).then((answer) => {
      if (live && answer.ok) setMutes(answer.data.mutes);
    });
    return () => {
      live = false;
    };
  }, [tableId, userId, cursor, reads]);

  /** A new filter starts from the newest page. */
  const filter = (change: () => void) => {
    change();
    setCursors([undefined]);
  };
  const next = page?.nextCursor ?? null;

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Chat</h1>
      <div className={styles.filters}>
        <label>
          Table
          <select
            className={chat.select}
            value={tableId}
            data-testid="chat-table"
            onChange={(event) => {
              const chosen = event.target.value;
              filter(() => {
                setTableId(chosen);
              });
            }}
          >
            <option value="">Every table</option>
            {tables.map((table) => (
              <option key={table.id} value={table.id}>
                {table.name}
              </option>
            ))}
          </select>
        </label>
        {player !== null && (
          <span className={chat.chip} data-testid="chat-player">
            Player: <strong>{player.name}</strong>
            <button
              type="button"
              aria-label={`Every player, not only ${player.name}`}
              onClick={() => {
                filter(() => {
                  setPlayer(null);
                });
              }}
            >
              ×
            </button>
          </span>
        )}
        <span className={chat.quiet}>Newest first, read every few seconds. Times are UTC.</span>
      </div>
      <ActionMessages
        problem={problem ?? (moderation.outcome?.ok === false ? moderation.outcome.text : null)}
        notice={moderation.outcome?.ok === true ? moderation.outcome.text : null}
        testId="chat-outcome"
      />
      {page !== null && (
        <ChatTable
          lines={page.lines}
          moderation={moderation}
          onPlayer={(writer) => {
            filter(() => {
              setPlayer(writer);
            });
          }}
        />
      )}
      <CursorPager
        pages={{
          newer:
            cursors.length === 1
              ? null
              : () => {
                  setCursors((trail) => trail.slice(0, -1));
                },
          older:
            next === null
              ? null
              : () => {
                  setCursors((trail) => [...trail, next]);
                },
        }}
      />
      <section className={styles.panel}>
        <h2>Muted players</h2>
        <MutedPlayers mutes={mutes} moderation={moderation} />
      </section>
      {moderation.dialogs}
    </main>
  );
}
