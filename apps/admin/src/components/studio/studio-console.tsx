"use client";

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";

import { GAME_LABELS } from "@fuda/ui";

import { useConfirm } from "~/components/confirm-dialog";
import { relayApi } from "~/procedures";

import { cardFace, rankLabel, typeCardKey } from "./card-keys";
import type { MistakeReport } from "./mistake-dialog";
import { MistakeDialog } from "./mistake-dialog";
import { nextWords, positionWords } from "./position-words";
import { CardFace, ResultWords, RoundHands } from "./studio-cards";
import { StudioChat } from "./studio-chat";
import styles from "./studio.module.css";
import type { StudioProblem } from "./use-studio";
import { useStudio } from "./use-studio";
import { useNow } from "~/components/use-now";

/** The dealer's choice to keep the card reader focused (a scanner at the table), per browser. */
const READER_KEY = "fuda.studio.keepReader";

const readerChoices = new Set<() => void>();
const keptReader = () => localStorage.getItem(READER_KEY) === "on";
const onReaderChoice = (changed: () => void) => {
  readerChoices.add(changed);
  return () => {
    readerChoices.delete(changed);
  };
};
function keepReaderFocused(on: boolean) {
  localStorage.setItem(READER_KEY, on ? "on" : "off");
  for (const changed of readerChoices) changed();
}

const secondsUntil = (iso: string, now: number) =>
  Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000));

/** Keys typed in a field are the field's: the console reads only the page's keys. */
const isField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/** A refusal in large type: a card the reader could not read is simply scanned again. */
function ProblemBanner({ problem }: { problem: StudioProblem }) {
  if (problem.rule === "UNREADABLE_CARD") {
    return (
      <div className={styles.problem} role="alert" data-testid="studio-problem">
        <p className={styles.rescan}>Rescan</p>
        <p>{problem.message}</p>
      </div>
    );
  }
  return (
    <div className={styles.problem} role="alert" data-testid="studio-problem">
      <p className={styles.problemText}>{problem.message}</p>
    </div>
  );
}

/**
 * The studio console of one table, for a dealer standing at it (docs/studio.md, The console): the
 * next thing to do in large type, card entry from the keyboard and the card reader, the round's
 * cards and result, and the shoe's procedure. The engine decides; the console shows and sends.
 */
