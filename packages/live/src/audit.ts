/**
 * The live tables' books, checked from the rows alone (docs/live-tables.md, Audit): what every
 * crash, outage and bot test asserts, and what an operator can run at any time. Each problem is
 * one line naming the round or bet; none means every bet was reserved once and settled or
 * refunded once, at the rules' amount, from the shoe's own cards, announced once.
 */
import type { Db } from "@fuda/db";
import { checkBooks } from "@fuda/ledger";
import type { LiveBet, LiveRound } from "@fuda/rules";

import { definitionOf } from "./games";
import { liveRoundFromJson } from "./round-json";

interface RoundAudit {
  id: string;
  table_id: string;
  game: "BACCARAT" | "POK_DENG" | "QUICK_BACCARAT" | "JOKER_BLACKJACK";
  variant: string;
  shoe_id: string;
  number: number;
  phase: string;
  state: LiveRound;
  cards: number[];
  settled_events: number;
  cancelled_events: number;
  dealt_events: number[];
}

interface BetAudit {
  id: string;
  round_id: string;
  player_id: string;
  slip_id: string;
  bet: string;
  seat: number | null;
  stake: bigint;
  reserved: bigint;
  status: "open" | "settled" | "refunded";
  returned: bigint | null;
  settles: number;
  refunds: number;
  /** What the bet's settle or refund transfer put in the wallet. */
  paid: bigint | null;
}

/** Rounds of ended and open shoes with the events that announced them. */
const roundsOf = async (db: Db): Promise<RoundAudit[]> =>
  (
    await db.$queryRaw<(Omit<RoundAudit, "state"> & { state: unknown })[]>`
    SELECT r.id, r.table_id, t.game, t.variant, r.shoe_id, r.number, r.phase, r.state, r.cards,
      (SELECT count(*)::int FROM table_events e
        WHERE e.round_id = r.id AND e.type = 'round.settled' AND e.player_id IS NULL) AS settled_events,
      (SELECT count(*)::int FROM table_events e
        WHERE e.round_id = r.id AND e.type = 'round.cancelled' AND e.player_id IS NULL) AS cancelled_events,
      coalesce((SELECT array_agg((e.payload->>'card')::int ORDER BY e.id) FROM table_events e
        WHERE e.round_id = r.id AND e.type = 'card.dealt'), '{}') AS dealt_events
    FROM rounds r JOIN tables t ON t.id = r.table_id
    ORDER BY r.shoe_id, r.number`
  ).map((round) => ({
    ...round,
    state: liveRoundFromJson(round.state, `round ${round.id}: state`),
  }));

const betsOf = (db: Db) =>
  db.$queryRaw<BetAudit[]>`
    SELECT b.id, b.round_id, b.player_id, b.slip_id, b.bet, b.seat, b.stake, b.reserved, b.status,
      b.returned,
      (SELECT count(*)::int FROM ledger_transfers t WHERE t.id = 'settle/' || b.round_id || '/' || b.id) AS settles,
      (SELECT count(*)::int FROM ledger_transfers t WHERE t.id = 'refund/' || b.round_id || '/' || b.id) AS refunds,
      (SELECT sum(e.amount) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.kind = 'wallet' AND e.transfer_id IN
          ('settle/' || b.round_id || '/' || b.id, 'refund/' || b.round_id || '/' || b.id))::bigint AS paid
    FROM bets b ORDER BY b.round_id, b.placed_at, b.id`;

/** Reservations: one transfer per slip holding what its bets reserve, and no slip without bets. */
const slipProblems = (db: Db) =>
  db.$queryRaw<{ problem: string }[]>`
    WITH slips AS (
      SELECT 'reserve/' || round_id || '/' || slip_id AS id, sum(reserved) AS reserved
      FROM bets GROUP BY round_id, slip_id
    ), reserves AS (
      SELECT t.id, (SELECT sum(e.amount) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE e.transfer_id = t.id AND a.kind = 'in_play') AS amount
      FROM ledger_transfers t WHERE t.kind = 'reserve'
    )
    SELECT 'slip ' || s.id || ': reserved ' || coalesce(r.amount::text, 'nothing') || ', its bets hold ' || s.reserved AS problem
      FROM slips s LEFT JOIN reserves r ON r.id = s.id WHERE r.amount IS DISTINCT FROM s.reserved
    UNION ALL
    SELECT 'reservation ' || r.id || ' has no bets' FROM reserves r
      WHERE NOT EXISTS (SELECT FROM slips s WHERE s.id = r.id)
    UNION ALL
    SELECT 'stake in play left in finished round ' || a.round || ' for ' || a.owner
      FROM ledger_accounts a JOIN rounds r ON r.id::text = a.round
      WHERE a.kind = 'in_play' AND a.balance <> 0 AND r.phase IN ('settled', 'cancelled')`;

