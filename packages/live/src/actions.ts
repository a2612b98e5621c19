/**
 * A player's decision in a round (docs/live-tables.md, Decisions): `actions.act`. One
 * transaction under the round's lock, like a dealer step: the game judges the action, a further
 * stake (double, split, insurance) is reserved through the ledger as a bet row of its own before
 * the action is applied, and the round, the shoe, the action's record and its events commit
 * together. A refusal changes nothing. The same request id again answers as the first did.
 */
import { randomUUID } from "node:crypto";

import type { Db, Game } from "@fuda/db";
import { Prisma, sqlTransaction, sqlTransactionOf } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import type { RuleCode } from "@fuda/errors";
import { prepareTransfers, reserveRequest } from "@fuda/ledger";
import type {
  Decisions,
  GameEvent,
  LiveBet,
  LiveRound,
  Refusal,
  TableGameDefinition,
} from "@fuda/rules";
import type { Shoe, ShoeJson } from "@fuda/shoe";
import { shoeFromJson, shoeJsonOf, shoeToJson } from "@fuda/shoe";
import { studioTry } from "@fuda/rules";

import type { ActedRound, HeldRound } from "./acted-here";
import { actedHere, heldActed, heldRound, writeInFlight, writesAnswered } from "./acted-here";
import { awaitsCard } from "./studio-memory";

import type { RawTx, TableRef } from "./dealer-rows";
import { lastStatements, roundStepLock } from "./dealer-rows";
import { deadlineAfter, writeStepSql } from "./decisions";
import { definitionOf } from "./games";
import { liveRoundFromJson } from "./round-json";
import { behindBets } from "./waiting-round";
import { insufficientFunds, isRoundId, roundNotFound } from "./bet-slip";

export interface ActInput {
  playerId: string;
  roundId: string;
  seat: number;
  action: string;
  /** The caller's idempotency key. */
  requestId: string;
}

export interface Acted {
  roundId: string;
  seat: number;
  hand: number;
  action: string;
  /** What the action reserved besides (double, split, insurance), minor units. */
  stake: number;
  /** The wallet after it. */
  balance: number;
  /** This request id acted before: nothing new was done. */
  replayed: boolean;
}

/** A game's refusal as the caller sees it: the field and the rule named, nothing changed. */
export const refusalError = (refusal: Refusal): FudaError =>
  new FudaError(refusal.kind ?? "BAD_INPUT", `${refusal.field}: ${refusal.message}`, {
    field: refusal.field,
    rule: refusal.code,
  });

const conflict = (field: string, rule: RuleCode, message: string): FudaError =>
  new FudaError("CONFLICT", `${field}: ${message}`, { field, rule });

export interface RoundSql {
  id: string;
  table_id: string;
  number: number;
  phase: string;
  state: LiveRound;
  acts_by: Date | null;
  late: boolean;
  game: Game;
  variant: string;
  settings: unknown;
  shoe_id: string;
  shoe_state: ShoeJson;
  shoe_position: number;
  /** A studio round's console memory (studio-memory.ts); null at automatic tables. */
  studio: unknown;
  version: number;
  moves: number;
}

/**
 * The game's decisions of a round locked by `lockLiveRound`: refused (409) when its game has
 * none or the round is not being dealt.
 */
export function decisionsOf(round: RoundSql): {
  definition: TableGameDefinition;
  decisions: Decisions;
} {
  const definition = definitionOf(round);
  const decisions = definition?.decisions;
  if (definition === null || decisions === undefined) {
    throw conflict("roundId", "NO_DECISIONS", `round ${round.id} takes no decisions`);
  }
  if (round.phase !== "dealing") {
    throw conflict("roundId", "NOT_DEALING", `round ${round.id} is ${round.phase}, not dealing`);
  }
  return { definition, decisions };
}

/** The caller's own, read with the round; int8 columns as text (node-postgres): `Number()`. */
interface MineSql {
  earlier: { roundId: string; seat: number; hand: number; action: string } | null;
  earlier_stake: bigint | string | null;
  /** The bet ids the caller holds open on the seat. */
  own: string[];
  balance: bigint | string | null;
}

