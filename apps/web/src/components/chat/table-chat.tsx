"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { SubmitEvent } from "react";

import type { GameName } from "@fuda/api";
import { chatLength, MAX_CHAT_LENGTH, normalizeChatText } from "@fuda/contracts";
import type { ChatLine } from "@fuda/contracts";

import { answered, relayApi } from "~/relay-api";
import type { TableEvent } from "~/table-stream";

import { useAccount } from "../account-context";
import styles from "./chat.module.css";
import type { ChatEntry } from "./chat-log";
import {
  emptyLog,
  entriesOf,
  withEarlierPage,
  withLines,
  withNewestPage,
  withoutLine,
  withOwnEntry,
} from "./chat-log";
import { chatRefusalOf } from "./chat-refusal";
import { useChatWords } from "./chat-words";
import { useHiddenPlayers } from "./hidden-players";
import { useSystemWords } from "./system-words";
import { useTableFeed } from "./table-feed";

/** Lines a history page reads. */
const PAGE_LINES = 50;
/** How near the end (px) still counts as reading the newest lines. */
const AT_BOTTOM_PX = 32;
/**
 * The input's own limit, in UTF-16 units: an emoji takes two, so it is twice the rule's 200
 * characters; the counter and the send button keep to the rule itself.
 */
const INPUT_MAX_LENGTH = MAX_CHAT_LENGTH * 2;

/** A `chat.message` event as the line `chat.history` would return. */
function lineOf(event: Extract<TableEvent, { type: "chat.message" }>): ChatLine {
  const { messageId, userId, name, role, text } = event.payload;
  return { id: messageId, tableId: event.tableId, userId, name, role, text, at: event.at };
}

/**
 * A table's chat beside its game (docs/chat.md): the history, then the lines as the table's own
 * stream brings them; a signed-in player writes (at joker blackjack a number bets, a decision
 * word acts, answered to the sender alone); guests read. The round's news is written here in the
 * reader's language; a player the reader hides stays hidden on this browser.
 */
