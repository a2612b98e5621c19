/**
 * The runtime's side of players' decisions (docs/live-tables.md, Decisions), for a game whose
 * definition has them (joker blackjack): the bettors seated as betting closes, the timer of the
 * decision the round waits for (`rounds.acts_by`, announced as `actsBy` on `turn.started`), and
 * the timer's default taken when it runs out. The game decides what is legal and what happens;
 * the runtime keeps the clock, the rows and the ledger.
 */
import { Prisma } from "@fuda/db";
import type { GameEvent, TableGameDefinition, LiveRound, RoundSeat } from "@fuda/rules";
import type { Shoe, ShoeJson } from "@fuda/shoe";

import type { RawTx, RoundRow, TableRef } from "./dealer-rows";
import { asStep } from "./dealer-rows";
import { saveShoeSql } from "./dealer-shoe";
import type { NewEvent, TypedPayload } from "./events";
import { appendEventsCtes } from "./events";
import { tableSettings } from "./seats";

/** A game's event as the payload of its table event: the round's id and number added. */
function payloadOf(
  round: Pick<RoundRow, "id" | "number">,
  event: GameEvent,
  actsBy: Date | null,
): TypedPayload {
  const ofRound = { roundId: round.id, number: round.number };
  // One case per type: the compiler pairs each type with its payload (packages/contracts).
  switch (event.type) {
    case "card.dealt": {
      const { type, ...fields } = event;
      return { type, payload: { ...ofRound, ...fields, totals: { ...fields.totals } } };
    }
    case "card.faceDown": {
      const { type, ...fields } = event;
      return { type, payload: { ...ofRound, ...fields, totals: { ...fields.totals } } };
    }
    case "turn.started": {
      const { type, actions, ...fields } = event;
      return {
        type,
        payload: {
          ...ofRound,
          ...fields,
          actions: [...actions],
          actsBy: actsBy?.toISOString(),
        },
      };
    }
    case "action.taken": {
      const { type, hands, ...fields } = event;
      return {
        type,
        payload: {
          ...ofRound,
          ...fields,
          hands: hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
        },
      };
    }
    case "hand.settled": {
      const { type, awards, ...fields } = event;
      return { type, payload: { ...ofRound, ...fields, awards: [...awards] } };
    }
    case "round.corrected": {
      const { type, burned, ...fields } = event;
      return { type, payload: { ...ofRound, ...fields, burned: [...burned] } };
    }
    case "round.result": {
      const { type, ...fields } = event;
      return { type, payload: { ...ofRound, ...fields } };
    }
  }
}

/** A step's events as table events of the round; a new decision's `turn.started` carries `actsBy`. */
export function stepEvents(
  table: TableRef,
  round: Pick<RoundRow, "id" | "number">,
  events: readonly GameEvent[],
  actsBy: Date | null,
): NewEvent[] {
  return events.map((event) => ({
    tableId: table.id,
    roundId: round.id,
    ...payloadOf(round, event, actsBy),
  }));
}

/**
 * When the decision `next` waits for times out: a new decision (announced by `turn.started` in
 * `events`) gets the table's full action time; the same decision keeps its deadline; none, null.
 */
export function deadlineAfter(
  definition: TableGameDefinition,
  table: TableRef,
  next: LiveRound,
  events: readonly { readonly type: string }[],
  before: Date | null,
  now = Date.now(),
): Date | null {
  if (definition.decisions?.pending(next) == null) return null;
  if (before !== null && !events.some((event) => event.type === "turn.started")) return before;
  return new Date(now + tableSettings(table.settings).actionSeconds * 1_000);
}

interface SeatSql {
  seat: number;
  player_id: string;
  stake: bigint;
  sit_down_balance: bigint | null;
  balance: bigint;
}

/**
 * The round's bettors, one per seat with a stake, in seat order (read with `bettorsOf`): what
 * the game seats as betting closes. Read under the close's lock, so no bet comes after it. Bets
 * `behind` a seat (the ids given) put nobody in it.
 */
