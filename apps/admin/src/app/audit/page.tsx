"use client";

import type { RouterOutputs } from "@fuda/api";
import { formatTimestamp } from "@fuda/ui";
import { useCallback, useEffect, useState } from "react";

import { fieldText } from "~/components/table-forms";
import type { Answer } from "~/procedures";
import { problemOf, queryProcedure } from "~/procedures";

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

/** `datetime-local` is the operator's clock: sent as an instant in ISO 8601. */
const instant = (local: string | undefined) =>
  local === undefined || local === "" ? undefined : new Date(local).toISOString();

function searchAudit(filter: Filter, cursor?: string): Promise<Answer<AuditPage>> {
  const chosen = (value: string | undefined) => (value === "" ? undefined : value);
  return queryProcedure<AuditPage>("admin.audit.search", {
    action: chosen(filter.action),
    targetType: chosen(filter.targetType),
    targetId: chosen(filter.targetId),
    actorId: chosen(filter.actorId),
    from: instant(filter.from),
    to: instant(filter.to),
    cursor,
    limit: PAGE,
  });
}

/** The audit log, newest first, filtered on the server a page at a time. */
export default function AuditLogPage() {
  const [filter, setFilter] = useState<Filter>({});
  const [entries, setEntries] = useState<Entry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);

  const show = useCallback((answer: Answer<AuditPage>, more: boolean) => {
    if (!answer.ok) {
      setProblem(problemOf(answer));
      return;
    }
    setProblem(null);
    setEntries((shown) => (more ? [...shown, ...answer.data.entries] : answer.data.entries));
    setNext(answer.data.nextCursor);
  }, []);

  const load = (current: Filter, cursor?: string) =>
    void searchAudit(current, cursor).then((answer) => {
      show(answer, cursor !== undefined);
    });

  useEffect(() => {
    let live = true;
    void searchAudit({}).then((answer) => {
      if (live) show(answer, false);
    });
    return () => {
      live = false;
    };
  }, [show]);

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
          setFilter(chosen);
          load(chosen);
        }}
      >
        {FILTERS.map(({ name, label, placeholder }) => (
          <label key={name}>
            {label}
            <input name={name} placeholder={placeholder} />
          </label>
        ))}
        <label>
          From
          <input name="from" type="datetime-local" />
        </label>
        <label>
          To
          <input name="to" type="datetime-local" />
        </label>
        <button type="submit">Search</button>
      </form>
      {problem !== null && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={styles.scroller}>
        <table className={styles.table} data-testid="audit">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">Reason</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-entry" data-action={entry.action}>
                <td className={styles.time}>{formatTimestamp(entry.at)}</td>
                <td>{entry.actorEmail ?? <code>{entry.actorId}</code>}</td>
                <td>
                  <code>{entry.action}</code>
                </td>
                <td>
                  {entry.targetType} <code className={styles.id}>{entry.targetId}</code>
                </td>
                <td>{entry.reason ?? ""}</td>
                <td>
                  {open === entry.id ? (
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
                  ) : (
                    <button
                      type="button"
                      onClick={() => {
                        setOpen(entry.id);
                      }}
                    >
                      Show
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {entries.length === 0 && <p className={styles.empty}>No entries.</p>}
      </div>
      {next !== null && (
        <button
          type="button"
          className={styles.more}
          onClick={() => {
            load(filter, next);
          }}
        >
          Older entries
        </button>
      )}
    </main>
  );
}
