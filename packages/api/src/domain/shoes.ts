/**
 * The shoes anyone may check (docs/fairness.md): each shoe's commitment, published before its
 * first card; its reveal (salt and order), published only once it has ended; and every finished
 * round with the cards it took, by position in the shoe, so a verifier can check that each round
 * took the next cards of the revealed order. Transport-free: the web app's `shoes.*` procedures
 * and the partners' feed serve the same answers.
 */
import type { Db, Game } from "@fuda/db";
import { Prisma } from "@fuda/db";
import { FudaError } from "@fuda/errors";
// The same opaque (time, id) cursor as the history pages.
import { decodeCursor, definitionOf, liveRoundFromJson } from "@fuda/live";
import type { LiveRound, TableGameDefinition } from "@fuda/rules";
import { POK_DENG_REVEAL_INDEX } from "@fuda/rules";
import type { FirstCardBurn } from "@fuda/shoe";
import { shoeJsonOf } from "@fuda/shoe";

import type { ShoeDetail, ShoeRound, ShoesPage, ShoeSummary, TakenCard } from "./shoes.types";
import { SHOES_PAGE_SIZE } from "./shoes.types";
import { gameNames } from "./tables.types";

interface ShoesListOptions {
  db: Db;
  /** A table's slug; all tables when absent. */
  table?: string;
  cursor?: string | null;
}

const summarySelect = {
  id: true,
  startedAt: true,
  endedAt: true,
  table: { select: { slug: true, name: true, game: true } },
  _count: { select: { rounds: { where: { phase: "settled" } } } },
} as const satisfies Prisma.ShoeSelect;

type SummaryRow = Prisma.ShoeGetPayload<{ select: typeof summarySelect }>;

const toSummary = (row: SummaryRow): ShoeSummary => ({
  id: row.id,
  table: { slug: row.table.slug, name: row.table.name, game: gameNames[row.table.game] },
  startedAt: row.startedAt.toISOString(),
  endedAt: row.endedAt?.toISOString() ?? null,
  roundsDealt: row._count.rounds,
});

/** The cursor is the last shoe's (startedAt, id): opaque to callers. */
const encodeCursor = (shoe: ShoeSummary): string =>
  Buffer.from(JSON.stringify([shoe.startedAt, shoe.id])).toString("base64url");

/** Shoes newest first, the one in play included, a page at a time. */
export async function listShoes({ db, table, cursor }: ShoesListOptions): Promise<ShoesPage> {
  let tableId: string | undefined;
  if (table !== undefined) {
    const row = await db.table.findUnique({ where: { slug: table }, select: { id: true } });
    if (row === null) {
      throw new FudaError("NOT_FOUND", `table: no table "${table}"`, { field: "table", table });
    }
    tableId = row.id;
  }
  const after = cursor == null ? null : decodeCursor(cursor);
  const rows = await db.shoe.findMany({
    where: {
      tableId,
      ...(after && {
        OR: [{ startedAt: { lt: after.at } }, { startedAt: after.at, id: { lt: after.id } }],
      }),
    },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: SHOES_PAGE_SIZE + 1,
    select: summarySelect,
  });
  const shoes = rows.slice(0, SHOES_PAGE_SIZE).map(toSummary);
  return {
    shoes,
    nextCursor: rows.length > SHOES_PAGE_SIZE ? encodeCursor(shoes.at(-1)!) : null,
  };
}

/**
 * Where each card shown in a round was taken from the shoe, `positions` being the round's
 * positions neither burned nor the hole card, in shoe order. Each game shows its cards in its own
 * order: baccarat as dealt; Pok Deng deals all twelve face down, then shows them hand by hand
 * (docs/rules/pok-deng.md, REVEAL_ORDER); joker blackjack shows the dealer's hole card, the deal's
 * last card, only at the dealer's turn (docs/rules/joker-blackjack.md).
 */
function shownAt(
  game: Game,
  round: LiveRound,
  hands: readonly string[],
  positions: readonly number[],
  hole: number | null,
): number[] {
  if (game === "POK_DENG")
    return round.cards.map((_, k) => round.first + POK_DENG_REVEAL_INDEX[k]!);
  let next = 0;
  return hands.map((hand) => (hand === "dealer-2" && hole !== null ? hole : positions[next++]!));
}