export const roundBettorsSql = (
  table: TableRef,
  roundId: string,
  behind: readonly string[] = [],
): Prisma.Sql => Prisma.sql`
  SELECT b.seat, b.player_id, sum(b.stake) AS stake, s.sit_down_balance,
         coalesce(w.balance, 0) AS balance
  FROM bets b
  LEFT JOIN seats s ON s.table_id = ${table.id}::uuid AND s.seat = b.seat AND s.player_id = b.player_id
  LEFT JOIN ledger_accounts w ON w.kind = 'wallet' AND w.round = '' AND w.owner = b.player_id
  WHERE b.round_id = ${roundId}::uuid AND b.status = 'open' AND b.seat IS NOT NULL
    AND b.bet <> ALL(${[...behind]}::text[])
  GROUP BY b.seat, b.player_id, s.sit_down_balance, w.balance
  ORDER BY b.seat`;

/** The seats of `roundBettorsSql`'s rows. */
export function bettorsOf(rows: readonly unknown[]): RoundSeat[] {
  return (rows as SeatSql[]).map((row) => ({
    seat: row.seat,
    player: row.player_id,
    stake: Number(row.stake),
    // A seat no longer held (an operator freed it) counts its holdings from now.
    sitDownBalance: Number(row.sit_down_balance ?? row.balance),
    balance: Number(row.balance),
  }));
}

/** What `writeStep` writes. */
export interface StepWrite {
  table: TableRef;
  round: Pick<RoundRow, "id" | "number">;
  /** The shoe as read (`position`) and as the step left it. */
  /** `stored`: the shoe's state as read, so only what moved is written (`saveShoeSql`). */
  shoe: { id: string; position: number; after: Shoe; stored?: ShoeJson };
  step: { round: LiveRound; events: readonly GameEvent[] };
  actsBy: Date | null;
  /** The decision taken, recorded (`round_actions`): a player's (who, their request) or the timer's. */
  action?: {
    seat: number;
    hand: number;
    action: string;
    by: { playerId: string; requestId: string } | "timer";
  };
}

/**
 * `writeStep`'s statement. It fails (SQLSTATE FD001, `asStepError`: FencedError) when the shoe
 * was not where the step read it, so it may be sent with the COMMIT behind it
 * (`lastStatements`).
 */
export function writeStepSql({ table, round, shoe, step, actsBy, action }: StepWrite): Prisma.Sql {
  const player = action === undefined || action.by === "timer" ? null : action.by;
  const acted =
    action === undefined
      ? Prisma.empty
      : Prisma.sql`acted AS (
          INSERT INTO round_actions (round_id, seat, hand, action, player_id, request_id, timed_out)
          VALUES (${round.id}::uuid, ${action.seat}::int, ${action.hand}::int, ${action.action},
                  ${player?.playerId ?? null}, ${player?.requestId ?? null},
                  ${player === null}::boolean)),`;
  return Prisma.sql`
    WITH ${acted} shoe AS (${saveShoeSql(shoe.id, shoe.position, shoe.after, { stored: shoe.stored })}),
    stepped AS (
      UPDATE rounds SET state = ${JSON.stringify(step.round)}::jsonb,
                        cards = ${[...step.round.cards]}::int[], moves = moves + 1,
                        acts_by = ${actsBy}::timestamptz
      WHERE id = ${round.id}::uuid AND EXISTS (SELECT 1 FROM shoe)
      RETURNING id),
    ${appendEventsCtes("stepped", stepEvents(table, round, step.events, actsBy))}
    SELECT step_holds((SELECT count(*) FROM shoe) = 1, ${`shoe ${shoe.id} where the step read it`},
                      'FD001') AS shoe`;
}

/**
 * Writes a step taken between the dealer's (an action, a timeout, a correction) in the caller's
 * transaction, under the round's lock, in one statement: the shoe it drew from over the position
 * read (FencedError when another step moved it), the round's new state, its timer, its events
 * and the decision's record.
 */
export async function writeStep(tx: RawTx, write: StepWrite): Promise<void> {
  await asStep(write.round.id, () => tx.$queryRaw(writeStepSql(write)));
}
