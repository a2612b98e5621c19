"use client";

import { useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatPoints, formatTimestamp, utcFieldToIso } from "@fuda/ui";

import { ActionMessages, StateField } from "~/components/record-parts";
import styles from "~/components/records.module.css";
import { ServerTable, sortOf, useServerTable } from "~/components/server-table";
import type { ServerColumn, ServerSearch } from "~/components/server-table";

type Page = RouterOutputs["admin"]["rounds"]["search"];
type Round = Page["rounds"][number];

interface Filters {
  table: string;
  shoe: string;
  number: string;
  player: string;
  from: string;
  to: string;
}

const EMPTY: Filters = { table: "", shoe: "", number: "", player: "", from: "", to: "" };
const PAGE_SIZE = 25;

/** The search as the procedure's input: empty fields left out, times as ISO instants. */
function inputOf({ filters, sorting }: ServerSearch<Filters>, cursor: string | undefined) {
  const text = (value: string) => (value.trim() === "" ? undefined : value.trim());
  return {
    table: text(filters.table),
    shoe: text(filters.shoe),
    number: filters.number === "" ? undefined : Number(filters.number),
    player: text(filters.player),
    from: utcFieldToIso(filters.from),
    to: utcFieldToIso(filters.to),
    sort: sortOf(sorting),
    cursor,
    limit: PAGE_SIZE,
  };
}

const rowsOf = (page: Page) => page.rounds;

/** Ids of sortable columns are the server's sort keys (admin.rounds.search `sort.by`). */
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
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const server = useServerTable({
    procedure: "admin.rounds.search",
    filters: EMPTY,
    sorting: [{ id: "openedAt", desc: true }],
    inputOf,
    rowsOf,
    columns: COLUMNS,
  });
  const { page, problem } = server;

  const field = (name: keyof Filters, label: string, type = "text") => (
    <StateField
      label={label}
      name={name}
      type={type}
      value={draft[name]}
      onValue={(value) => {
        setDraft({ ...draft, [name]: value });
      }}
    />
  );

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>Rounds</h1>
      <form
        className={styles.filters}
        onSubmit={(event) => {
          event.preventDefault();
          server.filterBy(draft);
        }}
      >
        {field("table", "Table (slug)")}
        {field("shoe", "Shoe id")}
        {field("number", "Round no.", "number")}
        {field("player", "Player (id or e-mail)")}
        {field("from", "From (UTC)", "datetime-local")}
        {field("to", "To (UTC)", "datetime-local")}
        <button type="submit" className={styles.button} data-testid="rounds-search">
          Search
        </button>
      </form>
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
