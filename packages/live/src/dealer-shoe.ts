/**
 * The shoe's steps (docs/rules/live-tables.md, The shoe): a new shoe committed and burned, its
 * progress saved with each step, its reveal published after its last round.
 */
import type { Db } from "@fuda/db";
import { Prisma } from "@fuda/db";
import type { TableGameDefinition } from "@fuda/rules";
import type { FirstCardBurn, Rng, Shoe, ShoeJson } from "@fuda/shoe";
import {
  burnFirstCard,
  DEFAULT_CUT_CARD,
  newShoe,
  revealShoe,
  shoeFromJson,
  shoeCommitment,
  shoeToJson,
  verifyShoe,
} from "@fuda/shoe";

import type { RawTx, ShoeRow, TableRef, Tx } from "./dealer-rows";
import { FencedError, json, lockOpenTable } from "./dealer-rows";
import type { NewEvent } from "./events";
import { appendEvents } from "./events";
import { writeWebhookEvent } from "./webhook-outbox";

/**
 * The statement that writes a shoe's progress (position, burns, state) over the position this
 * step read, returning the shoe's id (none: another step moved it first); a studio shoe's
 * recorded order (`cards`) too, which grows as its cards are entered; with `road`, the shoe's
 * road after a settled round; with `onlyIf`, only when that holds too.
 *
 * Given the state as stored (`stored`) and the road as stored (`roadBefore`), it sends only what
 * moved: the state's progress merged over it when the order and salt are those stored (they are
 * most of its bytes, and no dealer's step changes them), and the road's new marks appended when
 * the road only grew. A shoe's road and state were most of a round's bytes to PostgreSQL.
 */
export function saveShoeSql(
  shoeId: string,
  before: number,
  shoe: Shoe,
  {
    road = null,
    roadBefore,
    stored,
    onlyIf = Prisma.sql`true`,
  }: {
    road?: readonly unknown[] | null;
    roadBefore?: readonly unknown[];
    stored?: ShoeJson;
    onlyIf?: Prisma.Sql;
  } = {},
): Prisma.Sql {
  const state = shoeToJson(shoe);
  const entered = shoe.studio === true ? Buffer.from(shoe.cards) : null;
  const { cards, salt, ...progress } = state;
  const merged = stored?.cards === cards && stored.salt === salt;
  const grew =
    road !== null &&
    roadBefore !== undefined &&
    road.length >= roadBefore.length &&
    roadBefore.every((mark, i) => road[i] === mark);
  const whole = road === null || grew ? null : JSON.stringify(road);
  const added = grew ? JSON.stringify(road.slice(roadBefore.length)) : null;
  return Prisma.sql`
    UPDATE shoes SET
      state = CASE WHEN ${merged}::boolean THEN state ELSE '{}'::jsonb END
              || ${JSON.stringify(merged ? progress : state)}::jsonb,
      position = ${shoe.position}, burned = ${state.burned}::int[],
      cards = coalesce(${entered}::bytea, cards),
      road = coalesce(${whole}::jsonb, road) || coalesce(${added}::jsonb, '[]'::jsonb)
    WHERE id = ${shoeId}::uuid AND position = ${before} AND ended_at IS NULL AND ${onlyIf}
    RETURNING id`;
}

/** Writes a shoe's progress (`saveShoeSql`); FencedError when another step moved it first. */
export async function saveShoe(
  tx: RawTx,
  shoeId: string,
  before: number,
  shoe: Shoe,
): Promise<void> {
  const saved = await tx.$queryRaw<unknown[]>(saveShoeSql(shoeId, before, shoe));
  if (saved.length !== 1) throw new FencedError(`shoe ${shoeId}`);
}

/**
 * Ends the shoe: its reveal (salt and order) becomes public with `shoe.ended`, and partners'
 * `shoe.revealed` webhook goes into the outbox in the same transaction.
 */
