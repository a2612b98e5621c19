"use client";

import type { RouterOutputs } from "@fuda/api";
import { useCallback, useEffect, useState } from "react";

import type { TableConfig } from "~/game-api";
import { answered, problemOf, relayApi } from "~/procedures";

import { useConfirm } from "./confirm-dialog";
import type { ConfirmQuestion } from "./confirm-dialog";
import { CreateTableForm } from "./create-table-form";
import { TableEditor } from "./table-editor";
import styles from "./tables-admin.module.css";
import { TablesTable } from "./tables-table";

export type AdminTable = RouterOutputs["admin"]["tables"]["list"][number];

/** An operator's action on a table, each its own `admin.tables` procedure. */
const ACTIONS = {
  open: (tableId: string) => relayApi.admin.tables.open.mutate({ tableId }),
  pause: (tableId: string) => relayApi.admin.tables.pause.mutate({ tableId }),
  close: (tableId: string) => relayApi.admin.tables.close.mutate({ tableId }),
  newShoe: (tableId: string) => relayApi.admin.tables.newShoe.mutate({ tableId }),
};
type Action = keyof typeof ACTIONS;

const STATUS_ACTIONS = [
  { action: "open", label: "Open", status: "open" },
  { action: "pause", label: "Pause", status: "paused" },
  { action: "close", label: "Close", status: "closed" },
] as const;

/** Pause and Close stop a table players may be sitting at: asked first. Open is not. */
const ASKED: Partial<Record<Action, (name: string) => ConfirmQuestion>> = {
  pause: (name) => ({
    title: `Pause ${name}?`,
    body: "The round in play finishes; no new round opens until the table is opened again.",
    confirm: "Pause table",
  }),
  close: (name) => ({
    title: `Close ${name}?`,
    body: "The round in play finishes; the table leaves the lobby until it is opened again.",
    confirm: "Close table",
    danger: true,
  }),
};

/**
 * The tables with the operator's actions: open, pause, close, a new shoe, edit; and a new table.
 * Starts from the public list the server rendered, then reads the operators' list (settings).
 */
const STATUSES: TableConfig["status"][] = ["open", "paused", "closed"];

export function TablesAdmin({
  initial,
  headingClassName,
  countsClassName,
}: {
  initial: TableConfig[];
  headingClassName?: string;
  countsClassName?: string;
}) {
  const [tables, setTables] = useState<(TableConfig | AdminTable)[]>(initial);
  const [editing, setEditing] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const { ask, dialog } = useConfirm();

  const reload = useCallback(async () => {
    const answer = await answered(relayApi.admin.tables.list.query());
    if (answer.ok) setTables(answer.data);
  }, []);

  useEffect(() => {
    let live = true;
    void answered(relayApi.admin.tables.list.query()).then((answer) => {
      if (live && answer.ok) setTables(answer.data);
    });
    return () => {
      live = false;
    };
  }, []);

  const act = async (table: TableConfig, action: Action) => {
    const question = ASKED[action]?.(table.name);
    if (question !== undefined && !(await ask(question))) return;
    setBusy(`${table.id}/${action}`);
    const answer = await answered(ACTIONS[action](table.id));
    setBusy(null);
    setProblems((current) => ({ ...current, [table.id]: answer.ok ? "" : problemOf(answer) }));
    if (answer.ok) await reload();
  };

  const edited = tables.find((table) => table.id === editing);

  return (
    <>
      {/* Counted from the rows shown: a pause or a close changes both at once. */}
      <div className={headingClassName}>
        <h1>Tables</h1>
        <ul className={countsClassName} data-testid="status-counts">
          <li>
            <strong>{tables.length}</strong> total
          </li>
          {STATUSES.map((status) => (
            <li key={status} data-status={status}>
              <strong>{tables.filter((table) => table.status === status).length}</strong> {status}
            </li>
          ))}
        </ul>
      </div>
      <TablesTable
        tables={tables}
        actions={(table) => (
          <div className={styles.actions} data-testid="table-actions">
            {STATUS_ACTIONS.map(({ action, label, status }) => (
              <button
                key={action}
                type="button"
                disabled={table.status === status || busy !== null}
                onClick={() => void act(table, action)}
              >
                {label}
              </button>
            ))}
            {table.game !== "quick-baccarat" && (
              <button
                type="button"
                disabled={busy !== null || ("newShoeAsked" in table && table.newShoeAsked)}
                title="The dealer ends the shoe in play before the next round and shuffles a new one"
                onClick={() => void act(table, "newShoe")}
              >
                {"newShoeAsked" in table && table.newShoeAsked ? "New shoe asked" : "New shoe"}
              </button>
            )}
            <button
              type="button"
              // The public list the page starts from has no settings: an editor opened from it
              // would start from the defaults (a saved pay table would show, and save, as the
              // rule book's). Edit waits for the operators' list.
              disabled={!("settings" in table)}
              title={"settings" in table ? undefined : "Reading the table's settings…"}
              onClick={() => {
                setEditing(table.id);
              }}
            >
              Edit
            </button>
            {problems[table.id] ? (
              <p className={styles.problem} role="alert">
                {problems[table.id]}
              </p>
            ) : null}
          </div>
        )}
      />
      {edited !== undefined && (
        <TableEditor
          key={edited.id}
          table={edited}
          onClose={() => {
            setEditing(null);
          }}
          onSaved={() => void reload()}
        />
      )}
      <CreateTableForm templates={tables} onCreated={() => void reload()} />
      {dialog}
    </>
  );
}
