/**
 * The bet desk: every placement of the process goes through one queue. Calls that arrive while
 * transactions are running wait and are posted together by the next one (a group commit, as in
 * PostgreSQL's own WAL flush): under load a transaction carries many slips, alone it carries one.
 */
import type { Db } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { balance } from "@fuda/ledger";

import { placeSlips } from "./bet-batch";
import { bettingClosed, isRoundId, roundNotFound } from "./bet-slip";
import { refundOpenBets } from "./refunds";
import { lockRounds, roundLockKey } from "./round-locks";
import type { BetDesk, Placement, PlaceBetsInput, Undo } from "./services";

export interface BetDeskOptions {
  db: Db;
  /** Most slips in one transaction. */
  maxBatch?: number;
  /** Most transactions running at once: more only queue on the same round's lock. */
  maxInFlight?: number;
  /** Prisma's interactive transaction limits: a loaded server can make a batch wait. */
  transaction?: { maxWait?: number; timeout?: number };
}

interface Waiting {
  input: PlaceBetsInput;
  resolve: (placement: Placement) => void;
  reject: (error: unknown) => void;
}

const DEFAULT_TRANSACTION = { maxWait: 10_000, timeout: 20_000 };

export function createBetDesk({
  db,
  maxBatch = 256,
  maxInFlight = 2,
  transaction = DEFAULT_TRANSACTION,
}: BetDeskOptions): BetDesk {
  const queue: Waiting[] = [];
  let inFlight = 0;
  let pumpScheduled = false;
  let closed = false;
  let drained: (() => void) | null = null;

  async function post(batch: Waiting[]): Promise<void> {
    let outcomes;
    try {
      outcomes = await db.$transaction(
        (tx) =>
          placeSlips(
            tx,
            batch.map(({ input }) => input),
          ),
        transaction,
      );
    } catch (error) {
      // The transaction failed as a whole (the database, not a slip): nothing of it committed.
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) batch[i]!.resolve(outcome.placement);
      else batch[i]!.reject(outcome.error);
    });
  }

  function pump(): void {
    pumpScheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      inFlight += 1;
      void post(queue.splice(0, maxBatch)).finally(() => {
        inFlight -= 1;
        if (queue.length > 0) pump();
        else if (inFlight === 0) drained?.();
      });
    }
  }

  return {
    place(input) {
      if (closed) {
        return Promise.reject(
          new FudaError("CONFLICT", "the bet desk is closed: this process is shutting down"),
        );
      }
      return new Promise<Placement>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        // Calls made in the same tick join the same batch.
        if (!pumpScheduled) {
          pumpScheduled = true;
          queueMicrotask(pump);
        }
      });
    },

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
      closed = true;
      if (inFlight === 0 && queue.length === 0) return;
      await new Promise<void>((resolve) => (drained = resolve));
    },
  };
}
