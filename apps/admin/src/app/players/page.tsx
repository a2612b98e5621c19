"use client";

import { useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatPoints, formatTimestamp } from "@fuda/ui";

import { ActionMessages, StateField } from "~/components/record-parts";
import styles from "~/components/records.module.css";
import { ServerTable, sortOf, useServerTable } from "~/components/server-table";
import type { ServerColumn, ServerSearch } from "~/components/server-table";

type Page = RouterOutputs["admin"]["players"]["search"];
type Player = Page["players"][number];

const inputOf = (
  { filters: query, sorting }: ServerSearch<string>,
  cursor: string | undefined,
) => ({
  query: query === "" ? undefined : query,
  sort: sortOf(sorting),
  cursor,
  limit: 25,
});

const rowsOf = (page: Page) => page.players;

/** Ids of sortable columns are the server's sort keys (admin.players.search `sort.by`). */
const COLUMNS: ServerColumn<Player>[] = [
  {
    id: "name",
    header: "Name",
    sortable: true,
    cell: (player) => (
      <>
        <a href={`/players/${player.id}`}>{player.name}</a>
        {player.isAnonymous && " (guest)"}
      </>
    ),
  },
  { id: "email", header: "E-mail", cell: (player) => player.email },
  {
    id: "balance",
    header: "Balance",
    number: true,
    sortable: true,
    cell: (player) => formatPoints(player.balance),
  },
  {
    id: "status",
    header: "Status",
    cell: (player) => (player.banned ? <span className={styles.void}>banned</span> : "active"),
  },
  {
    id: "createdAt",
    header: "Joined",
    sortable: true,
    cell: (player) => formatTimestamp(player.createdAt),
  },
];

const rowProps = (player: Player) => ({
  "data-testid": "player-row",
  "data-player-id": player.id,
});

/** Players by part of their name or e-mail, newest first or as sorted, paged on the server. */
export default function PlayersPage() {
  const [draft, setDraft] = useState("");
  const server = useServerTable({
    procedure: "admin.players.search",
    filters: "",
    sorting: [{ id: "createdAt", desc: true }],
    inputOf,
    rowsOf,
    columns: COLUMNS,
  });
  const { page, problem } = server;

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Players</h1>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          server.filterBy(draft.trim());
        }}
      >
        <StateField label="Name or e-mail" name="query" value={draft} onValue={setDraft} />
        <button type="submit" className={styles.button} data-testid="players-search">
          Search
        </button>
      </form>
      <ActionMessages problem={problem} />
      {page !== null && (
        <ServerTable
          server={server}
          columns={COLUMNS}
          rowProps={rowProps}
          empty="No player matches."
          testId="players"
        />
      )}
    </main>
  );
}