/** `RoundSql` as read, before its stored JSON is checked. */
type StoredRoundSql = Omit<RoundSql, "state" | "shoe_state"> & {
  state: unknown;
  shoe_state: unknown;
};

/**
 * The statements of `lockLiveRound`: the round's lock, then its read with `also`. The lock first,
 * the read in a statement after it: a statement that waited for the lock re-reads only the
 * locked row, and would join the shoe as it stood before the dealer's step it waited for (a
 * round one card ahead of its shoe). The read after it sees that step whole.
 */
export const liveRoundLock = (roundId: string, also: Prisma.Sql = Prisma.empty): Prisma.Sql[] => [
  Prisma.sql`SELECT 1 FROM rounds WHERE id = ${roundId}::uuid FOR UPDATE`,
  Prisma.sql`
    SELECT r.id::text, r.table_id::text, r.number, r.phase::text, r.state, r.acts_by, r.studio,
           r.version, r.moves,
           r.acts_by IS NOT NULL AND r.acts_by <= clock_timestamp() AS late,
           t.game::text AS game, t.variant, t.settings,
           s.id::text AS shoe_id, s.state AS shoe_state, s.position AS shoe_position ${also}
    FROM rounds r JOIN tables t ON t.id = r.table_id JOIN shoes s ON s.id = r.shoe_id
    WHERE r.id = ${roundId}::uuid`,
];

/**
 * The round with its table and shoe, locked for a decision or a correction; `also`: more columns
 * the caller reads under the lock in the same statement. Sent with BEGIN when the transaction
 * was begun with `liveRoundLock(roundId, also)`, as `act`'s is.
 */
export async function lockLiveRound<Also extends object = object>(
  tx: RawTx,
  roundId: string,
  also: Prisma.Sql = Prisma.empty,
): Promise<RoundSql & Also> {
  let rows: unknown[];
  if (tx.first !== undefined) rows = (await tx.first())[1]!;
  else {
    const [lock, read] = liveRoundLock(roundId, also);
    await tx.$queryRaw(lock!);
    rows = await tx.$queryRaw<unknown[]>(read!);
  }
  const [round] = rows as (StoredRoundSql & Also)[];
  if (round === undefined) throw roundNotFound(roundId);
  return {
    ...round,
    state: liveRoundFromJson(round.state, `round ${round.id}: state`),
    shoe_state: shoeJsonOf(round.shoe_state, `shoe ${round.shoe_id}: state`),
  };
}

export async function act(db: Db, input: ActInput): Promise<Acted> {
  const { roundId } = input;
  if (!isRoundId(roundId)) throw roundNotFound(roundId);
  // Held by this process's runner: one message, when the round is still as held. A write of
  // this process at the table not yet answered (the step or action whose events this one answers)
  // is waited for: it hands on the round it wrote.
  const known = heldRound(roundId);
  if (known !== undefined) {
    await writesAnswered(known.table.id);
    const held = heldRound(roundId);
    const acted = held === undefined ? null : await actOnHeld(db, input, held);
    if (acted !== null) return acted;
  }
  const reading = actOnRead(db, input);
  // At a table held here: the next action there waits for this one's round, as for `actOnHeld`'s.
  if (known !== undefined) writeInFlight(known.table.id, reading);
  return reading;
}