export function StudioConsole({ tableId }: { tableId: string }) {
  const studio = useStudio(tableId);
  const { state, problem } = studio;
  const now = useNow();
  const { ask, dialog } = useConfirm();
  const [typed, setTyped] = useState("");
  const [scan, setScan] = useState("");
  const keepReader = useSyncExternalStore(onReaderChoice, keptReader, () => false);
  const [mistakeOpen, setMistakeOpen] = useState(false);
  // The round whose betting stayed open at No more bets: nobody had bet.
  // The round whose dealing mistake this console reported, for the pit boss to confirm.
  const [reportedIn, setReportedIn] = useState<string | null>(null);
  const [nobodyBetIn, setNobodyBetIn] = useState<string | null>(null);
  const reader = useRef<HTMLInputElement>(null);

  const jokers = state?.table.game === "joker-blackjack";
  const stopped = studio.taken || studio.released;

  const refocus = useCallback(() => {
    if (keepReader) reader.current?.focus();
  }, [keepReader]);

  useEffect(() => {
    if (keepReader) reader.current?.focus();
  }, [keepReader]);

  const takeBack = useCallback(
    async (asked: boolean) => {
      const last = state?.takeBack;
      if (last == null) return;
      if (asked) {
        const yes = await ask({
          title: `Take back ${cardFace(last.card).label}?`,
          body: `${positionWords(last.position)}: the card leaves the round, and the players' pages.`,
          confirm: "Take back",
        });
        if (!yes) return;
      }
      await studio.step((ids) => relayApi.studio.takeBack.mutate(ids));
      refocus();
    },
    [state?.takeBack, ask, studio, refocus],
  );

  // Card entry from the keyboard: rank then suit, wherever the page has focus but a field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isField(event.target) || document.querySelector("dialog[open]") !== null) return;
      if (event.key === "Escape") {
        setTyped("");
        studio.clearProblem();
        return;
      }
      if (event.key === "Backspace") {
        event.preventDefault();
        if (typed !== "") setTyped("");
        else void takeBack(true);
        return;
      }
      const next = typeCardKey(typed, event.key, jokers);
      if (next === null) return;
      event.preventDefault();
      setTyped(next.typed);
      if (next.card !== null && !stopped) void studio.card(next.card);
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
    };
  }, [typed, jokers, stopped, studio, takeBack]);

  const step = (call: Parameters<typeof studio.step>[0]) => {
    void studio.step(call).then(refocus);
  };

  const report = (mistake: MistakeReport) => {
    void studio
      .step((ids) => relayApi.studio.mistake.mutate({ ...ids, ...mistake }))
      .then((taken) => {
        if (!taken) return;
        setMistakeOpen(false);
        setReportedIn(state?.round?.id ?? null);
      });
  };

  if (state === null) {
    return (
      <main className={styles.console} aria-busy={problem === null}>
        {problem !== null && problem.rule !== "CONSOLE_TAKEN" ? (
          <ProblemBanner problem={problem} />
        ) : studio.taken ? null : (
          <p className={styles.muted}>
            {studio.unreachable ? "The game API did not answer; retrying…" : "Opening the console…"}
          </p>
        )}
        {studio.taken && <TakenBanner onRetake={studio.retake} />}
      </main>
    );
  }

  const { table, shoe, round, next } = state;
  const dealt = round?.cards.map((card) => card.position) ?? [];
  const words = nextWords(next, dealt);
  const betweenRounds = round === null || round.phase === "settled" || round.phase === "cancelled";
  const closesIn =
    next.kind === "close" && round !== null ? secondsUntil(round.closesAt, now) : null;
  const actsBy = next.kind === "player" ? (next.decision?.actsBy ?? null) : null;

  return (
    <main className={styles.console} data-testid="studio-console" data-next={next.kind}>
      <header className={styles.head}>
        <h1 className={styles.tableName}>{table.name}</h1>
        <span className={styles.badge}>{GAME_LABELS[table.game]}</span>
        {round !== null && (
          <span className={styles.meta} data-testid="studio-round">
            Round #{round.number} · {round.phase}
            {round.phase !== "betting" &&
              ` · ${round.bettors} bettor${round.bettors === 1 ? "" : "s"}`}
          </span>
        )}
        {shoe !== null && (
          <span className={styles.meta} data-testid="studio-shoe">
            Shoe: {shoe.position} out · {shoe.rounds} round{shoe.rounds === 1 ? "" : "s"}
            {shoe.firstCard !== null &&
              ` · first card ${shoe.firstCard}, burns ${shoe.burnCount ?? 0}`}
            {shoe.cutCardOut && <strong> · cut card out: last round</strong>}
          </span>
        )}
      </header>

      {studio.taken && <TakenBanner onRetake={studio.retake} />}
      {studio.released && (
        <div className={styles.notice} role="status">
          <p>Console released: another dealer can take this table.</p>
          <button type="button" className={styles.secondary} onClick={studio.retake}>
            Take the console again
          </button>
        </div>
      )}
      {round !== null && round.id === reportedIn && (
        <p className={styles.notice} role="status" data-testid="studio-reported">
          Dealing mistake reported: the pit boss confirms it from the round&apos;s page.
        </p>
      )}
      {studio.unreachable && (
        <p className={styles.notice} role="status">
          The game API did not answer; retrying…
        </p>
      )}

      <section
        className={`${styles.next} ${next.kind === "paused" ? styles.nextPaused : ""}`}
        aria-live="polite"
        aria-label="Next"
      >
        {words.lead !== null && (
          <p className={styles.lead} data-testid="studio-lead">
            {words.lead}
          </p>
        )}
        <p className={styles.headline} data-testid="studio-next">
          {words.headline}
        </p>
        {closesIn !== null && (
          <p className={styles.timer} data-testid="studio-countdown">
            Betting closes in {closesIn} s
          </p>
        )}
        {next.kind === "close" && round !== null && round.id === nobodyBetIn && (
          <p className={styles.lead} data-testid="studio-nobody-bet">
            Nobody has bet: betting stays open
          </p>
        )}
        {actsBy !== null && (
          <p className={styles.timer} data-testid="studio-countdown">
            {secondsUntil(actsBy, now)} s to act
          </p>
        )}
        <div className={styles.nextButtons}>
          {next.kind === "open" && (
            <button
              type="button"
              className={styles.primary}
              disabled={stopped}
              onClick={() => {
                step((ids) => relayApi.studio.open.mutate(ids));
              }}
            >
              Open betting
            </button>
          )}
          {next.kind === "close" && (
            <button
              type="button"
              className={styles.primary}
              disabled={stopped}
              onClick={() => {
                void studio
                  .step((ids) =>
                    relayApi.studio.close.mutate(ids).then((closed) => {
                      // A game not dealt to nobody keeps betting open while no one has bet
                      // (docs/studio.md): say so, or the button seems to do nothing.
                      setNobodyBetIn(
                        closed.next.kind === "close" ? (closed.round?.id ?? null) : null,
                      );
                      return closed;
                    }),
                  )
                  .then(refocus);
              }}
            >
              No more bets
            </button>
          )}
          {next.kind === "burn" && (
            <button
              type="button"
              className={styles.secondaryBig}
              disabled={stopped}
              onClick={() => {
                step((ids) => relayApi.studio.skipBurns.mutate(ids));
              }}
            >
              Skip burns
            </button>
          )}
        </div>
        {typed !== "" && (
          <p className={styles.typed} data-testid="studio-typed" aria-label="Typed rank">
            {rankLabel(typed)}
            <span className={styles.typedSuit}>?</span>
          </p>
        )}
      </section>

      {problem !== null && problem.rule !== "CONSOLE_TAKEN" && <ProblemBanner problem={problem} />}

      <div className={styles.columns}>
        <section className={styles.panel} aria-label="The round's cards">
          <h2>{round === null ? "Cards" : `Round #${round.number}`}</h2>
          {round === null ? (
            <p className={styles.muted}>No round in play.</p>
          ) : (
            <RoundHands cards={round.cards} totals={round.totals} />
          )}
          {round?.outcome != null && (
            <div className={styles.announce}>
              <h3>Result</h3>
              <ResultWords game={table.game} outcome={round.outcome} totals={round.totals} />
            </div>
          )}
          {(round === null || round.cards.length === 0) && state.lastResult !== null && (
            <div className={styles.announce}>
              <h3>Last result · round #{state.lastResult.number}</h3>
              <ResultWords game={table.game} outcome={state.lastResult.outcome} />
              <RoundHands cards={state.lastResult.cards} totals={{}} testId="last-result-cards" />
            </div>
          )}
        </section>

        <div className={styles.side}>
          <section className={styles.panel} aria-label="Card entry">
            <h2>Card entry</h2>
            <p className={styles.muted}>
              Type the rank then the suit (<kbd>A</kbd> <kbd>S</kbd>, <kbd>T</kbd> <kbd>H</kbd>
              {jokers && (
                <>
                  , <kbd>J</kbd> <kbd>K</kbd> joker
                </>
              )}
              ); <kbd>Esc</kbd> clears, <kbd>⌫</kbd> takes the last card back.
            </p>
            <form
              className={styles.reader}
              onSubmit={(event) => {
                event.preventDefault();
                const code = scan;
                setScan("");
                setTyped("");
                reader.current?.focus();
                if (!stopped) void studio.card(code);
              }}
            >
              <label htmlFor="card-reader">Card reader</label>
              <input
                ref={reader}
                id="card-reader"
                data-testid="card-reader"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="Scan, or type AS and Enter"
                value={scan}
                disabled={stopped}
                onChange={(event) => {
                  setScan(event.target.value);
                }}
                onKeyDown={(event) => {
                  // Esc leaves the reader: the page's keys enter cards again.
                  if (event.key === "Escape") {
                    setScan("");
                    event.currentTarget.blur();
                  }
                }}
              />
            </form>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={keepReader}
                onChange={(event) => {
                  keepReaderFocused(event.target.checked);
                }}
              />
              Keep the card reader focused (a scanner at the table)
            </label>
            {state.takeBack !== null && (
              <p className={styles.lastCard}>
                Last card: <CardFace code={state.takeBack.card} />{" "}
                {positionWords(state.takeBack.position, dealt)}
              </p>
            )}
          </section>
          <StudioChat tableId={table.id} slug={table.slug} />
        </div>
      </div>

      <nav className={styles.actions} aria-label="Console">
        <button
          type="button"
          className={styles.secondary}
          disabled={stopped || state.takeBack === null}
          onClick={() => void takeBack(false)}
        >
          Take back last card
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={stopped || shoe === null || shoe.cutCardOut}
          onClick={() => {
            step((ids) => relayApi.studio.cutCard.mutate(ids));
          }}
        >
          Cut card out
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={stopped || shoe === null || !betweenRounds}
          onClick={() => {
            void ask({
              title: "End this shoe?",
              body: "The shoe in play ends and its recorded order is published; the next card entered is a new shoe's first.",
              confirm: "New shoe",
              danger: true,
            }).then((yes) => {
              if (yes) step((ids) => relayApi.studio.newShoe.mutate(ids));
              else refocus();
            });
          }}
        >
          New shoe
        </button>
        {jokers && (
          <button
            type="button"
            className={styles.secondary}
            disabled={stopped || round === null}
            onClick={() => {
              studio.clearProblem();
              setMistakeOpen(true);
            }}
          >
            Dealing mistake
          </button>
        )}
        <button
          type="button"
          className={styles.secondary}
          disabled={stopped}
          onClick={() => void studio.release()}
        >
          Release console
        </button>
      </nav>

      <MistakeDialog
        open={mistakeOpen}
        problem={mistakeOpen ? (problem?.message ?? null) : null}
        onReport={report}
        onClose={() => {
          setMistakeOpen(false);
        }}
      />
      {dialog}
    </main>
  );
}

function TakenBanner({ onRetake }: { onRetake: () => void }) {
  return (
    <div className={styles.problem} role="alert" data-testid="studio-taken">
      <p className={styles.problemText}>Another console deals this table</p>
      <p>This console sends nothing until it takes the table back.</p>
      <button type="button" className={styles.secondary} onClick={onRetake}>
        Try again
      </button>
    </div>
  );
}
