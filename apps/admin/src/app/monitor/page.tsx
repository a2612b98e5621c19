"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ReactNode } from "react";

import type { RouterOutputs } from "@fuda/api";
import type { SubscriptionPath } from "@fuda/api/types";
import { formatPoints, GAME_LABELS } from "@fuda/ui";

import { isChatEvent } from "~/components/chat/chat-events";
import { useChatModeration } from "~/components/chat/chat-moderation";
import { TableChat } from "~/components/chat/table-chat";
import { useConfirm } from "~/components/confirm-dialog";
import styles from "~/components/ops-page.module.css";
import { hasChat } from "~/components/table-forms";
import type { Answer } from "~/procedures";
import { answered, problemOf, relayApi } from "~/procedures";
import { useNow } from "~/components/use-now";

type Monitor = RouterOutputs["admin"]["monitor"]["tables"];
type MonitorTable = Monitor[number];

/** A burst of events (a deal reveals a card per step) becomes one read. */
const REFRESH_AFTER_EVENT_MS = 250;
/** Each alert's title, as the operators know it (docs/operators.md, The live monitor). */
const ALERT_TITLES: Record<MonitorTable["alerts"][number]["kind"], string> = {
  consoleSilent: "Console silent",
};

/** A silent console sends no event: studio tables are read again this often. */
const STUDIO_REFRESH_MS = 5_000;

const loadMonitor = () => answered(relayApi.admin.monitor.tables.query());

/** A table's event stream, read by the browser's own EventSource through the relay. */
const TABLE_EVENTS: SubscriptionPath = "tables.events";

/** Seconds left until `iso`, never negative. */
const secondsUntil = (iso: string, now: number) =>
  Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000));

/** Whole seconds since `iso`, never negative. */
const secondsSince = (iso: string, now: number) =>
  Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));

export default function MonitorPage() {
  const [tables, setTables] = useState<Monitor>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const now = useNow();
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The monitor names tables by slug; their chat is read by id.
  const [tableIds, setTableIds] = useState<Record<string, string>>({});
  // Each table's chat is read again when its stream says a line came or went; every table's
  // after an operator's action.
  const [chatSeen, setChatSeen] = useState<Record<string, number>>({});
  const [chatActed, setChatActed] = useState(0);
  const moderation = useChatModeration(
    useCallback(() => {
      setChatActed((count) => count + 1);
    }, []),
  );

  const show = useCallback((answer: Answer<Monitor>) => {
    if (answer.ok) {
      setTables(answer.data);
      setProblem(null);
    } else setProblem(problemOf(answer));
  }, []);

  useEffect(() => {
    void loadMonitor().then(show);
    void answered(relayApi.tables.list.query()).then((answer) => {
      if (answer.ok)
        setTableIds(Object.fromEntries(answer.data.map((table) => [table.slug, table.id])));
    });
  }, [show]);

  const studio = tables.some((table) => table.studio !== null);
  useEffect(() => {
    if (!studio) return;
    const timer = setInterval(() => {
      void loadMonitor().then(show);
    }, STUDIO_REFRESH_MS);
    return () => {
      clearInterval(timer);
    };
  }, [studio, show]);

  // Each table's event stream (the game API's `tables.events`, through the relay): any step of a
  // round reads the monitor again; a chat line reads that table's chat alone.
  const slugs = tables.map((table) => table.slug).join(",");
  useEffect(() => {
    if (slugs === "") return;
    const refresh = () => {
      if (pending.current !== null) return;
      pending.current = setTimeout(() => {
        pending.current = null;
        void loadMonitor().then(show);
      }, REFRESH_AFTER_EVENT_MS);
    };
    const sources = slugs.split(",").map((slug) => {
      const input = encodeURIComponent(JSON.stringify({ slug }));
      const source = new EventSource(`/api/trpc/${TABLE_EVENTS}?input=${input}`);
      const chatAgain = () => {
        setChatSeen((seen) => ({ ...seen, [slug]: (seen[slug] ?? 0) + 1 }));
      };
      source.onmessage = (message: MessageEvent<string>) => {
        if (isChatEvent(message.data)) chatAgain();
        else refresh();
      };
      // The stream starts from its opening (and again after a drop): what came between the
      // page's reads and it is read again.
      source.onopen = () => {
        chatAgain();
        refresh();
      };
      return source;
    });
    return () => {
      for (const source of sources) source.close();
    };
  }, [slugs, show]);

  return (
    <main className={styles.main}>
      <div className={styles.heading}>
        <h1>Live monitor</h1>
        <p className={styles.lead}>
          Every table&apos;s round in play, updated from the tables&apos; event streams.
        </p>
      </div>
      {problem !== null && (
        <p className={styles.problem} role="alert" data-testid="problem">
          {problem}
        </p>
      )}
      {moderation.outcome !== null && (
        <p
          className={moderation.outcome.ok ? styles.notice : styles.problem}
          role={moderation.outcome.ok ? "status" : "alert"}
          data-testid="chat-outcome"
        >
          {moderation.outcome.text}
        </p>
      )}
      <div className={styles.cards}>
        {tables.map((table) => (
          <TableCard
            key={table.slug}
            table={table}
            now={now}
            onChanged={() => void loadMonitor().then(show)}
            chat={
              hasChat(table.game) && (
                <TableChat
                  tableId={tableIds[table.slug] ?? null}
                  version={(chatSeen[table.slug] ?? 0) + chatActed}
                  moderation={moderation}
                />
              )
            }
          />
        ))}
      </div>
      <p className={styles.note}>
        Stakes are in points (1 point = 100 minor units), refunded bets left out. Baccarat&apos;s
        exposure is the gap between the Player and Banker stakes; the cap is the larger side&apos;s
        table maximum. A studio table&apos;s console silent for longer than the table allows while a
        round needs it raises &quot;Console silent&quot;: cancel the round there if it cannot go on
        (every open bet refunded, its cards burned). Each table&apos;s latest chat lines are under
        its round; the Chat page has every line.
      </p>
      {moderation.dialogs}
    </main>
  );
}

