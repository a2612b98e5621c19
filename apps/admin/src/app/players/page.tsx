"use client";

import { useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatPoints, formatTimestamp } from "@fuda/ui";

import { CursorPager, useCursorPages } from "~/components/cursor-pager";
import { ActionMessages, StateField } from "~/components/record-parts";
import { DataTable } from "~/components/data-table";
import styles from "~/components/records.module.css";

type Page = RouterOutputs["admin"]["players"]["search"];

/** Players by part of their name or e-mail, newest first, paged on the server. */
export default function PlayersPage() {
  const [draft, setDraft] = useState("");
  const pages = useCursorPages<string, Page>("admin.players.search", "", (query, cursor) => ({
    query: query === "" ? undefined : query,
    cursor,
    limit: 25,
  }));
  const { page, problem } = pages;

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Players</h1>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          pages.searchFor(draft.trim());
        }}
      >
        <StateField label="Name or e-mail" name="query" value={draft} onValue={setDraft} />
        <button type="submit" className={styles.button} data-testid="players-search">
          Search
        </button>
      </form>
      <ActionMessages problem={problem} />
      {page !== null && (
        <>
          <DataTable
            testId="players"
            columns={["Name", "E-mail", { label: "Balance", number: true }, "Status", "Joined"]}
            rows={page.players.map((player) => (
              <tr key={player.id} data-testid="player-row" data-player-id={player.id}>
                <td>
                  <a href={`/players/${player.id}`}>{player.name}</a>
                  {player.isAnonymous && " (guest)"}
                </td>
                <td>{player.email}</td>
                <td className={styles.number}>{formatPoints(player.balance)}</td>
                <td>{player.banned ? <span className={styles.void}>banned</span> : "active"}</td>
                <td>{formatTimestamp(player.createdAt)}</td>
              </tr>
            ))}
            empty="No player matches."
          />
          <CursorPager pages={pages} />
        </>
      )}
    </main>
  );
}