/** `act` from the round read under its lock, with the caller's own: two messages. */
async function actOnRead(db: Db, input: ActInput): Promise<Acted> {
  const { playerId, roundId, seat, action, requestId } = input;
  // Read with the round, under its lock: this request's earlier record (the same request sent
  // twice at once finds the first's), the caller's open bets on the seat but bets behind it
  // (docs/rules/joker-blackjack.md, Bet Behind: they leave the decisions to the seated player),
  // their wallet.
  const mine = Prisma.sql`,
    (SELECT json_build_object('roundId', a.round_id, 'seat', a.seat, 'hand', a.hand,
                              'action', a.action)
     FROM round_actions a
     WHERE a.player_id = ${playerId} AND a.request_id = ${requestId}) AS earlier,
    (SELECT sum(stake) FROM bets WHERE player_id = ${playerId}
       AND request_id = ${`action/${requestId}`}) AS earlier_stake,
    (SELECT coalesce(json_agg(DISTINCT b.bet), '[]') FROM bets b
     WHERE b.round_id = r.id AND b.seat = ${seat} AND b.player_id = ${playerId}
       AND b.status = 'open') AS own,
    (SELECT balance FROM ledger_accounts
     WHERE kind = 'wallet' AND owner = ${playerId} AND round = '') AS balance`;
  // On node-postgres: a seated round's most frequent transaction after the dealer's own.
  return sqlTransaction(
    db,
    async (tx) => {
      const round = await lockLiveRound<MineSql>(tx, roundId, mine);
      const wallet = Number(round.balance ?? 0);
      if (round.earlier !== null) {
        return {
          ...round.earlier,
          stake: Number(round.earlier_stake ?? 0),
          balance: wallet,
          replayed: true,
        };
      }
      const { definition, decisions } = decisionsOf(round);
      // An open bet: one taken back in the window leaves the seat to whoever sat down after.
      const behind = behindBets(definition);
      if (!round.own.some((bet) => !behind.includes(bet))) {
        throw new FudaError("FORBIDDEN", `seat: seat ${seat} is not yours in this round`, {
          field: "seat",
          rule: "NOT_YOUR_SEAT",
        });
      }
      const pending = decisions.pending(round.state);
      if (pending === null) {
        throw conflict("seat", "NOT_YOUR_TURN", "the round waits for no decision now");
      }
      if (pending.seat !== seat) {
        throw conflict(
          "seat",
          "NOT_YOUR_TURN",
          `it is seat ${pending.seat}'s turn, not seat ${seat}'s`,
        );
      }
      if (awaitsCard(round)) {
        throw conflict(
          "seat",
          "NOT_YOUR_TURN",
          `seat ${seat}'s choice waits for the dealer's card`,
        );
      }
      if (round.late) {
        throw conflict("action", "TIMER_ENDED", "the seat's time to act has run out");
      }
      const stake = decisions.actionStake(round.state, seat, action);
      if (!stake.ok) throw refusalError(stake.refusal);

      let extra = 0;
      let balanceAfter = wallet;
      if (stake.stake !== null) {
        const reserving = reservation(input, stake.stake);
        let after: number | null = null;
        if (reserving !== null) {
          const [posted] = await tx.$queryRaw<{ results: unknown[] }[]>(reserving.sql);
          after = reserving.walletAfter(posted!.results);
        }
        if (after === null) throw insufficientFunds(stake.stake.amount, wallet);
        balanceAfter = after;
        extra = stake.stake.amount;
      }

      const taken: Acted = {
        roundId,
        seat,
        hand: pending.hand,
        action,
        stake: extra,
        balance: balanceAfter,
        replayed: false,
      };
      const shoe = shoeFromJson(round.shoe_state);
      let result: ReturnType<typeof decisions.act>;
      if (shoe.studio === true) {
        // A studio table (docs/studio.md): a choice that draws waits for the dealer's card.
        const tried = studioTry(shoe, round.state.first, (copy) =>
          decisions.act(copy, round.state, seat, action),
        );
        if (!tried.ready) {
          await tx.$executeRaw`
          INSERT INTO round_actions (round_id, seat, hand, action, player_id, request_id)
          VALUES (${roundId}::uuid, ${seat}, ${pending.hand}, ${action}, ${playerId}, ${requestId})`;
          const awaiting = { seat, hand: pending.hand, action, playerId, requestId };
          await tx.$executeRaw`
          UPDATE rounds SET studio = ${JSON.stringify({ awaiting })}::jsonb, acts_by = NULL,
                            moves = moves + 1
          WHERE id = ${roundId}::uuid`;
          return taken;
        }
        result = tried.result;
      } else result = decisions.act(shoe, round.state, seat, action);
      // The game refused what it judged legal a moment ago: nothing of it may stay.
      if (!result.ok) throw refusalError(result.refusal);
      const { write, acted } = actionWrite({
        table: { id: round.table_id, settings: round.settings },
        definition,
        round: { ...round, actsBy: round.acts_by },
        shoe: { id: round.shoe_id, position: round.shoe_position, stored: round.shoe_state },
        after: shoe,
        result,
        taken,
        by: { playerId, requestId },
      });
      // The write and COMMIT in one message. Its round goes to this process's runner of the table
      // once committed, never before (were it to fail and someone else move the round, the runner
      // would take that move for this one); the runner waits for the answer (`writeInFlight`),
      // as its events can come first.
      const written = lastStatements(tx, roundId, [write]);
      if (shoe.studio !== true) {
        writeInFlight(
          round.table_id,
          written.then(() => {
            actedHere(round.table_id, acted);
            heldActed(acted);
          }),
        );
      }
      await written;
      return taken;
    },
    // The lock and the read go with BEGIN, in one message.
    { first: liveRoundLock(roundId, mine) },
  );
}

