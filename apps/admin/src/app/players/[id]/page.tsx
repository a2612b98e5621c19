"use client";

import { use, useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatPoints, formatTimestamp } from "@fuda/ui";

import { useConfirm } from "~/components/confirm-dialog";
import styles from "~/components/records.module.css";
import { ActionForm, RecordPending, RecordTable, StateField } from "~/components/record-parts";
import { toMinor } from "~/components/table-forms";
import { searchHref } from "~/components/url-search";
import { useRecord } from "~/components/use-record";
import { relayApi } from "~/procedures";

type PlayerRecord = RouterOutputs["admin"]["players"]["get"];

/** One player: balance, wallet entries, rounds; adjust the balance, ban or unban. */
export default function PlayerPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = use(params);
  const { record, problem, busy, act, refuse, messageOf } = useRecord(
    (input) => relayApi.admin.players.get.query(input),
    { userId: id },
  );
  const [amount, setAmount] = useState("");
  const [adjustReason, setAdjustReason] = useState("");
  const [banReason, setBanReason] = useState("");
  const { ask, dialog } = useConfirm();
  // One per form submission: sending the same adjustment twice moves points once.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());

  async function adjust() {
    // Points as typed (e.g. 25 or -12.5), in minor units for the API.
    const minor = toMinor(amount);
    if (Number.isNaN(minor)) {
      refuse("adjust", "amount: a number of points with at most two decimals, e.g. 25 or -12.50");
      return;
    }
    const ok = await act(
      "adjust",
      relayApi.admin.players.adjust.mutate({
        userId: id,
        amount: minor,
        reason: adjustReason,
        requestId,
      }),
      () => "Balance adjusted.",
    );
    if (ok) {
      setAmount("");
      setAdjustReason("");
      setRequestId(crypto.randomUUID());
    }
  }

  async function banOrUnban(player: PlayerRecord["player"]) {
    // A ban ends the player's sessions at once: asked first. An unban is not.
    if (
      !player.banned &&
      !(await ask({
        title: `Ban ${player.name}?`,
        body: "They are signed out everywhere and cannot sign in or bet until unbanned.",
        confirm: "Ban player",
        danger: true,
      }))
    ) {
      return;
    }
    const input = { userId: id, reason: banReason };
    const ok = player.banned
      ? await act("ban", relayApi.admin.players.unban.mutate(input), () => "Player unbanned.")
      : await act(
          "ban",
          relayApi.admin.players.ban.mutate(input),
          () => "Player banned; their sessions have ended.",
        );
    if (ok) setBanReason("");
  }

  if (record === null) return <RecordPending problem={problem} />;
  const { player } = record;

  return (
    <main className={styles.page} data-testid="player-record" data-player-id={player.id}>
      <h1 className={styles.title}>
        {player.name}
        {player.banned && <span className={styles.void}> · BANNED</span>}
      </h1>
      <section className={styles.panel}>
        <dl className={styles.facts}>
          <dt>User id</dt>
          <dd>
            <code>{player.id}</code>
          </dd>
          <dt>E-mail</dt>
          <dd>{player.email}</dd>
          <dt>Records</dt>
          <dd>
            <a href={searchHref("/rounds", { player: player.email })} data-testid="their-rounds">
              Every round they bet in
            </a>
            {" · "}
            <a href={searchHref("/audit", { targetType: "player", targetId: player.id })}>
              Operators&apos; actions on them
            </a>
          </dd>
          <dt>Balance</dt>
          <dd data-testid="balance">{formatPoints(player.balance)}</dd>
          <dt>Joined</dt>
          <dd>{formatTimestamp(player.createdAt)}</dd>
          {player.banned && (
            <>
              <dt>Ban reason</dt>
              <dd>{player.banReason}</dd>
            </>
          )}
        </dl>
      </section>

      <section className={styles.panel}>
        <h2>Adjust the balance</h2>
        <ActionForm
          name="adjust"
          onSubmit={() => void adjust()}
          button="Adjust"
          busy={busy}
          message={messageOf("adjust")}
        >
          <StateField
            label="Points (+ credit, − debit)"
            name="amount"
            type="number"
            step="0.01"
            value={amount}
            onValue={setAmount}
          />
          <StateField
            label="Reason"
            name="adjustReason"
            value={adjustReason}
            onValue={setAdjustReason}
            size={40}
          />
        </ActionForm>
      </section>

      <section className={styles.panel}>
        <h2>{player.banned ? "Unban" : "Ban"}</h2>
        <ActionForm
          name="ban"
          onSubmit={() => void banOrUnban(player)}
          button={player.banned ? "Unban" : "Ban"}
          busy={busy}
          danger={!player.banned}
          message={messageOf("ban")}
        >
          <StateField
            label="Reason"
            name="banReason"
            value={banReason}
            onValue={setBanReason}
            size={40}
          />
        </ActionForm>
      </section>

      <RecordTable
        title="Latest wallet entries"
        testId="entries"
        columns={[
          "When",
          "Transfer",
          { label: "Amount", number: true },
          { label: "Balance after", number: true },
          "Reason",
        ]}
        rows={record.entries.map((entry) => (
          <tr key={entry.id}>
            <td>{formatTimestamp(entry.createdAt)}</td>
            <td>
              {entry.roundId === null ? (
                <code>{entry.transferId}</code>
              ) : (
                <a href={`/rounds/${entry.roundId}`}>
                  <code>{entry.transferId}</code>
                </a>
              )}
            </td>
            <td className={styles.number}>{formatPoints(entry.amount)}</td>
            <td className={styles.number}>{formatPoints(entry.balanceAfter)}</td>
            <td>{entry.reason ?? ""}</td>
          </tr>
        ))}
      />

      <RecordTable
        title="Latest rounds"
        testId="player-rounds"
        columns={["Opened", "Table", "Round", "Phase", { label: "Staked", number: true }]}
        rows={record.rounds.map((round) => (
          <tr key={round.roundId}>
            <td>
              {round.kind === "live" ? (
                <a href={`/rounds/${round.roundId}`}>{formatTimestamp(round.openedAt)}</a>
              ) : (
                formatTimestamp(round.openedAt)
              )}
            </td>
            <td>{round.table.name}</td>
            <td>#{round.number}</td>
            <td>
              {round.phase}
              {round.voided !== null && <span className={styles.void}> · void</span>}
            </td>
            <td className={styles.number}>
              {formatPoints(round.bets.reduce((sum, bet) => sum + bet.stake, 0))}
            </td>
          </tr>
        ))}
      />
      {dialog}
    </main>
  );
}
