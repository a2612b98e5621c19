/**
 * The loop around one table's steps (dealer.ts): each step in its `dealer.step` span, then the
 * wait it asked for; a fault is logged and the step tried again, a fence ends the loop.
 */
import { isDatabaseUnreachable } from "@fuda/db";
import { withSpan } from "@fuda/telemetry";

import type { Clock } from "./clock";
import type { StepRun, TableRunnerOptions, Wait } from "./dealer";
import { afterAction, MOVED_BY_OTHERS, step } from "./dealer";
import type { ActedRound } from "./acted-here";
import { onActedHere, releaseTable, writeInFlight, writesAnswered } from "./acted-here";
import { FencedError, StaleRoundError } from "./dealer-rows";
import { oneLine } from "./log";
import { RoundWatch } from "./round-watch";
import type { EventHub } from "./services";

/** A step to compute again at once: a player acted on the round under it. */
const AGAIN = "again";

/**
 * One step in its `dealer.step` span: the table, the round it found or opened, what it did. A
 * step computed again is no failure: it ends its span as one, not as an error.
 */
function tracedStep(
  options: TableRunnerOptions,
  run: Omit<StepRun, "did">,
): Promise<Wait | typeof AGAIN> {
  return withSpan("dealer.step", { "fuda.table": run.watch.name }, async (span) => {
    try {
      return await step(options, {
        ...run,
        did: (name) => {
          span.setAttribute("fuda.step", name);
        },
      });
    } catch (error) {
      if (!(error instanceof StaleRoundError)) throw error;
      span.setAttribute("fuda.stale", true);
      return AGAIN;
    } finally {
      span.setAttribute("fuda.table", run.watch.name);
      const round = run.watch.roundId;
      if (round !== null) span.setAttribute("fuda.round", round);
    }
  });
}

/**
 * Runs one table until `signal` aborts or another dealer is found to have moved it. The first
 * step after taking the table recovers it (seeds 000 and 001): a round still betting is
 * cancelled and refunded, a round being dealt is finished from the persisted shoe.
 */
export async function runTable(options: TableRunnerOptions): Promise<void> {
  const { signal, log, tableId, clock } = options;
  let recovering = true;
  let unreachableSince: number | null = null;
  const announced = { totals: "" };
  const kept: StepRun["kept"] = { state: null };
  const seen: StepRun["seen"] = { state: null };
  /** The last action handed while a step ran: newer than the table that step keeps. */
  let actedDuring: ActedRound | null = null;
  /** The next step starts from the round `acted` wrote over `base`, when it is newer. */
  const keepActed = (base: StepRun["seen"]["state"], acted: ActedRound): void => {
    const after = afterAction(base, acted);
    if (after === null) return;
    kept.state = after;
    kept.untilOthers = undefined;
  };
  // A player's action in this process: the next step starts from the round it wrote.
  const stopKeeping = onActedHere(tableId, (acted) => {
    actedDuring = acted;
    keepActed(seen.state, acted);
  });
  /**
   * A step that kept the round as its own write left it, finishing after an action was handed
   * (the action's events can come before the step's COMMIT answer), keeps the action over it.
   */
  const keepActedDuring = (): void => {
    const acted = actedDuring;
    actedDuring = null;
    if (acted !== null) keepActed(kept.state, acted);
  };
  // Rounds moved by anyone else, counted: a table kept by a step holds only until one comes after
  // that step began (dealer.ts, `StepRun.kept`).
  const others = options.hub === undefined ? undefined : { count: 0 };
  const stopCounting = options.hub?.listen(
    { tableId },
    {
      event: (event) => {
        if (MOVED_BY_OTHERS.has(event.type)) others!.count += 1;
      },
      end: () => undefined,
    },
  );
  const watch = new RoundWatch(tableId, log);
  try {
    while (!signal.aborted) {
      let wait: Wait;
      // A write of this process at the table still unanswered (an action): its answer, and the
      // round it hands on, first.
      await writesAnswered(tableId);
      actedDuring = null;
      try {
        const stepping = tracedStep(options, {
          recovering,
          announced,
          watch,
          kept,
          seen,
          others,
        }).finally(keepActedDuring);
        // An action on the table's round waits for the step: it holds the round the step wrote.
        writeInFlight(tableId, stepping);
        const stepped = await stepping;
        // A player acted meanwhile: the step is computed again from the round as it now is.
        if (stepped === AGAIN) continue;
        wait = stepped;
        recovering = false;
        if (unreachableSince !== null) {
          log.info(
            { table: watch.name, ms: clock.now() - unreachableSince },
            "database reachable again: dealing on",
          );
          unreachableSince = null;
        }
      } catch (error) {
        if (error instanceof FencedError) {
          log.warn(
            { table: watch.name, reason: error.message },
            "another dealer moved the table: leaving it to that dealer",
          );
          return;
        }
        if (isDatabaseUnreachable(error)) {
          if (unreachableSince === null) {
            unreachableSince = clock.now();
            log.warn(
              { table: watch.name, reason: oneLine(error) },
              "database unreachable: retrying the step",
            );
          }
        } else {
          log.error({ table: watch.name, err: error }, "dealer step failed: retrying it");
        }
        wait = 1_000;
      }
      if (typeof wait === "object") {
        const opened = wait.untilOpen === true ? options.opened : undefined;
        await untilEvent(clock, { hub: options.hub, opened }, tableId, wait.ms, signal);
      } else if (wait > 0) {
        await clock.sleep(wait, signal);
      }
    }
  } finally {
    stopKeeping();
    releaseTable(tableId);
    stopCounting?.();
    watch.end();
  }
}

const WOKEN = "woken by an event";

/**
 * Resolves after `ms`, or sooner: at the table's next event (with a hub), at the dealer's word
 * that it reads open (with `opened`), or when `signal` aborts.
 */
async function untilEvent(
  clock: Clock,
  { hub, opened }: { hub?: Pick<EventHub, "listen">; opened?: TableRunnerOptions["opened"] },
  tableId: string,
  ms: number,
  signal: AbortSignal,
): Promise<void> {
  if (signal.aborted) return;
  const woken = new AbortController();
  // A reason of its own: `abort()` alone makes an AbortError, with its stack trace, at every
  // event that wakes the runner.
  const wake = (): void => {
    woken.abort(WOKEN);
  };
  signal.addEventListener("abort", wake, { once: true });
  const stop = hub?.listen({ tableId }, { event: wake, end: wake });
  const stopOpened = opened?.(wake);
  try {
    await clock.sleep(ms, woken.signal);
  } finally {
    signal.removeEventListener("abort", wake);
    stop?.();
    stopOpened?.();
  }
}
