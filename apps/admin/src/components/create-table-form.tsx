"use client";

import { GAME_VARIANTS } from "@fuda/contracts";
import { GAME_LABELS } from "@fuda/ui";
import { useState } from "react";

import type { Game, TableConfig } from "~/game-api";
import { answered, relayApi } from "~/procedures";

import { Field, FieldProblem, LimitFields, betsOf, limitsFrom } from "./limit-fields";
import { ChatSettingsFields, StreamFields } from "./stream-chat-fields";
import type { Problem } from "./table-forms";
import { chatSettingsFrom, fieldText, hasCountdown, problemFrom, streamFrom } from "./table-forms";
import styles from "./tables-admin.module.css";

/** Each game's variants, as the API checks them (packages/contracts). */
const VARIANTS: Record<Game, readonly string[]> = GAME_VARIANTS;

/**
 * A new table of a game: its bets and their limits start as those of a table of the same game
 * (the rules check the bet ids whatever is sent). It starts paused; open it when it is ready.
 */
export function CreateTableForm({
  templates,
  onCreated,
}: {
  templates: TableConfig[];
  onCreated: () => void;
}) {
  const [game, setGame] = useState<Game>("baccarat");
  const [problem, setProblem] = useState<Problem | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const template = templates.find((table) => table.game === game);
  const limits = template?.limits ?? {};
  const bets = betsOf(limits);

  return (
    <form
      className={styles.panel}
      aria-label="New table"
      data-testid="create-table"
      onSubmit={(event) => {
        event.preventDefault();
        const formElement = event.currentTarget;
        const form = new FormData(formElement);
        const text = (name: string) => fieldText(form, name);
        setCreated(null);
        void answered(
          relayApi.admin.tables.create.mutate({
            slug: text("slug"),
            game,
            variant: text("variant"),
            name: text("name"),
            countdownSeconds: hasCountdown(game) ? Number(text("countdownSeconds")) : 0,
            limits: limitsFrom(bets, text),
            settings: chatSettingsFrom(form, game),
            stream: streamFrom(text),
          }),
        ).then((answer) => {
          if (answer.ok) {
            setProblem(null);
            setCreated(answer.data.slug);
            formElement.reset();
            onCreated();
          } else setProblem(problemFrom(answer));
        });
      }}
    >
      <h2>New table</h2>
      <div className={styles.fields}>
        <label>
          Game
          <select
            name="game"
            value={game}
            onChange={(event) => {
              setGame(event.target.value as Game);
            }}
          >
            {(Object.keys(VARIANTS) as Game[]).map((name) => (
              <option key={name} value={name}>
                {GAME_LABELS[name]}
              </option>
            ))}
          </select>
          <FieldProblem problem={problem} field="game" />
        </label>
        <label>
          Variant
          <select name="variant" key={game}>
            {VARIANTS[game].map((variant) => (
              <option key={variant}>{variant}</option>
            ))}
          </select>
          <FieldProblem problem={problem} field="variant" />
        </label>
        <Field label="Slug" problem={problem} name="slug" placeholder="baccarat-c" />
        <Field label="Name" problem={problem} name="name" placeholder="Baccarat C" />
        {hasCountdown(game) && (
          <Field
            key={game}
            label="Countdown (seconds)"
            problem={problem}
            name="countdownSeconds"
            type="number"
            step={1}
            defaultValue={template?.countdownSeconds ?? 20}
          />
        )}
        <ChatSettingsFields key={`chat-${game}`} game={game} problem={problem} />
      </div>
      <StreamFields stream={undefined} problem={problem} />
      <LimitFields key={game} limits={limits} problem={problem} labelPrefix="new " />
      {problem !== null && problem.field === "limits" && (
        <p className={styles.problem} role="alert">
          {problem.message}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit">Create (paused)</button>
        {created !== null && (
          <span className={styles.saved} role="status">
            Created {created}: open it when it is ready
          </span>
        )}
      </div>
    </form>
  );
}
