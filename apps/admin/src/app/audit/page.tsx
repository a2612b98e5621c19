"use client";

import type { RouterOutputs } from "@fuda/api";
import { formatTimestamp, utcFieldToIso } from "@fuda/ui";
import { Suspense, useState } from "react";

import { ServerTable, sortOf, useServerTable } from "~/components/server-table";
import type { ServerColumn, ServerSearch } from "~/components/server-table";
import { given, SearchForm } from "~/components/url-search";
import type { FiltersOf, SearchField } from "~/components/url-search";

import pageStyles from "../page.module.css";
import styles from "./audit.module.css";
import { relayApi } from "~/procedures";

type AuditPage = RouterOutputs["admin"]["audit"]["search"];
type Entry = AuditPage["entries"][number];

const FIELDS = [
  { name: "action", label: "Action", placeholder: "tables.update" },
  { name: "targetType", label: "Target type", placeholder: "table" },
  { name: "targetId", label: "Target id" },
  { name: "actorId", label: "Actor id" },
  { name: "from", label: "From (UTC)", type: "datetime-local" },
  { name: "to", label: "To (UTC)", type: "datetime-local" },
] as const satisfies readonly SearchField[];

const NEWEST_FIRST = [{ id: "at", desc: true }];
const PAGE = 50;

function inputOf(
  { filters, sorting }: ServerSearch<FiltersOf<typeof FIELDS>>,
  cursor: string | undefined,
) {
  return {
    action: given(filters.action),
    targetType: given(filters.targetType),
    targetId: given(filters.targetId),
    actorId: given(filters.actorId),
    from: utcFieldToIso(filters.from),
    to: utcFieldToIso(filters.to),
    sort: sortOf(sorting, SORT_KEYS),
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
const SORT_KEYS = ["at"] as const;

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
  // The search is read from the address, which a prerendered page does not know yet.
  return (
    <Suspense>
      <AuditLog />
    </Suspense>
  );
}

function AuditLog() {
  const server = useServerTable({
    read: (input) => relayApi.admin.audit.search.query(input),
    fields: FIELDS,
    sorting: NEWEST_FIRST,
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
      <SearchForm className={styles.filters} aria-label="Filters" fields={FIELDS} server={server}>
        <button type="submit">Search</button>
      </SearchForm>
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
