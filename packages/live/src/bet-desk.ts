/**
 * The bet desk: every placement of the process goes through one group commit (@fuda/db): calls
 * that arrive while transactions are running wait and are posted together by the next one, so
 * under load a transaction carries many slips, alone it carries one.
 *
 * Each placement and undo is a span (`bet.place`, `bet.undo`) in its caller's context, so a
 * request's trace holds it; its metrics and its log lines are written there too, after the batch,
 * so they carry the request's id (the batch runs in whichever caller's context started it).
 */
import type { Db } from "@fuda/db";
import { groupCommit, keptConnection } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import type { Pacer, Rate } from "@fuda/limits";
import { createMemoryPacer, secondsOf } from "@fuda/limits";
import { balance } from "@fuda/ledger";
import type { LiveBet } from "@fuda/rules";
import { betBatchDuration, betBatchSize, betsPlaced, betsRefused, withSpan } from "@fuda/telemetry";

import { batchStateSql, checkSlip, placeSlips } from "./bet-batch";
import type { CheckedSlip, PlacedSlip } from "./bet-batch";
import { bettingClosed, isRoundId, roundNotFound } from "./bet-slip";
import { publicGameName } from "./games";
import type { LiveLog } from "./log";
import { silentLog } from "./log";
import { refundOpenBets } from "./refunds";
import { lockRounds, roundLockKey } from "./round-locks";
import type { BetDesk, Placement, PlaceBetsInput, Undo } from "./services";

export interface BetDeskOptions {
  db: Db;
  /** Most slips in one transaction. */
  maxBatch?: number;
  /**
   * Most transactions running at once. One: a second batch would only wait on the first's round
   * locks, and while it waits the calls it holds are not in the next, larger batch (measured:
   * docs/performance.md, Bet placements).
   */
  maxInFlight?: number;
  /** Prisma's interactive transaction limits for an undo: a loaded server can make one wait. */
  transaction?: { maxWait?: number; timeout?: number };
  /** An info line per bet placed and per refusal; none by default (`startLive` passes its own). */
  log?: LiveLog;
  /** Where each player's pace is kept: every node's (Redis) or this process's (by default). */
  pacer?: Pacer;
  /** Slips (and undos) a player may send: far above a person's clicks, below a script's. */
  pace?: Rate;
}

/** Twenty slips a second, forty at once: a person clicking chips never meets it. */
export const DEFAULT_BET_PACE: Rate = { perSecond: 20, burst: 40 };

/** A refusal for a player past their pace (docs/live-tables.md, Bets), with the wait. */
function tooFast(pace: Rate, retryAfterMs: number): FudaError {
  return new FudaError(
    "RATE_LIMITED",
    `bets: at most ${pace.perSecond} slips a second (${pace.burst} at once): wait ${secondsOf(retryAfterMs)}`,
    { field: "bets", rule: "TOO_FAST", retryAfterMs },
  );
}

const DEFAULT_TRANSACTION = { maxWait: 10_000, timeout: 20_000 };

/** A checked slip's total stake, minor units. */
const stakeOf = (bets: readonly LiveBet[]): number =>
  bets.reduce((sum, bet) => sum + bet.amount, 0);

/**
 * Table slugs by id, for log lines and spans: read once per table (a slug does not change),
 * outside the batch's transaction; the id stands in when it cannot be read.
 */
function tableSlugs(db: Db): (tableId: string) => Promise<string> {
  const known = new Map<string, string>();
  return async (tableId) => {
    const cached = known.get(tableId);
    if (cached !== undefined) return cached;
    const row = await db.table
      .findUnique({ where: { id: tableId }, select: { slug: true } })
      .catch(() => null);
    if (row === null) return tableId;
    known.set(tableId, row.slug);
    return row.slug;
  };
}

type Judged<T> = { ok: true; value: T } | { ok: false; error: FudaError };

/** `work`'s value, or the FudaError that refused it (a refusal is an answer, not a failure). */
async function judged<T>(work: () => Promise<T>): Promise<Judged<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof FudaError) return { ok: false, error };
    throw error;
  }
}

