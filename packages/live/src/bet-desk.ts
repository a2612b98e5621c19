/**
 * The bet desk: every placement of the process goes through one group commit (@fuda/db): calls
 * that arrive while transactions are running wait and are posted together by the next one, so
 * under load a transaction carries many slips, alone it carries one.
 */
import type { Db } from "@fuda/db";
import { groupCommit, keptConnection } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { balance } from "@fuda/ledger";

import { checkSlip, placeSlips } from "./bet-batch";
import type { CheckedSlip } from "./bet-batch";
import { bettingClosed, isRoundId, roundNotFound } from "./bet-slip";
import { refundOpenBets } from "./refunds";
import { lockRounds, roundLockKey } from "./round-locks";
import type { BetDesk, Placement, Undo } from "./services";

export interface BetDeskOptions {
  db: Db;
  /** Most slips in one transaction. */
  maxBatch?: number;
  /**
   * Most transactions running at once. One: a second batch would only wait on the first's round
   * locks, and while it waits the calls it holds are not in the next, larger batch (measured:
   * docs/live-tables.md, Benchmark: bet placements).
   */
  maxInFlight?: number;
  /** Prisma's interactive transaction limits for an undo: a loaded server can make one wait. */
  transaction?: { maxWait?: number; timeout?: number };
}

const DEFAULT_TRANSACTION = { maxWait: 10_000, timeout: 20_000 };

export function createBetDesk({
  db,
  maxBatch = 256,
  maxInFlight = 1,
  transaction = DEFAULT_TRANSACTION,
}: BetDeskOptions): BetDesk {
  // The batches run one after another on a connection of their own: the next one's BEGIN goes
  // out as soon as the last has committed, before its callers' answers are written.
  const connection = keptConnection(db);
  const slips = groupCommit<CheckedSlip, Placement>(
    // On node-postgres directly: the platform's hottest transaction.
    (checked) => connection.transaction((tx) => placeSlips(tx, checked)),
    {
      maxBatch,
      maxInFlight,
      closedError: () =>
        new FudaError("CONFLICT", "the bet desk is closed: this process is shutting down"),
    },
  );

  return {
    // Checked before it joins a batch: a bad slip is refused at once, outside every lock.
    place: async (input) => slips.run(checkSlip(input)),

    undo({ playerId, roundId }) {
      if (!isRoundId(roundId)) return Promise.reject(roundNotFound(roundId));
      return db.$transaction(async (tx): Promise<Undo> => {
        // The round's bets lock too: an undo never interleaves with a batch judging the cap.
        const rounds = await lockRounds(tx, [roundId], [roundLockKey(roundId)]);
        const round = rounds.get(roundId);
        if (round === undefined) throw roundNotFound(roundId);
        if (round.phase !== "betting")
          throw bettingClosed(roundId, `is ${round.phase}, not betting`);
        if (!round.windowOpen) throw bettingClosed(roundId, "has passed its betting window");
        const refunded = await refundOpenBets(tx, roundId, { playerId });
        return {
          roundId,
          bets: refunded.length,
          refunded: refunded.reduce((sum, bet) => sum + bet.amount, 0),
          balance: refunded.at(-1)?.balance ?? (await balance({ db: tx, playerId })),
        };
      }, transaction);
    },

    async close() {
      await slips.close();
      connection.release();
    },
  };
}
