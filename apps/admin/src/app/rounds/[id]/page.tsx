"use client";

import { use, useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatPoints, formatTimestamp } from "@fuda/ui";

import styles from "~/components/records.module.css";
import {
  ActionForm,
  ActionMessages,
  RecordPending,
  RecordTable,
  StateField,
} from "~/components/record-parts";
import { useRecord } from "~/components/use-record";

type RoundRecord = RouterOutputs["admin"]["rounds"]["get"];

/** One round's whole record, and voiding it with a reason. */
export default function RoundPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = use(params);
  const { record, problem, notice, busy, act } = useRecord<RoundRecord>("admin.rounds.get", {
    roundId: id,
  });
  const [reason, setReason] = useState("");

  async function voidRound() {
    const ok = await act(
      "admin.rounds.void",
      { roundId: id, reason },
      (data: { players: { amount: number }[] }) =>
        `Round voided: ${data.players.length} player(s) corrected.`,
    );
    if (ok) setReason("");
  }

  if (record === null) return <RecordPending problem={problem} />;

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
          <dt>Shoe</dt>
          <dd>
            <code>{record.shoeId}</code>
          </dd>
          <dt>Phase</dt>
          <dd data-testid="phase">{record.phase}</dd>
          <dt>Opened</dt>
          <dd>{formatTimestamp(record.openedAt)}</dd>
          <dt>Settled</dt>
          <dd>{record.settledAt === null ? "—" : formatTimestamp(record.settledAt)}</dd>
          <dt>Outcome</dt>
          <dd>
            <code>{JSON.stringify(record.outcome)}</code>
          </dd>
          {record.voided !== null && (
            <>
              <dt>Voided</dt>
              <dd data-testid="voided">
                {formatTimestamp(record.voided.at)} by <code>{record.voided.by}</code>:{" "}
                {record.voided.reason}
              </dd>
            </>
          )}
        </dl>
      </section>

      <section className={styles.panel}>
        <h2>Cards</h2>
        <p>
          {record.cards.map((card) => card.label).join("  ") || "None dealt."}
          {record.burns.length > 0 && (
            <>
              {" "}
              · burned:{" "}
              {record.burns
                .map((burn) => `#${burn.index}${burn.label === null ? "" : ` ${burn.label}`}`)
                .join(", ")}
            </>
          )}
        </p>
      </section>

      <RecordTable
        title="Bets"
        testId="bets"
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
            <td>{bet.status}</td>
          </tr>
        ))}
      />

      <RecordTable
        title="Ledger transfers"
        testId="transfers"
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

      {record.voided === null && record.phase === "settled" && (
        <section className={styles.panel}>
          <h2>Void this round</h2>
          <p>
            Every player&apos;s stakes come back and every payout is taken back through the ledger.
            Refused if a winner has already spent the winnings.
          </p>
          <ActionForm onSubmit={() => void voidRound()} button="Void round" busy={busy} danger>
            <StateField label="Reason" name="reason" value={reason} onValue={setReason} size={50} />
          </ActionForm>
        </section>
      )}
      <ActionMessages problem={problem} notice={notice} />
    </main>
  );
}
