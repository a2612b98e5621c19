"use client";

import { useState } from "react";

import type { RouterOutputs } from "@fuda/api";
import { formatPoints, formatTimestamp } from "@fuda/ui";

import { CursorPager, useCursorPages } from "~/components/cursor-pager";
import { ActionMessages, StateField } from "~/components/record-parts";
import { DataTable } from "~/components/data-table";
import styles from "~/components/records.module.css";

type Page = RouterOutputs["admin"]["rounds"]["search"];

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

/** The filters as the procedure's input: empty fields left out, times as ISO instants. */
function inputOf(filters: Filters, cursor: string | undefined) {
  const text = (value: string) => (value.trim() === "" ? undefined : value.trim());
  const time = (value: string) => (value === "" ? undefined : new Date(value).toISOString());
  return {
    table: text(filters.table),
    shoe: text(filters.shoe),
    number: filters.number === "" ? undefined : Number(filters.number),
    player: text(filters.player),
    from: time(filters.from),
    to: time(filters.to),
    cursor,
    limit: PAGE_SIZE,
  };
}

/** Rounds of every table, newest first, filtered and paged on the server. */
export default function RoundsPage() {
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const pages = useCursorPages<Filters, Page>("admin.rounds.search", EMPTY, inputOf);
  const { page, problem } = pages;

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
          pages.searchFor(draft);
        }}
      >
        {field("table", "Table (slug)")}
        {field("shoe", "Shoe id")}
        {field("number", "Round no.", "number")}
        {field("player", "Player (id or e-mail)")}
        {field("from", "From", "datetime-local")}
        {field("to", "To", "datetime-local")}
        <button type="submit" className={styles.button} data-testid="rounds-search">
          Search
        </button>
      </form>
      <ActionMessages problem={problem} />
      {page !== null && (
        <>
          <DataTable
            testId="rounds"
            columns={[
              "Opened",
              "Table",
              "Round",
              "Phase",
              { label: "Bets", number: true },
              { label: "Staked", number: true },
              { label: "Returned", number: true },
            ]}
            rows={page.rounds.map((round) => (
              <tr key={round.id} data-testid="round-row" data-round-id={round.id}>
                <td>
                  <a href={`/rounds/${round.id}`}>{formatTimestamp(round.openedAt)}</a>
                </td>
                <td>{round.table.name}</td>
                <td>
                  #{round.number} <code title="Shoe">{round.shoeId.slice(0, 8)}</code>
                </td>
                <td>
                  {round.phase}
                  {round.voidedAt !== null && <span className={styles.void}> · void</span>}
                </td>
                <td className={styles.number}>{round.bets}</td>
                <td className={styles.number}>{formatPoints(round.staked)}</td>
                <td className={styles.number}>{formatPoints(round.returned)}</td>
              </tr>
            ))}
            empty="No round matches."
          />
          <CursorPager pages={pages} />
        </>
      )}
    </main>
  );
}