export async function endShoe(
  tx: RawTx,
  table: TableRef,
  shoeId: string,
  shoe: Shoe,
): Promise<NewEvent> {
  const reveal = revealShoe(shoe);
  const [ended] = await tx.$queryRaw<{ commitment: string }[]>`
    UPDATE shoes SET ended_at = ${new Date()}::timestamptz, reveal = ${JSON.stringify(reveal)}::jsonb
    WHERE id = ${shoeId}::uuid RETURNING commitment`;
  if (ended === undefined) throw new Error(`shoe ${shoeId} not found`);
  const { commitment } = ended;
  await writeWebhookEvent(tx, table, "shoe.revealed", {
    shoeId,
    commitment,
    reveal: { salt: reveal.salt, cards: reveal.cards },
    rounds: shoe.round,
    // A studio shoe committed nothing: its reveal is the order its cards were entered in.
    verifies: shoe.studio === true ? false : verifyShoe(commitment, reveal).ok,
    dealing: shoe.studio === true ? "studio" : "automatic",
  });
  return {
    tableId: table.id,
    type: "shoe.ended",
    payload: { shoeId, reveal: { salt: reveal.salt, cards: reveal.cards }, rounds: shoe.round },
  };
}

/**
 * A new shoe: shuffled, committed, its first card burned where the game burns one; `shoe.started`
 * publishes the commitment. Only at a table still open (TableNotOpenError).
 */
export async function startShoe(
  db: Db,
  table: TableRef,
  definition: TableGameDefinition,
  rng: Rng,
): Promise<ShoeRow> {
  const shoe = newShoe({
    cards: definition.shoeCards(),
    rng,
    cutCard: definition.cutCard ?? DEFAULT_CUT_CARD,
  });
  const burn = definition.burnsFirstCard === false ? null : burnFirstCard(shoe);
  return db.$transaction(async (tx) => {
    await lockOpenTable(tx, table.id);
    return openShoe(tx, table, shoe, burn);
  });
}

/**
 * Writes `shoe` as the table's open shoe, committed as it stands, and publishes `shoe.started`.
 * A studio shoe (docs/studio.md) commits nothing: its cards are physical.
 */
export async function openShoe(
  tx: Tx,
  table: TableRef,
  shoe: Shoe,
  burn: FirstCardBurn | null,
): Promise<ShoeRow> {
  const dealing = shoe.studio === true ? "studio" : "automatic";
  const commitment = shoe.studio === true ? "" : shoeCommitment(shoe);
  const state = shoeToJson(shoe);
  const row = await tx.shoe.create({
    data: {
      tableId: table.id,
      commitment,
      dealing,
      cards: Buffer.from(shoe.cards),
      state: json(state),
      position: shoe.position,
      burned: state.burned,
      // JSON null: the game burns no first card (joker blackjack).
      firstBurn: burn === null ? Prisma.JsonNull : json(burn),
    },
    select: { id: true },
  });
  await appendEvents(tx, [
    {
      tableId: table.id,
      type: "shoe.started",
      payload: {
        shoeId: row.id,
        commitment,
        cardCount: shoe.cards.length,
        dealing,
        burn: burn === null ? null : { shownCard: burn.shownCard, burnCount: burn.burnCount },
      },
    },
  ]);
  return { id: row.id, state, position: shoe.position, road: [] };
}

/** The operator's request for a new shoe, a flag in the table's settings (`newShoe: true`). */
export const newShoeAsked = (settings: unknown): boolean =>
  typeof settings === "object" &&
  settings !== null &&
  (settings as { newShoe?: unknown }).newShoe === true;

/**
 * Between rounds, on the operator's request: the shoe in play (if any) ends as after its last
 * round, its reveal published, and the request is cleared in the same transaction. Returns null:
 * the table has no open shoe now.
 */
export async function endShoeEarly(
  db: Db,
  table: TableRef,
  shoeRow: ShoeRow | null,
): Promise<null> {
  await db.$transaction(async (tx) => {
    // Only the flag: an operator's edit of other settings meanwhile is kept.
    await tx.$executeRaw`
      UPDATE tables SET settings = settings - 'newShoe' WHERE id = ${table.id}::uuid`;
    if (shoeRow === null) return;
    const event = await endShoe(tx, table, shoeRow.id, shoeFromJson(shoeRow.state));
    await appendEvents(tx, [event]);
  });
  return null;
}