/** An action's write (`writeStepSql`) and the round it leaves, from the round and shoe it read. */
function actionWrite({
  table,
  definition,
  round,
  shoe,
  after,
  result,
  taken,
  by,
}: {
  table: TableRef;
  definition: TableGameDefinition;
  round: { id: string; number: number; version: number; moves: number; actsBy: Date | null };
  shoe: { id: string; position: number; stored: ShoeJson };
  after: Shoe;
  result: { round: LiveRound; events: readonly GameEvent[] };
  taken: Acted;
  by: { playerId: string; requestId: string };
}): { write: Prisma.Sql; acted: ActedRound } {
  const actsBy = deadlineAfter(definition, table, result.round, result.events, round.actsBy);
  const write = writeStepSql({
    table,
    round,
    shoe: { id: shoe.id, position: shoe.position, after, stored: shoe.stored },
    step: result,
    actsBy,
    action: { seat: taken.seat, hand: taken.hand, action: taken.action, by },
  });
  const acted: ActedRound = {
    roundId: round.id,
    state: result.round,
    version: round.version,
    moves: round.moves + 1,
    actsBy,
    shoe: { id: shoe.id, state: shoeToJson(after), position: after.position },
    staked: taken.stake > 0,
  };
  return { write, acted };
}

/**
 * The action computed from the round as this process's runner holds it (acted-here.ts), its
 * checks, write and COMMIT in one message: the round's lock holds it to that version, moves and
 * shoe, and the checks a read would have made before it (no earlier record of the request, an
 * open bet of the player's own on the seat, the timer running and as held, the table's settings
 * as held) are the statement after it; a further stake (a double) is reserved through the ledger
 * and its bet inserted by the statement after those. Null, with nothing written, when the action
 * needs more (a studio shoe, anything the game refuses), the round is not as held or the wallet
 * does not cover the stake: `act` then reads it under its lock and answers as ever.
 */