const sameCards = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length &&
  [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

function roundProblems(round: RoundAudit, bets: BetAudit[]): string[] {
  const problems: string[] = [];
  const name = `round ${round.id} (#${round.number})`;
  if (round.dealt_events.join() !== round.cards.join()) {
    problems.push(
      `${name}: card.dealt events [${round.dealt_events.join()}] are not its cards [${round.cards.join()}]`,
    );
  }
  const announced = { settled: round.settled_events, cancelled: round.cancelled_events };
  const expected = {
    settled: round.phase === "settled" ? 1 : 0,
    cancelled: round.phase === "cancelled" ? 1 : 0,
  };
  if (announced.settled !== expected.settled || announced.cancelled !== expected.cancelled) {
    problems.push(
      `${name} (${round.phase}): announced settled ${announced.settled}×, cancelled ${announced.cancelled}×`,
    );
  }
  // Bets undone while betting were refunded and never settled.
  const played = bets.filter((bet) => bet.status !== "refunded");
  const definition = definitionOf(round);
  const returns = new Map<string, number>();
  if (round.phase === "settled" && definition !== null) {
    const slip = played.map((bet): LiveBet => ({
      bet: bet.bet,
      amount: Number(bet.stake),
      ...(bet.seat === null ? {} : { seat: bet.seat }),
    }));
    definition.settle(round.state, slip).forEach((amount, index) => {
      returns.set(played[index]!.id, amount);
    });
  }
  bets.forEach((bet) => {
    const which = `${name} bet ${bet.id}`;
    const expectedStatus =
      round.phase === "settled" ? "settled" : round.phase === "cancelled" ? "refunded" : null;
    if (expectedStatus !== null && bet.status !== "refunded" && bet.status !== expectedStatus) {
      problems.push(`${which}: ${bet.status} in a ${round.phase} round`);
    }
    const rules = returns.get(bet.id);
    if (bet.status === "settled" && rules !== undefined && Number(bet.returned) !== rules) {
      problems.push(`${which}: returned ${bet.returned}, the rules say ${rules}`);
    }
    const transfers = bet.settles + bet.refunds;
    if (bet.status === "open" ? transfers !== 0 : transfers !== 1) {
      problems.push(
        `${which} (${bet.status}): ${bet.settles} settle and ${bet.refunds} refund transfers`,
      );
    }
    if (bet.status !== "open" && (bet.paid ?? 0n) !== (bet.returned ?? 0n)) {
      problems.push(`${which}: returned ${bet.returned}, the wallet got ${bet.paid ?? 0}`);
    }
  });
  return problems;
}

/** Each finished round's cards are the shoe's next cards; only burned cards lie between rounds. */
async function shoeProblems(db: Db, rounds: RoundAudit[]): Promise<string[]> {
  const problems: string[] = [];
  const shoes = await db.shoe.findMany({ select: { id: true, cards: true, burned: true } });
  for (const shoe of shoes) {
    const burned = new Set(shoe.burned);
    const own = rounds.filter((round) => round.shoe_id === shoe.id);
    let next = 0;
    for (const round of own) {
      const { first } = round.state;
      for (let index = next; index < first; index++) {
        if (!burned.has(index))
          problems.push(`shoe ${shoe.id}: card ${index} skipped before round #${round.number}`);
      }
      const finished = round.phase === "settled" || round.phase === "cancelled";
      const taken = round.phase === "cancelled" ? [] : round.cards;
      if (finished && !sameCards(taken, [...shoe.cards.subarray(first, first + taken.length)])) {
        problems.push(`shoe ${shoe.id}: round #${round.number} did not deal the shoe's next cards`);
      }
      next = Math.max(next, first + round.cards.length);
      if (round.phase === "cancelled") {
        // A cancelled round's face-down cards are burned; the next round starts after them.
        while (burned.has(next)) next++;
      }
    }
  }
  return problems;
}

/**
 * Every round whose kept stakes (`round_stakes` per bet id, what the exposure cap reads, and
 * `round_player_stakes` per player, bet id and seat, what a player's own limits read) differ
 * from the sums of its open bets.
 */
async function stakeProblems(db: Db): Promise<string[]> {
  const rows = await db.$queryRaw<{ problem: string }[]>`
    SELECT 'round ' || round_id || ': ' || bet || ' kept at ' || coalesce(k.total, 0) ||
           ', its open bets stake ' || coalesce(o.total, 0) AS problem
    FROM (SELECT round_id, bet, total FROM round_stakes) k
    FULL JOIN (SELECT round_id, bet, sum(stake) AS total FROM bets WHERE status = 'open'
               GROUP BY round_id, bet) o USING (round_id, bet)
    WHERE coalesce(k.total, 0) <> coalesce(o.total, 0)
    UNION ALL
    SELECT 'round ' || coalesce(k.round_id, o.round_id) || ': ' || coalesce(k.bet, o.bet) ||
           coalesce(' on seat ' || coalesce(k.seat, o.seat), '') || ' of ' ||
           coalesce(k.player_id, o.player_id) || ' kept at ' || coalesce(k.total, 0) ||
           ', their open bets stake ' || coalesce(o.total, 0)
    FROM (SELECT round_id, player_id, bet, seat, total FROM round_player_stakes) k
    FULL JOIN (SELECT round_id, player_id, bet, seat, sum(stake) AS total FROM bets
               WHERE status = 'open' GROUP BY round_id, player_id, bet, seat) o
      ON o.round_id = k.round_id AND o.player_id = k.player_id AND o.bet = k.bet
         AND o.seat IS NOT DISTINCT FROM k.seat
    WHERE coalesce(k.total, 0) <> coalesce(o.total, 0)`;
  return rows.map((row) => row.problem);
}

/**
 * A voided round (docs/operators.md, Voiding a round) leaves every player's wallet as if it had
 * never been dealt: the round's transfers, the void's included, net to 0 per wallet. A void's
 * transfer belongs to a voided round only.
 */
const voidProblems = (db: Db) =>
  db.$queryRaw<{ problem: string }[]>`
    SELECT 'voided round ' || t.round_id || ': the wallet of ' || a.owner || ' is ' ||
           sum(e.amount) || ' from it, not 0' AS problem
      FROM ledger_entries e
      JOIN ledger_transfers t ON t.id = e.transfer_id
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN rounds r ON r.id::text = t.round_id
      WHERE r.voided_at IS NOT NULL AND a.kind = 'wallet'
      GROUP BY t.round_id, a.owner HAVING sum(e.amount) <> 0
    UNION ALL
    SELECT 'transfer ' || t.id || ' voids a round that is not void' FROM ledger_transfers t
      WHERE t.id LIKE 'void/%' AND NOT EXISTS
        (SELECT FROM rounds r WHERE r.id::text = t.round_id AND r.voided_at IS NOT NULL)`;

/** Every problem found in the live tables' rows and the ledger; empty when all is well. */
export async function auditLiveTables(db: Db): Promise<string[]> {
  const [rounds, bets, slips, books, stakes, voids] = await Promise.all([
    roundsOf(db),
    betsOf(db),
    slipProblems(db),
    checkBooks(db),
    stakeProblems(db),
    voidProblems(db),
  ]);
  const betsByRound = new Map<string, BetAudit[]>();
  for (const bet of bets)
    betsByRound.set(bet.round_id, [...(betsByRound.get(bet.round_id) ?? []), bet]);
  const problems = [
    ...(books.clean ? [] : [`ledger: books not clean ${JSON.stringify(books)}`]),
    ...slips.map((row) => row.problem),
    ...voids.map((row) => row.problem),
    ...stakes,
    ...rounds.flatMap((round) => roundProblems(round, betsByRound.get(round.id) ?? [])),
    ...(await shoeProblems(db, rounds)),
  ];
  return problems;
}
