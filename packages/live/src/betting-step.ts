/**
 * The dealer's step on a round still betting (docs/live-tables.md, One step, one transaction):
 * cancel it when the table was just taken or the window was missed, cancel it when an operator
 * paused the table while it waited for a bet, close it when its window ends (or start the window
 * again while it waits for a bet), and otherwise announce the stakes as they change.
 */
import type { Db } from "@fuda/db";
import type { TableGameDefinition } from "@fuda/rules";

import type { Clock } from "./clock";
import type { DealerTiming } from "./dealer";
import type { RoundRow, ShoeRow } from "./dealer-rows";
import { cancelRound, closeBetting } from "./dealer-steps";
import { appendEvents } from "./events";
import type { LiveLog } from "./log";
import type { RoundWatch } from "./round-watch";
import { betTotals } from "./settlement";

export interface BettingStep {
  db: Db;
  table: { id: string; slug: string; status: string; countdownSeconds: number; settings: unknown };
  definition: TableGameDefinition;
  round: RoundRow;
  shoe: ShoeRow;
  timing: DealerTiming;
  clock: Clock;
  /** The first step after taking the table. */
  recovering: boolean;
  /** The stakes last announced (`bets.totals`), as JSON. */
  announced: { totals: string };
  log: LiveLog;
  watch: RoundWatch;
  /** Names what the step did (its span's `fuda.step`). */
  did: (step: string) => void;
  /** Told the round as betting closed on it, now being dealt. */
  dealing?: (round: RoundRow) => void;
}

/** Milliseconds to wait before the next step. */
export async function bettingStep(step: BettingStep): Promise<number> {
  const { db, table, definition, round, shoe, timing, clock, log, watch, did } = step;
  const late = clock.now() - round.closesAt.getTime();
  if (step.recovering || late >= timing.lateCloseGraceMs) {
    // Either way a fault: a dealer stopped mid-round, or this one stalled past the close.
    const reason = step.recovering ? "interrupted before betting closed" : "betting window missed";
    did("cancel");
    await cancelRound(db, table, round, shoe, reason);
    watch.entered(round.id, "cancelled");
    log.warn(
      { table: table.slug, round: round.id, number: round.number, reason },
      "round cancelled, bets refunded",
    );
    return 0;
  }
  // A pause or close reaches a round waiting for a bet at once: no bet can come at such a table.
  if (table.status !== "OPEN" && !definition.dealsWithoutBets) {
    const reason = `table ${table.status.toLowerCase()} while waiting for a bet`;
    did("cancel");
    const { cancelled } = await cancelRound(db, table, round, shoe, reason, {
      ifWaiting: definition,
    });
    if (cancelled) {
      watch.entered(round.id, "cancelled");
      log.info(
        { table: table.slug, round: round.id, number: round.number, reason },
        "round cancelled",
      );
      return 0;
    }
  }
  const windowMs = timing.bettingWindowMs(table);
  if (late >= 0) {
    did("close");
    const next = await closeBetting(db, table, round, definition, { windowMs, now: clock.now() });
    // Still betting: the round waits for a bet (its window starts again).
    if (next.phase === "betting") return Math.min(windowMs, timing.totalsIntervalMs);
    watch.entered(round.id, next.phase);
    step.dealing?.(next);
    return timing.dealDelayMs;
  }
  did("totals");
  await announceTotals(db, table.id, round, step.announced);
  return Math.min(-late, timing.totalsIntervalMs);
}

/** `bets.totals` when the stakes changed since the last announcement (at most one per interval). */
async function announceTotals(
  db: Db,
  tableId: string,
  round: RoundRow,
  announced: { totals: string },
): Promise<void> {
  const totals = await betTotals(db, round.id);
  const text = JSON.stringify(totals);
  if (text === announced.totals) return;
  await db.$transaction((tx) =>
    appendEvents(tx, [
      {
        tableId,
        roundId: round.id,
        type: "bets.totals",
        payload: { roundId: round.id, number: round.number, ...totals },
      },
    ]),
  );
  announced.totals = text;
}