async function actOnHeld(db: Db, input: ActInput, held: HeldRound): Promise<Acted | null> {
  const { playerId, roundId, seat, action, requestId } = input;
  const { table, round } = held;
  const definition = definitionOf(table);
  const decisions = definition?.decisions;
  if (definition == null || decisions === undefined) return null;
  const pending = decisions.pending(round.state);
  if (pending?.seat !== seat) return null;
  if (round.actsBy === null || round.actsBy.getTime() <= Date.now()) return null;
  const stake = decisions.actionStake(round.state, seat, action);
  if (!stake.ok) return null;
  const shoe = shoeFromJson(held.shoe.state);
  if (shoe.studio === true) return null;
  const result = decisions.act(shoe, round.state, seat, action);
  if (!result.ok) return null;
  const reserving =
    stake.stake === null ? null : reservation(input, stake.stake, { orFail: NOT_AS_HELD });
  if (reserving === null && stake.stake !== null) return null;
  const taken = {
    roundId,
    seat,
    hand: pending.hand,
    action,
    stake: stake.stake?.amount ?? 0,
    balance: 0,
    replayed: false,
  };
  const { write, acted } = actionWrite({
    table,
    definition,
    round,
    shoe: { ...held.shoe, stored: held.shoe.state },
    after: shoe,
    result,
    taken,
    by: { playerId, requestId },
  });
  const checks = Prisma.sql`
    SELECT step_holds(
      NOT EXISTS (SELECT 1 FROM round_actions
                  WHERE player_id = ${playerId} AND request_id = ${requestId})
      AND EXISTS (SELECT 1 FROM bets
                  WHERE round_id = ${roundId}::uuid AND seat = ${seat}::int
                    AND player_id = ${playerId} AND status = 'open'
                    AND bet <> ALL(${behindBets(definition)}::text[]))
      AND EXISTS (SELECT 1 FROM rounds r JOIN tables t ON t.id = r.table_id
                  WHERE r.id = ${roundId}::uuid AND r.studio IS NULL
                    AND r.acts_by = ${round.actsBy}::timestamptz
                    AND r.acts_by > clock_timestamp()
                    AND t.settings IS NOT DISTINCT FROM ${
                      table.settings == null ? null : JSON.stringify(table.settings)
                    }::jsonb),
      ${`round ${roundId} as this process holds it`}, ${NOT_AS_HELD}) AS held,
      (SELECT balance FROM ledger_accounts
       WHERE kind = 'wallet' AND owner = ${playerId} AND round = '') AS balance`;
  // Handed on once committed, not before: were the round moved by someone else meanwhile, the
  // runner would take that move for this action's. The runner, and the next action, wait for it.
  const sent = sqlTransactionOf(db, [
    roundStepLock(round, "dealing", held.shoe),
    checks,
    ...(reserving === null ? [] : [reserving.sql]),
    write,
  ]);
  const committed = sent.then((rows) => {
    actedHere(table.id, acted);
    heldActed(acted);
    return rows;
  });
  writeInFlight(table.id, committed);
  let rows: unknown[][];
  try {
    rows = await committed;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "FD001" || code === "FD002" || code === NOT_AS_HELD) return null;
    throw error;
  }
  if (reserving !== null) {
    const [posted] = rows[2] as { results: unknown[] }[];
    return { ...taken, balance: reserving.walletAfter(posted!.results) ?? 0 };
  }
  const [checked] = rows[1] as { balance: bigint | string | null }[];
  return { ...taken, balance: Number(checked?.balance ?? 0) };
}

/**
 * An action's further stake in one statement: its reservation (one `ledger_post`) and its bet,
 * inserted only once posted. With `orFail`, a wallet that does not cover it fails the statement
 * with that SQLSTATE (`actOnHeld`: its step follows in the same message). `walletAfter`: the
 * wallet after the reservation, null when the ledger refused it. Null when the ledger refuses the
 * request itself.
 */
function reservation(
  { playerId, roundId, seat, requestId }: ActInput,
  bet: LiveBet,
  { orFail }: { orFail?: string } = {},
): { sql: Prisma.Sql; walletAfter: (results: unknown[]) => number | null } | null {
  const betId = randomUUID();
  const { call, finish } = prepareTransfers([
    reserveRequest({ playerId, roundId, betId, amount: bet.amount }),
  ]);
  if (call === null) return null;
  const posted = Prisma.sql`results -> 0 ->> 'status' = 'posted'`;
  const sql = Prisma.sql`
    WITH posted AS MATERIALIZED (SELECT ${call} AS results),
    covered AS MATERIALIZED (
      SELECT ${
        orFail === undefined
          ? posted
          : Prisma.sql`step_holds(${posted}, ${`the wallet covers ${bet.amount}`}, ${orFail})`
      } AS ok
      FROM posted),
    inserted AS (
      INSERT INTO bets (id, round_id, player_id, slip_id, request_id, line, bet, seat, stake, reserved)
      SELECT ${betId}::uuid, ${roundId}::uuid, ${playerId}, ${betId}::uuid,
             ${`action/${requestId}`}, 0, ${bet.bet}, ${bet.seat ?? seat}::int,
             ${bet.amount}::bigint, ${bet.amount}::bigint
      FROM covered WHERE ok)
    SELECT results FROM posted`;
  const walletAfter = (results: unknown[]): number | null => {
    const [outcome] = finish(results);
    if (outcome?.ok !== true) return null;
    const paid = outcome.transfer.entries.find((entry) => entry.account.kind === "wallet");
    return paid?.balanceAfter ?? null;
  };
  return { sql, walletAfter };
}

/** SQLSTATE of `actOnHeld`'s checks: the round is not as held; it is read instead. */
const NOT_AS_HELD = "FD004";
