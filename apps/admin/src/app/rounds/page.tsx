"use client";

import { Suspense } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatPoints, formatTimestamp, utcFieldToIso } from "@fuda/ui";

import { ActionMessages } from "~/components/record-parts";
import styles from "~/components/records.module.css";
import { ServerTable, sortOf, useServerTable } from "~/components/server-table";
import type { ServerColumn, ServerSearch } from "~/components/server-table";
import { given, SearchForm } from "~/components/url-search";
import type { FiltersOf, SearchField } from "~/components/url-search";
import { relayApi } from "~/procedures";

type Page = RouterOutputs["admin"]["rounds"]["search"];
type Round = Page["rounds"][number];

/** The filters, as named in the page's address (`/rounds?player=…`) and its procedure's input. */
const FIELDS = [
  { name: "table", label: "Table (slug)" },
  { name: "shoe", label: "Shoe id" },
  { name: "number", label: "Round no.", type: "number" },
  { name: "player", label: "Player (id or e-mail)" },
  { name: "from", label: "From (UTC)", type: "datetime-local" },
  { name: "to", label: "To (UTC)", type: "datetime-local" },
] as const satisfies readonly SearchField[];

const NEWEST_FIRST = [{ id: "openedAt", desc: true }];
const PAGE_SIZE = 25;

/** The search as the procedure's input: empty fields left out, times as ISO instants. */
function inputOf(
  { filters, sorting }: ServerSearch<FiltersOf<typeof FIELDS>>,
  cursor: string | undefined,
) {
  return {
    table: given(filters.table),
    shoe: given(filters.shoe),
    number: filters.number === "" ? undefined : Number(filters.number),
    player: given(filters.player),
    from: utcFieldToIso(filters.from),
    to: utcFieldToIso(filters.to),
    sort: sortOf(sorting, SORT_KEYS),
    cursor,
    limit: PAGE_SIZE,
  };
}

const rowsOf = (page: Page) => page.rounds;

/** Ids of sortable columns are the server's sort keys (admin.rounds.search `sort.by`). */
const SORT_KEYS = ["openedAt", "number", "staked"] as const;

const COLUMNS: ServerColumn<Round>[] = [
  {
    id: "openedAt",
    header: "Opened",
    sortable: true,
    cell: (round) => <a href={`/rounds/${round.id}`}>{formatTimestamp(round.openedAt)}</a>,
  },
  { id: "table", header: "Table", cell: (round) => round.table.name },
  {
    id: "number",
    header: "Round",
    sortable: true,
    cell: (round) => (
      <>
        #{round.number} <code title="Shoe">{round.shoeId.slice(0, 8)}</code>
      </>
    ),
  },
  {
    id: "phase",
    header: "Phase",
    cell: (round) => (
      <>
        {round.phase}
        {round.voidedAt !== null && <span className={styles.void}> · void</span>}
      </>
    ),
  },
  { id: "bets", header: "Bets", number: true, cell: (round) => round.bets },
  {
    id: "staked",
    header: "Staked",
    number: true,
    sortable: true,
    cell: (round) => formatPoints(round.staked),
  },
  {
    id: "returned",
    header: "Returned",
    number: true,
    cell: (round) => formatPoints(round.returned),
  },
];

const rowProps = (round: Round) => ({ "data-testid": "round-row", "data-round-id": round.id });

/** Rounds of every table, newest first or as sorted, filtered and paged on the server. */
export default function RoundsPage() {
  // The search is read from the address, which a prerendered page does not know yet.
  return (
    <Suspense>
      <Rounds />
    </Suspense>
  );
}

function Rounds() {
  const server = useServerTable({
    read: (input) => relayApi.admin.rounds.search.query(input),
    fields: FIELDS,
    sorting: NEWEST_FIRST,
    inputOf,
    rowsOf,
    columns: COLUMNS,
  });
  const { page, problem } = server;

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Rounds</h1>
      <SearchForm className={styles.filters} fields={FIELDS} server={server}>
        <button type="submit" className={styles.button} data-testid="rounds-search">
          Search
        </button>
      </SearchForm>
      <ActionMessages problem={problem} />
      {page !== null && (
        <ServerTable
          server={server}
          columns={COLUMNS}
          rowProps={rowProps}
          empty="No round matches."
          testId="rounds"
        />
      )}
    </main>
  );
}