function TableCard({
  table,
  now,
  onChanged,
  chat,
}: {
  table: MonitorTable;
  now: number;
  onChanged: () => void;
  /** The table's chat, with the operators' actions. */
  chat: ReactNode;
}) {
  const { round, exposure, studio } = table;
  const countdown =
    round === null || now === 0
      ? null
      : round.phase === "betting"
        ? secondsUntil(round.closesAt, now)
        : round.actsBy !== null && round.phase === "dealing"
          ? secondsUntil(round.actsBy, now)
          : null;
  return (
    <section
      className={styles.card}
      data-testid="monitor-table"
      data-slug={table.slug}
      data-dealing={table.dealing}
    >
      <h2>
        {table.name} <code>{table.slug}</code>
      </h2>
      {table.alerts.map((alert) => (
        <div key={alert.kind} className={styles.problem} role="alert" data-testid="alert">
          <strong>{ALERT_TITLES[alert.kind]}</strong>
          <div>{alert.message}</div>
          {round !== null && (round.phase === "betting" || round.phase === "dealing") && (
            <CancelRound roundId={round.id} number={round.number} onCancelled={onChanged} />
          )}
        </div>
      ))}
      <dl className={styles.facts}>
        <dt>Game</dt>
        <dd>{GAME_LABELS[table.game]}</dd>
        <dt>Status</dt>
        <dd data-testid="status">{table.status}</dd>
        <dt>Dealing</dt>
        <dd data-testid="dealing">{table.dealing === "studio" ? "Studio" : "Automatic"}</dd>
        {studio !== null && (
          <>
            <dt>Console</dt>
            <dd data-testid="console">
              {studio.console === null
                ? "no console"
                : `${studio.console.dealerName ?? studio.console.dealerId}, seen ${
                    now === 0 ? "—" : `${secondsSince(studio.console.seenAt, now)} s ago`
                  }`}
            </dd>
            <dt>Console silent</dt>
            <dd
              data-testid="silent-for"
              className={table.alerts.length > 0 ? styles.flag : undefined}
            >
              {studio.silentFor === null
                ? "—"
                : `${studio.silentFor} s of ${studio.silentSeconds} s`}
            </dd>
          </>
        )}
        <dt>Round</dt>
        <dd data-testid="round">
          {round === null ? (
            "none yet"
          ) : (
            // The round's record: where its outcome is read, and a joker blackjack round in
            // play is corrected (rewind, unrecoverable, improper deal).
            <a href={`/rounds/${round.id}`}>
              #{round.number}
              {table.game === "joker-blackjack" && round.phase === "dealing" && " · correct…"}
            </a>
          )}
        </dd>
        <dt>Phase</dt>
        <dd data-testid="phase">{round?.phase ?? "—"}</dd>
        <dt>{round?.phase === "betting" ? "Betting closes in" : "Decision due in"}</dt>
        <dd data-testid="countdown">{countdown === null ? "—" : `${countdown} s`}</dd>
        <dt>Players betting</dt>
        <dd data-testid="bettors">{table.bettors}</dd>
        <dt>Players seated</dt>
        <dd>{table.seated}</dd>
        {exposure !== null && (
          <>
            <dt>Exposure</dt>
            <dd
              data-testid="exposure"
              className={exposure.amount > exposure.cap ? styles.flag : undefined}
            >
              {formatPoints(exposure.amount)} on {exposure.side} of {formatPoints(exposure.cap)} (
              {exposure.cap === 0 ? "—" : `${Math.round((exposure.amount / exposure.cap) * 100)} %`}
              )
            </dd>
          </>
        )}
      </dl>
      {table.stakes.length === 0 ? (
        <p className={styles.note}>No stakes in this round.</p>
      ) : (
        <table className={styles.table} data-testid="stakes">
          <thead>
            <tr>
              <th scope="col">Bet spot</th>
              <th scope="col" className={styles.number}>
                Bets
              </th>
              <th scope="col" className={styles.number}>
                Stakes
              </th>
            </tr>
          </thead>
          <tbody>
            {table.stakes.map((stake) => (
              <tr key={stake.bet} data-testid="stake" data-bet={stake.bet}>
                <td>
                  <code>{stake.bet}</code>
                </td>
                <td className={styles.number}>{stake.bets}</td>
                <td className={styles.number}>{formatPoints(stake.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {chat}
    </section>
  );
}

/**
 * Cancels an alerted table's round (docs/rules/live-tables.md, Interrupted rounds): every open
 * bet refunded through the ledger, the round's cards burned; asked first, with a reason.
 */
function CancelRound({
  roundId,
  number,
  onCancelled,
}: {
  roundId: string;
  number: number;
  onCancelled: () => void;
}) {
  const [reason, setReason] = useState("Console silent");
  const [said, setSaid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { ask, dialog } = useConfirm();
  return (
    <form
      data-testid="cancel-round"
      onSubmit={(event) => {
        event.preventDefault();
        void (async () => {
          const yes = await ask({
            title: `Cancel round #${number}?`,
            body: "Every open bet is refunded through the ledger and the round's cards are burned; the shoe stays in play. This cannot be undone.",
            confirm: "Cancel round",
            danger: true,
          });
          if (!yes) return;
          setBusy(true);
          const answer = await answered(relayApi.admin.rounds.cancel.mutate({ roundId, reason }));
          setBusy(false);
          setSaid(
            answer.ok
              ? `Round #${number} cancelled: ${answer.data.refunds} ${answer.data.refunds === 1 ? "bet" : "bets"} refunded.`
              : problemOf(answer),
          );
          if (answer.ok) onCancelled();
        })();
      }}
    >
      <label>
        Reason{" "}
        <input
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
          }}
        />
      </label>{" "}
      <button type="submit" className={styles.danger} disabled={busy}>
        Cancel round
      </button>
      {said !== null && <p role="status">{said}</p>}
      {dialog}
    </form>
  );
}