export function createBetDesk({
  db,
  maxBatch = 256,
  maxInFlight = 1,
  transaction = DEFAULT_TRANSACTION,
  log = silentLog,
  pacer = createMemoryPacer(),
  pace = DEFAULT_BET_PACE,
}: BetDeskOptions): BetDesk {
  /** Throws when the player is past their pace: before any lock, shared by every node. */
  async function paced(playerId: string): Promise<void> {
    const wait = await pacer.take(`bets:${playerId}`, pace);
    if (wait > 0) throw tooFast(pace, wait);
  }
  // The batches run one after another on a connection of their own: the next one's BEGIN goes
  // out as soon as the last has committed, before its callers' answers are written.
  const connection = keptConnection(db);
  const slips = groupCommit<CheckedSlip, PlacedSlip>(
    // On node-postgres directly: the platform's hottest transaction.
    async (checked) => {
      const started = performance.now();
      try {
        return await connection.transaction((tx) => placeSlips(tx, checked), {
          first: [batchStateSql(checked)],
        });
      } finally {
        betBatchSize.observe(checked.length);
        betBatchDuration.observe((performance.now() - started) / 1000);
      }
    },
    {
      maxBatch,
      maxInFlight,
      closedError: () =>
        new FudaError("CONFLICT", "the bet desk is closed: this process is shutting down"),
    },
  );
  const slugOf = tableSlugs(db);

  function place(input: PlaceBetsInput): Promise<Placement> {
    return withSpan("bet.place", { "fuda.round": input.roundId }, async (span) => {
      const outcome = await judged(async () => {
        // Checked before it joins a batch: a bad slip is refused at once, outside every lock.
        const checked = checkSlip(input);
        await paced(input.playerId);
        span.setAttribute("fuda.amount", stakeOf(input.bets));
        return slips.run(checked);
      });
      if (!outcome.ok) {
        const reason = outcome.error.code;
        span.setAttribute("fuda.refused", reason);
        betsRefused.inc({ reason });
        log.info({ reason, round: input.roundId }, "bet refused");
        throw outcome.error;
      }
      const { placement, table } = outcome.value;
      span.setAttribute("fuda.replayed", placement.replayed);
      if (table === undefined) return placement;
      const slug = await slugOf(table.id);
      const game = publicGameName(table.game);
      span.setAttributes({ "fuda.table": slug, "fuda.game": game });
      // A replay placed nothing new: it was counted and logged the first time.
      if (placement.replayed) return placement;
      betsPlaced.inc({ game }, placement.bets.length);
      for (const bet of placement.bets) {
        log.info(
          {
            table: slug,
            round: placement.roundId,
            spot: bet.bet,
            ...(bet.seat === null ? {} : { seat: bet.seat }),
            amount: bet.amount,
          },
          "bet placed",
        );
      }
      return placement;
    });
  }

  function undo({
    playerId,
    roundId,
  }: {
    playerId: string;
    roundId: string;
  }): Promise<Undo & { tableId: string }> {
    if (!isRoundId(roundId)) return Promise.reject(roundNotFound(roundId));
    return db.$transaction(async (tx): Promise<Undo & { tableId: string }> => {
      // The round's bets lock too: an undo never interleaves with a batch judging the cap.
      const rounds = await lockRounds(tx, [roundId], [roundLockKey(roundId)]);
      const round = rounds.get(roundId);
      if (round === undefined) throw roundNotFound(roundId);
      if (round.phase !== "betting") throw bettingClosed(roundId, `is ${round.phase}, not betting`);
      if (!round.windowOpen) throw bettingClosed(roundId, "has passed its betting window");
      const refunded = await refundOpenBets(tx, roundId, { playerId });
      return {
        roundId,
        bets: refunded.length,
        refunded: refunded.reduce((sum, bet) => sum + bet.amount, 0),
        balance: refunded.at(-1)?.balance ?? (await balance({ db: tx, playerId })),
        tableId: round.tableId,
      };
    }, transaction);
  }

  return {
    place,

    // Not counted with the bets: an undo refused is no bet refused.
    undo: (input) =>
      withSpan("bet.undo", { "fuda.round": input.roundId }, async (span) => {
        const outcome = await judged(async () => {
          await paced(input.playerId);
          return undo(input);
        });
        if (!outcome.ok) {
          span.setAttribute("fuda.refused", outcome.error.code);
          log.info({ reason: outcome.error.code, round: input.roundId }, "undo refused");
          throw outcome.error;
        }
        const { tableId, ...undone } = outcome.value;
        const slug = await slugOf(tableId);
        span.setAttribute("fuda.table", slug);
        log.info(
          { table: slug, round: undone.roundId, bets: undone.bets, amount: undone.refunded },
          "bets undone",
        );
        return undone;
      }),

    async close() {
      await slips.close();
      connection.release();
    },
  };
}
