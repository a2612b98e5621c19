"use client";

import { use, useState } from "react";

import { formatPoints, formatTimestamp } from "@fuda/ui";

import { useConfirm } from "~/components/confirm-dialog";
import styles from "~/components/records.module.css";
import {
  ActionForm,
  ActionMessages,
  RecordPending,
  RecordTable,
  StateField,
} from "~/components/record-parts";
import type { ActionMessage } from "~/components/use-record";
import { RoundCards } from "~/components/round-cards";
import { RoundCorrections } from "~/components/round-corrections";
import { outcomeWords } from "~/components/round-words";
import { searchHref } from "~/components/url-search";
import { useRecord } from "~/components/use-record";
import { relayApi } from "~/procedures";

/** One round's whole record, and voiding it with a reason. */
export default function RoundPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = use(params);
  const { record, problem, busy, act, messageOf } = useRecord(
    (input) => relayApi.admin.rounds.get.query(input),
    { roundId: id },
  );
  const [reason, setReason] = useState("");
  const [cancelReason, setCancelReason] = useState("");
  const { ask, dialog } = useConfirm();

  // docs/rules/live-tables.md, Interrupted rounds: a round in play that cannot go on.
  async function cancelRound(number: number) {
    const asked = await ask({
      title: `Cancel round #${number}?`,
      body: "Every open bet is refunded through the ledger and the round's cards are burned; the shoe stays in play. This cannot be undone.",
      confirm: "Cancel round",
      danger: true,
    });
    if (!asked) return;
    const ok = await act(
      "cancel",
      relayApi.admin.rounds.cancel.mutate({ roundId: id, reason: cancelReason }),
      (data) =>
        data.refunds === 0
          ? "Round cancelled: it had no open bet."
          : `Round cancelled: ${data.refunds} ${data.refunds === 1 ? "bet" : "bets"} refunded (${formatPoints(data.refunded)} points).`,
    );
    if (ok) setCancelReason("");
  }

  async function voidRound(number: number) {
    const asked = await ask({
      title: `Void round #${number}?`,
      body: "Every stake comes back and every payout is taken back through the ledger. This cannot be undone.",
      confirm: "Void round",
      danger: true,
    });
    if (!asked) return;
    const ok = await act(
      "void",
      relayApi.admin.rounds.void.mutate({ roundId: id, reason }),
      (data) => {
        const corrected = data.players.filter((player) => player.amount !== 0).length;
        return corrected === 0
          ? "Round voided: no wallet needed a correction."
          : `Round voided: ${corrected} ${corrected === 1 ? "wallet" : "wallets"} corrected.`;
      },
    );
    if (ok) setReason("");
  }

  if (record === null) return <RecordPending problem={problem} />;

  // The outcome's card codes read through the record's own labels ("A♠").
  const labels = new Map(record.cards.map((card) => [card.card, card.label]));
  const words = outcomeWords(
    record.table.game,
    record.outcome,
    (card) => labels.get(card) ?? `#${card}`,
  );
  const inPlay = record.phase === "betting" || record.phase === "dealing";
  const correcting =
    record.table.game === "joker-blackjack" && record.phase === "dealing" && record.voided === null;
  const voidable = record.voided === null && record.phase === "settled";

  return (
    <main className={styles.page} data-testid="round-record" data-round-id={record.id}>
      <h1 className={styles.title}>
        {record.table.name} · round #{record.number}
        {record.voided !== null && <span className={styles.void}> · VOID</span>}
      </h1>
      <section className={styles.panel}>
        <dl className={styles.facts}>
          <dt>Round id</dt>
          <dd>
            <code>{record.id}</code>
          </dd>
          <dt>Table</dt>
          <dd>
            {record.table.name} ·{" "}
            <a href={searchHref("/rounds", { table: record.table.slug })}>its rounds</a>
          </dd>
          <dt>Shoe</dt>
          <dd>
            <code>{record.shoeId}</code> ·{" "}
            <a href={searchHref("/rounds", { shoe: record.shoeId })}>its rounds</a>
          </dd>
          <dt>Phase</dt>
          <dd data-testid="phase">{record.phase}</dd>
          <dt>Audit</dt>
          <dd>
            <a href={searchHref("/audit", { targetType: "round", targetId: record.id })}>
              Operators&apos; actions on this round
            </a>
          </dd>
          <dt>Opened</dt>
          <dd>{formatTimestamp(record.openedAt)}</dd>
          <dt>Settled</dt>
          <dd>{record.settledAt === null ? "—" : formatTimestamp(record.settledAt)}</dd>
          {record.voided !== null && (
            <>
              <dt>Voided</dt>
              <dd data-testid="voided">
                {formatTimestamp(record.voided.at)} by{" "}
                {record.voided.byEmail ?? <code>{record.voided.by}</code>}: {record.voided.reason}
              </dd>
            </>
          )}
        </dl>
      </section>

      <section className={styles.panel}>
        <h2>Outcome</h2>
        {words !== null ? (
          <ol className={styles.words} data-testid="outcome">
            {words.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        ) : (
          <p data-testid="outcome">{record.outcome === null ? "Not settled yet." : "—"}</p>
        )}
        {record.outcome !== null && (
          <details>
            <summary>Raw outcome</summary>
            <pre className={styles.payload} data-testid="raw-outcome">
              {JSON.stringify(record.outcome, null, 2)}
            </pre>
          </details>
        )}
      </section>

      <section className={styles.panel}>
        <h2>Cards</h2>
        <RoundCards record={record} />
      </section>

      {record.dealerReports.length > 0 && (
        <section className={styles.panel} data-testid="dealer-reports">
          <h2>Dealer&apos;s reports</h2>
          <p>
            A studio dealer reported a dealing mistake from the console; confirm it with the
            correction below (it is audited and settles as the rule book says).
          </p>
          <ul>
            {record.dealerReports.map((report) => (
              <li key={report.at}>
                {formatTimestamp(report.at)} · {report.dealerEmail ?? report.dealerId}:{" "}
                <strong>
                  {report.kind}
                  {report.toStep === null ? "" : ` to step ${report.toStep}`}
                </strong>{" "}
                — {report.reason} · {report.confirmed ? "confirmed" : "waiting for an operator"}
              </li>
            ))}
          </ul>
        </section>
      )}

      {correcting ? (
        <RoundCorrections roundId={id} act={act} busy={busy} message={messageOf("corrections")} />
      ) : (
        <Said title="Dealing mistake" form="corrections" message={messageOf("corrections")} />
      )}

      <RecordTable
        title="Bets"
        testId="bets"
        empty="No bets in this round."
        columns={[
          "Player",
          "Bet",
          "Seat",
          { label: "Stake", number: true },
          { label: "Reserved", number: true },
          { label: "Returned", number: true },
          "Status",
        ]}
        rows={record.bets.map((bet) => (
          <tr key={bet.betId}>
            <td>
              <a href={`/players/${bet.player.id}`}>{bet.player.name}</a>
            </td>
            <td>
              <code>{bet.bet}</code>
            </td>
            <td>{bet.seat ?? "—"}</td>
            <td className={styles.number}>{formatPoints(bet.stake)}</td>
            <td className={styles.number}>{formatPoints(bet.reserved)}</td>
            <td className={styles.number}>
              {bet.returned === null ? "—" : formatPoints(bet.returned)}
            </td>
            {/* A void leaves the bets as they were and gives every wallet back what the round
                moved (the ledger transfers below): their status says both. */}
            <td data-testid="bet-status">
              {record.voided === null ? bet.status : `${bet.status} · voided`}
            </td>
          </tr>
        ))}
      />

      <RecordTable
        title="Ledger transfers"
        testId="transfers"
        empty="No ledger transfers: nothing was staked."
        columns={["Transfer", "Kind", "Entries", "Reason"]}
        rows={record.transfers.map((transfer) => (
          <tr key={transfer.id}>
            <td>
              <code>{transfer.id}</code>
            </td>
            <td>{transfer.kind}</td>
            <td>
              {transfer.entries
                .map((entry) => `${entry.kind} ${entry.owner}: ${formatPoints(entry.amount)}`)
                .join("; ")}
            </td>
            <td>{transfer.reason ?? ""}</td>
          </tr>
        ))}
      />

      <RecordTable
        title="Events"
        rows={record.events.map((event) => (
          <tr key={event.id}>
            <td>{formatTimestamp(event.at)}</td>
            <td>
              <code>{event.type}</code>
              {event.playerId !== null && <> (to {event.playerId})</>}
            </td>
            <td>
              <pre className={styles.payload}>{JSON.stringify(event.payload)}</pre>
            </td>
          </tr>
        ))}
      />

      {record.voided === null && inPlay && (
        <section className={styles.panel} data-testid="void-in-play">
          <h2>Void this round</h2>
          <p>Round in play: void after it settles.</p>
        </section>
      )}
      {record.voided === null && inPlay && (
        <section className={styles.panel} data-testid="cancel-round">
          <h2>Cancel this round</h2>
          <p>
            For a round that cannot go on (a studio console gone silent, a table fault): every open
            bet is refunded through the ledger and the round&apos;s cards are burned.
          </p>
          <ActionForm
            name="cancel"
            onSubmit={() => void cancelRound(record.number)}
            button="Cancel round"
            busy={busy}
            danger
            message={messageOf("cancel")}
          >
            <StateField
              label="Reason"
              name="cancel-reason"
              value={cancelReason}
              onValue={setCancelReason}
              size={50}
            />
          </ActionForm>
        </section>
      )}
      {!inPlay && <Said title="Cancel this round" form="cancel" message={messageOf("cancel")} />}
      {!voidable && <Said title="Void this round" form="void" message={messageOf("void")} />}
      {voidable && (
        <section className={styles.panel}>
          <h2>Void this round</h2>
          <p>
            Every player&apos;s stakes come back and every payout is taken back through the ledger.
            Refused if a winner has already spent the winnings.
          </p>
          <ActionForm
            name="void"
            onSubmit={() => void voidRound(record.number)}
            button="Void round"
            busy={busy}
            danger
            message={messageOf("void")}
          >
            <StateField label="Reason" name="reason" value={reason} onValue={setReason} size={50} />
          </ActionForm>
        </section>
      )}
      {dialog}
    </main>
  );
}

/**
 * What a form said after its action took it off the page (a voided round has no void form, a
 * settled round no corrections): the message stays where the form was.
 */
function Said({ title, form, message }: { title: string; form: string; message: ActionMessage }) {
  if (message.problem === null && message.notice === null) return null;
  return (
    <section className={styles.panel}>
      <h2>{title}</h2>
      <ActionMessages {...message} testId={`message-${form}`} />
    </section>
  );
}
