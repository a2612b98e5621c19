"use client";

import { useState } from "react";

import type { TableConfig } from "~/game-api";
import { answered, relayApi } from "~/procedures";

import { Field, LimitFields, betsOf, limitsFrom } from "./limit-fields";
import {
  PayTableFields,
  payTableEdit,
  payTableFieldNames,
  storedPayTable,
  storedText,
  theoryRequestOf,
} from "./pay-table/pay-table-fields";
import type { Problem } from "./table-forms";
import { fieldText, hasCountdown, problemFrom } from "./table-forms";
import styles from "./tables-admin.module.css";

const JOKER_BLACKJACK_SETTINGS = ["seats", "decks", "jokers"] as const;

/**
 * Limits per bet id (points), name, countdown and, for joker blackjack, seats, decks, jokers and
 * the pay table with its theoretical return.
 */
export function TableEditor({
  table,
  onClose,
  onSaved,
}: {
  table: TableConfig & { settings?: Record<string, unknown> };
  onClose: () => void;
  onSaved: () => void;
}) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saved, setSaved] = useState(false);
  const jokerBlackjack = table.game === "joker-blackjack";
  const countdown = hasCountdown(table.game);
  const payTable = storedPayTable(table.settings);
  // The form as typed, for the theoretical return: read again on every change.
  const [draft, setDraft] = useState(() => theoryRequestOf(storedText(table.settings)));
  const bets = betsOf(table.limits);
  const fields = new Set([
    "name",
    "countdownSeconds",
    ...JOKER_BLACKJACK_SETTINGS.map((key) => `settings.${key}`),
    ...(jokerBlackjack ? payTableFieldNames() : []),
    ...bets.flatMap((bet) => [`limits.${bet}`, `limits.${bet}.min`, `limits.${bet}.max`]),
  ]);

  return (
    <form
      className={styles.panel}
      aria-label={`Edit ${table.name}`}
      data-testid="table-editor"
      onChange={(event) => {
        if (!jokerBlackjack) return;
        const form = new FormData(event.currentTarget);
        setDraft(theoryRequestOf((name) => fieldText(form, name)));
      }}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const text = (name: string) => fieldText(form, name);
        const edit = jokerBlackjack ? payTableEdit(text, payTable) : undefined;
        const settings = {
          ...Object.fromEntries(
            JOKER_BLACKJACK_SETTINGS.filter((key) => text(`settings.${key}`) !== "").map((key) => [
              key,
              Number(text(`settings.${key}`)),
            ]),
          ),
          ...(edit === undefined ? {} : { payTable: edit }),
        };
        setSaved(false);
        void answered(
          relayApi.admin.tables.update.mutate({
            tableId: table.id,
            name: text("name"),
            countdownSeconds: countdown ? Number(text("countdownSeconds")) : 0,
            limits: limitsFrom(bets, text),
            ...(jokerBlackjack ? { settings } : {}),
            reason: text("reason") === "" ? undefined : text("reason"),
          }),
        ).then((answer) => {
          if (answer.ok) {
            setProblem(null);
            setSaved(true);
            onSaved();
          } else setProblem(problemFrom(answer));
        });
      }}
    >
      <h2>
        Edit <code>{table.slug}</code>
      </h2>
      <div className={styles.fields}>
        <Field label="Name" problem={problem} name="name" defaultValue={table.name} />
        {countdown && (
          <Field
            label="Countdown (seconds)"
            problem={problem}
            name="countdownSeconds"
            type="number"
            defaultValue={table.countdownSeconds}
            step={1}
          />
        )}
        {jokerBlackjack &&
          JOKER_BLACKJACK_SETTINGS.map((key) => (
            <Field
              key={key}
              label={key[0]!.toUpperCase() + key.slice(1)}
              problem={problem}
              name={`settings.${key}`}
              type="number"
              step={1}
              defaultValue={
                typeof table.settings?.[key] === "number" ? String(table.settings[key]) : ""
              }
            />
          ))}
      </div>
      {jokerBlackjack && <PayTableFields stored={payTable} problem={problem} draft={draft} />}
      <LimitFields limits={table.limits} problem={problem} rowTestId="limit-edit" />
      <label className={styles.reason}>
        Reason (kept in the audit log)
        <input name="reason" />
      </label>
      {problem !== null && (problem.field === null || !fields.has(problem.field)) && (
        <p className={styles.problem} role="alert">
          {problem.message}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit">Save</button>
        <button type="button" onClick={onClose}>
          Close
        </button>
        {saved && (
          <span className={styles.saved} role="status">
            Saved: from the next round
          </span>
        )}
      </div>
    </form>
  );
}
