/**
 * The dealer's steps around a pending decision (docs/live-tables.md, Decisions), each one
 * transaction like every other step, sent as one message (nothing is read between its lock and
 * its writes): the timer's default taken when it runs out, and the timer
 * started again for a round found waiting (after a restart, or another dealer's crash).
 */
import type { Db } from "@fuda/db";
import { Prisma, sqlTransactionOf } from "@fuda/db";
import type { TableGameDefinition } from "@fuda/rules";
import { shoeFromJson } from "@fuda/shoe";

import { studioSafe } from "./studio-memory";

import type { RoundRow, ShoeRow, TableRef } from "./dealer-rows";
import { asStep, roundStepLock } from "./dealer-rows";
import { deadlineAfter, stepEvents, writeStepSql } from "./decisions";
import { appendEventsSql } from "./events";
import { tableSettings } from "./seats";

/** The pending decision's timer ran out: its default is taken (a hand stands). */
export async function timeoutStep(
  db: Db,
  table: TableRef,
  definition: TableGameDefinition,
  round: RoundRow,
  shoeRow: ShoeRow,
  now = Date.now(),
): Promise<RoundRow> {
  const decisions = definition.decisions;
  const pending = decisions?.pending(round.state);
  if (decisions === undefined || pending == null) {
    throw new Error(`round ${round.id} waits for no decision`);
  }
  const shoe = shoeFromJson(shoeRow.state);
  const step = studioSafe(shoe, round.state.first, (copy) => decisions.timeout(copy, round.state));
  const actsBy = deadlineAfter(definition, table, step.round, step.events, null, now);
  // The lock, the step and COMMIT in one message: nothing is read between.
  await asStep(round.id, () =>
    sqlTransactionOf(db, [
      roundStepLock(round, "dealing"),
      writeStepSql({
        table,
        round,
        shoe: { id: shoeRow.id, position: shoeRow.position, after: shoe, stored: shoeRow.state },
        step,
        actsBy,
        action: { seat: pending.seat, hand: pending.hand, action: pending.onTimeout, by: "timer" },
      }),
    ]),
  );
  return { ...round, state: step.round, moves: round.moves + 1, actsBy };
}

/**
 * Starts the pending decision's timer again, from now, and announces it: a round found waiting
 * with no deadline, or taken over from a dealer that stopped, gives its seat the full time.
 */
export async function restartTimer(
  db: Db,
  table: TableRef,
  definition: TableGameDefinition,
  round: RoundRow,
  now = Date.now(),
): Promise<RoundRow> {
  const pending = definition.decisions?.pending(round.state);
  if (pending == null) throw new Error(`round ${round.id} waits for no decision`);
  const actsBy = new Date(now + tableSettings(table.settings).actionSeconds * 1_000);
  await asStep(round.id, () =>
    sqlTransactionOf(db, [
      roundStepLock(round, "dealing"),
      Prisma.sql`UPDATE rounds SET acts_by = ${actsBy}::timestamptz WHERE id = ${round.id}::uuid`,
      appendEventsSql(stepEvents(table, round, [{ type: "turn.started", ...pending }], actsBy)),
    ]),
  );
  return { ...round, actsBy };
}
