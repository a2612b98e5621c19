/**
 * `tables.get`: a table's first render — the table, its current (or last) round as the public
 * sees it, the shoe's public face and road, the last result, and the event id to stream from.
 * Everything is read in one repeatable-read snapshot, so the view and `lastEventId` agree: a
 * client subscribing from that id misses nothing and sees nothing twice.
 */
import type { Db } from "@fuda/db";
import { Prisma } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { behindBets, definitionOf, isWaitingForBet, liveRoundFromJson, seatsAt } from "@fuda/live";

import type { PublicRoundView, PublicShoeView, TableDetail } from "./table-view.types";
import { toTableView } from "./tables";

type Tx = Prisma.TransactionClient;

/** The table's round in play, else its latest one. */
export async function currentRound(tx: Tx, tableId: string) {
  return (
    (await tx.round.findFirst({
      where: { tableId, phase: { in: ["betting", "dealing"] } },
      orderBy: { openedAt: "desc" },
    })) ?? (await tx.round.findFirst({ where: { tableId }, orderBy: { openedAt: "desc" } }))
  );
}

/** The open shoe, else the last one. Only public columns are selected: never cards or state. */
export async function currentShoe(tx: Tx, tableId: string) {
  const select = {
    id: true,
    commitment: true,
    dealing: true,
    position: true,
    firstBurn: true,
    road: true,
    startedAt: true,
    endedAt: true,
  } as const;
  return (
    (await tx.shoe.findFirst({ where: { tableId, endedAt: null }, select })) ??
    (await tx.shoe.findFirst({ where: { tableId }, orderBy: { startedAt: "desc" }, select }))
  );
}

export async function lastSettledRound(tx: Tx, tableId: string) {
  return tx.round.findFirst({
    where: { tableId, phase: "settled" },
    orderBy: { settledAt: "desc" },
    select: { id: true, number: true, outcome: true },
  });
}

export async function getTableDetail({ db, slug }: { db: Db; slug: string }): Promise<TableDetail> {
  return db.$transaction(
    async (tx) => {
      const table = await tx.table.findUnique({ where: { slug } });
      if (table === null) {
        throw new FudaError("NOT_FOUND", `slug: no table "${slug}"`, { field: "slug", slug });
      }
      const definition = definitionOf(table);
      const [round, shoe, settled, newest, seats] = await Promise.all([
        currentRound(tx, table.id),
        currentShoe(tx, table.id),
        lastSettledRound(tx, table.id),
        tx.$queryRaw<{ id: bigint }[]>`
          SELECT coalesce(max(id), 0) AS id FROM table_events WHERE table_id = ${table.id}::uuid`,
        seatsAt(tx, table.id),
      ]);
      let roundView: PublicRoundView | null = null;
      if (round !== null && definition !== null) {
        // The stored `LiveRound` holds only revealed cards; the view is computed from it alone.
        const view = definition.publicView(
          liveRoundFromJson(round.state, `round ${round.id}: state`),
        );
        roundView = {
          id: round.id,
          number: round.number,
          phase: round.phase,
          closesAt: round.bettingClosesAt.toISOString(),
          betsOffered: [...definition.betsOffered(round.number)],
          waitingForBet:
            round.phase === "betting" && !definition.dealsWithoutBets
              ? await isWaitingForBet(tx, round.id, behindBets(definition))
              : false,
          cards: view.cards.map(({ position, card }) => ({ position, card })),
          totals: { ...view.totals },
          outcome: view.outcome ?? null,
          seats: (view.seats ?? []).map((seat) => ({
            seat: seat.seat,
            hands: seat.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
            returned: seat.returned,
          })),
          pending:
            view.pending == null
              ? null
              : {
                  ...view.pending,
                  actions: [...view.pending.actions],
                  actsBy: round.actsBy?.toISOString() ?? null,
                },
        };
      }
      let shoeView: PublicShoeView | null = null;
      if (shoe !== null) {
        const [counts] = await tx.$queryRaw<{ dealt: number; size: number }[]>`
          SELECT (SELECT count(*)::int FROM rounds WHERE shoe_id = ${shoe.id}::uuid
                    AND phase = 'settled') AS dealt,
                 (SELECT length(cards) FROM shoes WHERE id = ${shoe.id}::uuid) AS size`;
        shoeView = {
          id: shoe.id,
          dealing: shoe.dealing,
          commitment: shoe.commitment,
          roundsDealt: counts!.dealt,
          cardsLeft: Math.max(0, counts!.size - shoe.position),
          firstBurn: shoe.firstBurn,
          startedAt: shoe.startedAt.toISOString(),
          endedAt: shoe.endedAt?.toISOString() ?? null,
        };
      }
      return {
        table: toTableView(table),
        round: roundView,
        shoe: shoeView,
        road: Array.isArray(shoe?.road) ? shoe.road : [],
        lastResult:
          settled === null
            ? null
            : { roundId: settled.id, number: settled.number, outcome: settled.outcome },
        seats,
        lastEventId: newest[0]!.id.toString(),
      };
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
}
