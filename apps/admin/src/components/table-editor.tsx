"use client";

import { useState } from "react";

import type { TableConfig } from "~/game-api";
import { answered, relayApi } from "~/procedures";

import { Field, FieldProblem, LimitFields, betsOf, limitsFrom } from "./limit-fields";
import {
  PayTableFields,
  payTableEdit,
  payTableFieldNames,
  storedPayTable,
  storedText,
  theoryRequestOf,
} from "./pay-table/pay-table-fields";
import { ChatSettingsFields, STREAM_CHAT_FIELDS, StreamFields } from "./stream-chat-fields";
import type { Problem } from "./table-forms";
import {
  chatBetsOf,
  chatRetentionDaysOf,
  chatSettingsFrom,
  fieldText,
  hasChat,
  hasCountdown,
  problemFrom,
  streamFrom,
} from "./table-forms";
import styles from "./tables-admin.module.css";

const JOKER_BLACKJACK_SETTINGS = ["seats", "decks", "jokers"] as const;

/** The dealing modes as the select offers them (docs/studio.md). */
const DEALING_LABELS = { automatic: "Automatic", studio: "Studio" } as const;
type Dealing = keyof typeof DEALING_LABELS;

/** The silent console's alert when the table's settings name none (packages/live, seats.ts). */
const DEFAULT_SILENT_SECONDS = 30;

/**
 * Limits per bet id (points), name, countdown, who deals it (with a studio table's burn
 * procedure and silent-console alert), its video and how long its chat is kept and, for joker
 * blackjack, chat bets, seats, decks, jokers and the pay table with its theoretical return.
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
  // The quick game deals each player a software shoe: never a studio's.
  const dealable = table.game !== "quick-baccarat";
  const [dealing, setDealing] = useState<Dealing>(table.dealing);
  const studio = dealing === "studio";
  const bets = betsOf(table.limits);
  const fields = new Set([
    "name",
    "countdownSeconds",
    "dealing",
    "settings.enterBurns",
    "settings.silentSeconds",
    ...STREAM_CHAT_FIELDS,
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
          ...chatSettingsFrom(form, table.game),
          // A studio table's procedure; kept when it goes back to the automatic dealer.
          ...(studio
            ? {
                enterBurns: form.get("settings.enterBurns") === "on",
                silentSeconds: Number(text("settings.silentSeconds")),
              }
            : {}),
        };
        setSaved(false);
        void answered(
          relayApi.admin.tables.update.mutate({
            tableId: table.id,
            name: text("name"),
            countdownSeconds: countdown ? Number(text("countdownSeconds")) : 0,
            limits: limitsFrom(bets, text),
            ...(dealable ? { dealing } : {}),
            // Every live table has its chat's settings; the quick game has none at all.
            ...(hasChat(table.game) ? { settings } : {}),
            stream: streamFrom(text),
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
        {dealable && (
          <label>
            Dealing
            <select
              name="dealing"
              value={dealing}
              data-testid="dealing"
              onChange={(event) => {
                setDealing(event.currentTarget.value as Dealing);
              }}
            >
              {(Object.keys(DEALING_LABELS) as Dealing[]).map((mode) => (
                <option key={mode} value={mode}>
                  {DEALING_LABELS[mode]}
                </option>
              ))}
            </select>
            <FieldProblem problem={problem} field="dealing" />
          </label>
        )}
        {studio && (
          <>
            <label>
              <span>
                <input
                  type="checkbox"
                  name="settings.enterBurns"
                  data-testid="enter-burns"
                  defaultChecked={table.settings?.enterBurns === true}
                />{" "}
                Burn cards are entered
              </span>
              <FieldProblem problem={problem} field="settings.enterBurns" />
            </label>
            <Field
              label="Console silent alert (seconds)"
              problem={problem}
              name="settings.silentSeconds"
              type="number"
              step={1}
              min={5}
              max={600}
              data-testid="silent-seconds"
              defaultValue={
                typeof table.settings?.silentSeconds === "number"
                  ? table.settings.silentSeconds
                  : DEFAULT_SILENT_SECONDS
              }
            />
          </>
        )}
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
        <ChatSettingsFields
          game={table.game}
          retentionDays={chatRetentionDaysOf(table.settings)}
          chatBets={chatBetsOf(table.settings)}
          problem={problem}
        />
      </div>
      <StreamFields stream={table.stream} problem={problem} />
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