export function TableChat({ table }: { table: { id: string; game: GameName } }) {
  const t = useTranslations("chat");
  const feed = useTableFeed();
  const { account, loaded, setBalance, balanceMark } = useAccount();
  const words = useChatWords(table.game);
  const systemWords = useSystemWords(table.game);
  const { hidden, hide, show } = useHiddenPlayers();
  const bodyId = useId();

  const [log, setLog] = useState(emptyLog);
  const [history, setHistory] = useState<"loading" | "loaded" | "failed">("loading");
  const [readingEarlier, setReadingEarlier] = useState(false);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  // Sends answered (taken or refused): a test hook, and what tells one refusal from the next.
  const [answers, setAnswers] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(true);
  const [unread, setUnread] = useState(0);

  const list = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  // Where the reader was before older lines went in above: they stay on the same line.
  const heldAt = useRef<{ height: number; top: number } | null>(null);
  // A line whose answer never came may have been posted: sent again, it keeps its requestId.
  const unanswered = useRef<{ text: string; requestId: string } | null>(null);
  const readNewest = useRef<() => void>(() => undefined);
  const current = useRef({ systemWords, open, me: account?.id ?? null, hidden });
  useEffect(() => {
    current.current = { systemWords, open, me: account?.id ?? null, hidden };
  });

  // The history once the stream is open (nothing said since then is missed: both are merged by
  // line id), and again each time it opens after a break, for what was said meanwhile.
  useEffect(() => {
    if (feed === null) return;
    let reading: AbortController | null = null;
    const load = async () => {
      reading?.abort();
      const read = new AbortController();
      reading = read;
      const page = await answered(
        relayApi.chat.history.query(
          { tableId: table.id, limit: PAGE_LINES },
          { signal: read.signal },
        ),
      );
      if (read.signal.aborted) return;
      if (!page.ok) {
        setHistory((state) => (state === "loaded" ? state : "failed"));
        return;
      }
      setLog((before) => withNewestPage(before, page.data));
      setHistory("loaded");
    };
    readNewest.current = () => void load();
    const stop = feed.listen({
      onConnection(connection) {
        if (connection === "live") void load();
      },
      onEvent(event, state) {
        if (event.type === "chat.message") {
          const line = lineOf(event);
          setLog((before) => withLines(before, [line]));
          const { open: shown, me, hidden: hiddenNow } = current.current;
          if (!shown && line.userId !== me && !hiddenNow.some((p) => p.userId === line.userId)) {
            setUnread((count) => count + 1);
          }
        } else if (event.type === "chat.deleted") {
          setLog((before) => withoutLine(before, event.payload.messageId));
        } else {
          const text = current.current.systemWords(event, state);
          if (text !== null) setLog((before) => withOwnEntry(before, "system", text));
        }
      },
    });
    if (feed.connectionNow === "live") void load();
    return () => {
      stop();
      reading?.abort();
    };
  }, [feed, table.id]);

  const readEarlier = async () => {
    const cursor = log.earlier;
    if (cursor === null || readingEarlier) return;
    setReadingEarlier(true);
    const page = await answered(
      relayApi.chat.history.query({ tableId: table.id, cursor, limit: PAGE_LINES }),
    );
    setReadingEarlier(false);
    if (!page.ok) {
      setError(t("failed"));
      return;
    }
    const shown = list.current;
    if (shown !== null) heldAt.current = { height: shown.scrollHeight, top: shown.scrollTop };
    setLog((before) => withEarlierPage(before, page.data));
  };

  const hiddenIds = useMemo(() => new Set(hidden.map((player) => player.userId)), [hidden]);
  const entries = useMemo(
    () =>
      entriesOf(log).filter((entry) => entry.kind !== "line" || !hiddenIds.has(entry.line.userId)),
    [log, hiddenIds],
  );

  // The newest line stays in view while the reader is at the end; reading back, nothing moves.
  useLayoutEffect(() => {
    const shown = list.current;
    if (shown === null) return;
    const held = heldAt.current;
    heldAt.current = null;
    if (held !== null) shown.scrollTop = held.top + shown.scrollHeight - held.height;
    else if (atBottom.current) shown.scrollTop = shown.scrollHeight;
  }, [entries, open]);

  const text = normalizeChatText(draft);
  const left = MAX_CHAT_LENGTH - chatLength(text);
  const canWrite = account !== null && !account.guest;

  const send = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || text === "" || left < 0) return;
    const typed = draft;
    const requestId =
      unanswered.current?.text === typed ? unanswered.current.requestId : crypto.randomUUID();
    setSending(true);
    const since = balanceMark();
    const answer = await answered(
      relayApi.chat.send.mutate({ tableId: table.id, text: typed, requestId }),
    );
    setSending(false);
    setAnswers((count) => count + 1);
    unanswered.current =
      !answer.ok && (answer.status === 0 || answer.status >= 500)
        ? { text: typed, requestId }
        : null;
    if (!answer.ok) {
      setError(words.refusal(chatRefusalOf(answer.status, answer.error)));
      return;
    }
    setError(null);
    // What was typed while the line went out stays.
    setDraft((now) => (now === typed ? "" : now));
    atBottom.current = true;
    const sent = answer.data;
    switch (sent.kind) {
      case "message":
        setLog((before) => withLines(before, [sent.line]));
        break;
      case "bet":
        setBalance(sent.balance, since);
        // The table's own view of the player's stakes is read again: the bet went past its slip.
        feed?.ownBets();
        setLog((before) =>
          withOwnEntry(before, "private", words.betPlaced(sent.amount, sent.seat)),
        );
        break;
      case "action":
        setBalance(sent.balance, since);
        setLog((before) =>
          withOwnEntry(before, "private", words.actionTaken(sent.seat, sent.hand, sent.action)),
        );
        break;
    }
  };

  const toggle = () => {
    setOpen((shown) => !shown);
    setUnread(0);
  };

  return (
    <aside
      className={styles.chat}
      aria-label={t("title")}
      data-testid="table-chat"
      data-history={history}
      data-open={open}
    >
      <header className={styles.head}>
        <h2 className={styles.title}>{t("title")}</h2>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          data-testid="chat-toggle"
          onClick={toggle}
        >
          {open ? t("collapse") : t("expand")}
          {!open && unread > 0 && (
            <span
              className={styles.unread}
              data-testid="chat-unread"
              aria-label={t("unread", { count: unread })}
            >
              {unread}
            </span>
          )}
        </button>
      </header>

      <div className={styles.body} id={bodyId}>
        <ol
          ref={list}
          className={styles.lines}
          aria-live="polite"
          aria-relevant="additions"
          data-testid="chat-lines"
          onScroll={(event) => {
            const shown = event.currentTarget;
            atBottom.current =
              shown.scrollHeight - shown.scrollTop - shown.clientHeight <= AT_BOTTOM_PX;
          }}
        >
          {log.earlier !== null && (
            <li className={styles.earlier}>
              <button
                type="button"
                data-testid="chat-earlier"
                disabled={readingEarlier}
                onClick={() => void readEarlier()}
              >
                {readingEarlier ? t("loading") : t("earlier")}
              </button>
            </li>
          )}
          {history === "failed" && (
            <li className={styles.system}>
              {t("failed")}{" "}
              <button
                type="button"
                className={styles.link}
                onClick={() => {
                  readNewest.current();
                }}
              >
                {t("retry")}
              </button>
            </li>
          )}
          {history === "loaded" && entries.length === 0 && (
            <li className={styles.system} data-testid="chat-empty">
              {t("empty")}
            </li>
          )}
          {entries.map((entry) => (
            <Entry
              key={entry.key}
              entry={entry}
              me={account?.id ?? null}
              onHide={(line) => {
                hide({ userId: line.userId, name: line.name });
              }}
            />
          ))}
        </ol>

        {canWrite ? (
          <form
            className={styles.write}
            data-answers={answers}
            onSubmit={(event) => void send(event)}
          >
            <input
              className={styles.input}
              data-testid="chat-input"
              aria-label={t("inputLabel")}
              placeholder={t("placeholder")}
              autoComplete="off"
              enterKeyHint="send"
              maxLength={INPUT_MAX_LENGTH}
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
              }}
            />
            <span
              className={styles.left}
              data-testid="chat-left"
              data-over={left < 0}
              aria-label={t("left", { count: left })}
            >
              {left}
            </span>
            <button
              type="submit"
              className={styles.send}
              data-testid="chat-send"
              disabled={sending || text === "" || left < 0}
            >
              {t("send")}
            </button>
          </form>
        ) : (
          loaded && (
            <p className={styles.signIn} data-testid="chat-sign-in">
              <Link href="/sign-in">{t("signIn")}</Link>
            </p>
          )
        )}
        {error !== null && (
          <p className={styles.error} role="status" data-testid="chat-error">
            {error}
          </p>
        )}

        {hidden.length > 0 && (
          <details className={styles.hidden} data-testid="chat-hidden">
            <summary>{t("hidden", { count: hidden.length })}</summary>
            <ul>
              {hidden.map((player) => (
                <li key={player.userId}>
                  <span translate="no">{player.name}</span>
                  <button
                    type="button"
                    className={styles.link}
                    data-testid="chat-show"
                    aria-label={t("showLabel", { name: player.name })}
                    onClick={() => {
                      show(player.userId);
                    }}
                  >
                    {t("show")}
                  </button>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </aside>
  );
}

/** One entry of the list: a line (its writer's badge, and "Hide" for another player's), or the page's own. */
function Entry({
  entry,
  me,
  onHide,
}: {
  entry: ChatEntry;
  me: string | null;
  onHide: (line: ChatLine) => void;
}) {
  const t = useTranslations("chat");
  const hideLine = useCallback(() => {
    if (entry.kind === "line") onHide(entry.line);
  }, [entry, onHide]);
  if (entry.kind === "system") {
    return (
      <li className={styles.system} data-testid="chat-system">
        {entry.text}
      </li>
    );
  }
  if (entry.kind === "private") {
    return (
      <li className={styles.private} data-testid="chat-private" title={t("private.note")}>
        <span className={styles.only}>{t("private.only")}</span> {entry.text}
      </li>
    );
  }
  const { line } = entry;
  const own = line.userId === me;
  return (
    <li
      className={styles.line}
      data-testid="chat-line"
      data-line-id={line.id}
      data-role={line.role}
      data-own={own}
    >
      {line.role === "dealer" && <span className={styles.badge}>{t("dealer")}</span>}
      {line.role === "operator" && <span className={styles.staff}>{t("staff")}</span>}
      <span className={styles.name} translate="no">
        {line.name}
      </span>{" "}
      <span className={styles.text} translate="no" data-testid="chat-text">
        {line.text}
      </span>
      {!own && line.role === "player" && (
        <button
          type="button"
          className={styles.hide}
          data-testid="chat-hide"
          aria-label={t("hideLabel", { name: line.name })}
          onClick={hideLine}
        >
          {t("hide")}
        </button>
      )}
    </li>
  );
}
