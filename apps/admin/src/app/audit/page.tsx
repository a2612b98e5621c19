"use client";

import type { RouterOutputs } from "@fuda/api";
import { formatTimestamp, utcFieldToIso } from "@fuda/ui";
import { useState } from "react";

import { ServerTable, sortOf, useServerTable } from "~/components/server-table";
import type { ServerColumn, ServerSearch } from "~/components/server-table";
import { fieldText } from "~/components/table-forms";

import pageStyles from "../page.module.css";
import styles from "./audit.module.css";

type AuditPage = RouterOutputs["admin"]["audit"]["search"];
type Entry = AuditPage["entries"][number];

const FILTERS = [
  { name: "action", label: "Action", placeholder: "tables.update" },
  { name: "targetType", label: "Target type", placeholder: "table" },
  { name: "targetId", label: "Target id", placeholder: "" },
  { name: "actorId", label: "Actor id", placeholder: "" },
] as const;

const PAGE = 50;

type Filter = Partial<Record<(typeof FILTERS)[number]["name"] | "from" | "to", string>>;

const NO_FILTER: Filter = {};

function inputOf({ filters, sorting }: ServerSearch<Filter>, cursor: string | undefined) {
  const chosen = (value: string | undefined) => (value === "" ? undefined : value);
  return {
    action: chosen(filters.action),
    targetType: chosen(filters.targetType),
    targetId: chosen(filters.targetId),
    actorId: chosen(filters.actorId),
    from: utcFieldToIso(filters.from),
    to: utcFieldToIso(filters.to),
    sort: sortOf(sorting),
    cursor,
    limit: PAGE,
  };
}

const rowsOf = (page: AuditPage) => page.entries;

/** The record before and after the change, folded until asked for. */
function Change({ entry }: { entry: Entry }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        className={styles.show}
        onClick={() => {
          setOpen(true);
        }}
      >
        Show
      </button>
    );
  }
  return (
    <div className={styles.change}>
      <div>
        <strong>Before</strong>
        <pre>{JSON.stringify(entry.before, null, 2)}</pre>
      </div>
      <div>
        <strong>After</strong>
        <pre>{JSON.stringify(entry.after, null, 2)}</pre>
      </div>
    </div>
  );
}

/** `at` is the server's sort key (admin.audit.search `sort.by`): entries in the order of their times. */
const COLUMNS: ServerColumn<Entry>[] = [
  {
    id: "at",
    header: "When",
    sortable: true,
    cell: (entry) => <span className={styles.time}>{formatTimestamp(entry.at)}</span>,
  },
  { id: "who", header: "Who", cell: (entry) => entry.actorEmail ?? <code>{entry.actorId}</code> },
  { id: "action", header: "Action", cell: (entry) => <code>{entry.action}</code> },
  {
    id: "target",
    header: "Target",
    cell: (entry) => (
      <>
        {entry.targetType} <code className={styles.id}>{entry.targetId}</code>
      </>
    ),
  },
  { id: "reason", header: "Reason", cell: (entry) => entry.reason ?? "" },
  { id: "change", header: "Change", cell: (entry) => <Change key={entry.id} entry={entry} /> },
];

const rowProps = (entry: Entry) => ({ "data-testid": "audit-entry", "data-action": entry.action });

/** The audit log, newest first or oldest first, filtered on the server a page at a time. */
export default function AuditLogPage() {
  const server = useServerTable({
    procedure: "admin.audit.search",
    filters: NO_FILTER,
    sorting: [{ id: "at", desc: true }],
    inputOf,
    rowsOf,
    columns: COLUMNS,
  });
  const { page, problem } = server;

  return (
    <main className={pageStyles.main}>
      <div className={pageStyles.heading}>
        <h1>Audit log</h1>
      </div>
      <form
        className={styles.filters}
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const chosen = Object.fromEntries(
            [...FILTERS.map(({ name }) => name), "from", "to"].map((name) => [
              name,
              fieldText(form, name),
            ]),
          ) as Filter;
          server.filterBy(chosen);
        }}
      >
        {FILTERS.map(({ name, label, placeholder }) => (
          <label key={name}>
            {label}
            <input name={name} placeholder={placeholder} />
          </label>
        ))}
        <label>
          From (UTC)
          <input name="from" type="datetime-local" />
        </label>
        <label>
          To (UTC)
          <input name="to" type="datetime-local" />
        </label>
        <button type="submit">Search</button>
      </form>
      {problem !== null && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      {page !== null && (
        <ServerTable
          server={server}
          columns={COLUMNS}
          rowProps={rowProps}
          empty="No entries."
          testId="audit"
        />
      )}
    </main>
  );
}