/** Joker blackjack's hole card: the last card of the deal, or null before there is a deal. */
function holeCardAt(game: Game, round: LiveRound): number | null {
  if (game !== "JOKER_BLACKJACK") return null;
  // Read from the stored round as joker blackjack's runtime writes it (`dealCards`).
  const dealCards = (round as LiveRound & { dealCards?: number }).dealCards ?? 0;
  return dealCards > 0 ? round.first + dealCards - 1 : null;
}

/** Every card a finished round took, shown cards from the round's own record, in shoe order. */
function takenCards(
  game: Game,
  definition: TableGameDefinition | null,
  round: { state: LiveRound; cards: number[] },
  span: { start: number; end: number },
  burned: ReadonlySet<number>,
): TakenCard[] {
  const taken = new Map<number, TakenCard>();
  for (let at = span.start; at < span.end; at++) {
    taken.set(at, { at, kind: burned.has(at) ? "burned" : "faceDown", card: null, hand: null });
  }
  // Only what `rounds.cards` says was shown, whatever the state holds (as the history does).
  const shown = definition
    ? definition.publicView(round.state).cards.slice(0, round.cards.length)
    : round.cards.map((card, i) => ({ position: `card-${i + 1}`, card }));
  const hole = holeCardAt(game, round.state);
  const free = [...taken.values()]
    .filter(({ at, kind }) => kind === "faceDown" && at !== hole)
    .map(({ at }) => at);
  const places = shownAt(
    game,
    round.state,
    shown.map(({ position }) => position),
    free,
    hole,
  );
  shown.forEach(({ position, card }, k) => {
    const at = places[k]!;
    // A card placed outside the round's span still shows: the verifier then reports it.
    taken.set(at, { at, kind: "shown", card, hand: position });
  });
  return [...taken.values()].sort((a, b) => a.at - b.at);
}

/**
 * One shoe: its commitment, its reveal only once it has ended, and its finished rounds with the
 * cards each took. Unknown shoe: NOT_FOUND naming `shoeId`.
 */
export async function getShoe({ db, shoeId }: { db: Db; shoeId: string }): Promise<ShoeDetail> {
  return db.$transaction(
    async (tx) => {
      const row = await tx.shoe.findUnique({
        where: { id: shoeId },
        select: {
          ...summarySelect,
          table: { select: { slug: true, name: true, game: true, variant: true } },
          commitment: true,
          dealing: true,
          firstBurn: true,
          reveal: true,
          // Read for the rounds' starts and burns only: it holds the salt, never sent.
          state: true,
        },
      });
      if (row === null) {
        throw new FudaError("NOT_FOUND", `shoeId: no shoe "${shoeId}"`, {
          field: "shoeId",
          shoeId,
        });
      }
      const state = shoeJsonOf(row.state, `shoe ${shoeId}: state`);
      const firstBurn = row.firstBurn as FirstCardBurn | null;
      const definition = definitionOf(row.table);
      const burned = new Set(state.burned);
      const rounds = await tx.round.findMany({
        where: { shoeId, phase: { in: ["settled", "cancelled"] } },
        orderBy: { number: "asc" },
        select: { id: true, number: true, phase: true, state: true, cards: true },
      });
      const ended = row.endedAt !== null && row.reveal !== null;
      const reveal = ended ? (row.reveal as { salt: string; cards: string }) : null;
      return {
        ...toSummary(row),
        dealing: row.dealing,
        commitment: row.commitment,
        cardCount: state.cards.length / 2,
        firstBurn:
          firstBurn === null
            ? null
            : { shownCard: firstBurn.shownCard, burnCount: firstBurn.burnCount },
        firstRoundAt: firstBurn === null ? 0 : 1 + firstBurn.burnCount,
        reveal: reveal && { salt: reveal.salt, cards: reveal.cards },
        rounds: rounds.map((round): ShoeRound => {
          const start = state.roundStarts[round.number - 1]!;
          const end = state.roundStarts[round.number] ?? state.position;
          return {
            roundId: round.id,
            number: round.number,
            phase: round.phase as ShoeRound["phase"],
            start,
            cards: takenCards(
              row.table.game,
              definition,
              {
                state: liveRoundFromJson(round.state, `round ${round.id}: state`),
                cards: round.cards,
              },
              { start, end },
              burned,
            ),
          };
        }),
      };
    },
    // One snapshot: the reveal, the shoe's bookkeeping and the rounds agree.
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
}
