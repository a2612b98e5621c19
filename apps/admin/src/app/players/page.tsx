"use client";

import { Suspense } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatPoints, formatTimestamp } from "@fuda/ui";

import { ActionMessages } from "~/components/record-parts";
import styles from "~/components/records.module.css";
import { ServerTable, sortOf, useServerTable } from "~/components/server-table";
import type { ServerColumn, ServerSearch } from "~/components/server-table";
import { given, SearchForm } from "~/components/url-search";
import type { FiltersOf, SearchField } from "~/components/url-search";
import { relayApi } from "~/procedures";

type Page = RouterOutputs["admin"]["players"]["search"];
type Player = Page["players"][number];

const FIELDS = [
  { name: "query", label: "Name or e-mail" },
] as const satisfies readonly SearchField[];

const NEWEST_FIRST = [{ id: "createdAt", desc: true }];

const inputOf = (
  { filters, sorting }: ServerSearch<FiltersOf<typeof FIELDS>>,
  cursor: string | undefined,
) => ({
  query: given(filters.query),
  sort: sortOf(sorting, SORT_KEYS),
  cursor,
  limit: 25,
});

const rowsOf = (page: Page) => page.players;

/** Ids of sortable columns are the server's sort keys (admin.players.search `sort.by`). */
const SORT_KEYS = ["name", "balance", "createdAt"] as const;

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
  // The search is read from the address, which a prerendered page does not know yet.
  return (
    <Suspense>
      <Players />
    </Suspense>
  );
}

function Players() {
  const server = useServerTable({
    read: (input) => relayApi.admin.players.search.query(input),
    fields: FIELDS,
    sorting: NEWEST_FIRST,
    inputOf,
    rowsOf,
    columns: COLUMNS,
  });
  const { page, problem } = server;

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Players</h1>
      <SearchForm className={styles.filters} fields={FIELDS} server={server}>
        <button type="submit" className={styles.button} data-testid="players-search">
          Search
        </button>
      </SearchForm>
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
