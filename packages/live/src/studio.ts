/**
 * Studio dealing (docs/studio.md): a person deals a table from a physical shoe at a console.
 * Each card entered is an input to the same game definition and the same steps as the automatic
 * dealer's (dealer-steps.ts): the engine decides which card it needs next and where it goes
 * (`studioTry`), and refuses one the shoe cannot hold. The console's steps are serialized per
 * table; a round's step is written over the round as read, like a player's action.
 */
import type { Db, Game } from "@fuda/db";
import type { RuleCode, StudioNext, StudioState } from "@fuda/contracts";
import { FudaError } from "@fuda/errors";
import type { LiveRound, TableGameDefinition } from "@fuda/rules";
import { studioCardRefusal, studioTry } from "@fuda/rules";
import type { Shoe } from "@fuda/shoe";
import {
  burnFirstCard,
  cardCode,
  cutCardOut,
  newStudioShoe,
  parseCardCode,
  shoeFromJson,
  shoeToJson,
  UNKNOWN_CARD,
} from "@fuda/shoe";

import { isUuid } from "./bet-slip";
import { readTable } from "./dealer";
import type { ShoeRow, TableRef, Tx } from "./dealer-rows";
import { json, lockOpenTable, lockRound, StaleRoundError, FencedError } from "./dealer-rows";
import { endShoe, openShoe, saveShoe } from "./dealer-shoe";
import { closeBetting, computeDeal, openRound, writeDeal } from "./dealer-steps";
import { appendEvents } from "./events";
import { publicGameName } from "./games";
import { deadlineAfter, writeStep } from "./decisions";
import { tableSettings } from "./seats";
import type { RoundStudio } from "./studio-memory";
import { roundStudioOf } from "./studio-memory";

export interface StudioCall {
  dealerId: string;
  tableId: string;
  consoleId?: string | undefined;
}
export interface StudioStepCall extends StudioCall {
  requestId: string;
}
export interface StudioCardCall extends StudioStepCall {
  card: string;
}
export interface StudioMistakeCall extends StudioStepCall {
  kind: "rewind" | "unrecoverable" | "improperDeal";
  toStep?: number | undefined;
  reason: string;
}

export interface StudioTable {
  id: string;
  slug: string;
  name: string;
  game: string;
  variant: string;
  status: string;
  dealing: "automatic" | "studio";
}

/** A console not heard from for this long lets go of its table: another may take it. */
export const CONSOLE_LEASE_MS = 15_000;

const refused = (
  code: "BAD_INPUT" | "CONFLICT" | "FORBIDDEN",
  field: string,
  rule: RuleCode,
  message: string,
): FudaError => new FudaError(code, `${field}: ${message}`, { field, rule });

const notYourTable = (): FudaError =>
  refused("FORBIDDEN", "tableId", "NOT_YOUR_TABLE", "you are not assigned to deal this table");

/** The dealer's tables, by name. */
export async function studioTables(db: Db, dealerId: string): Promise<StudioTable[]> {
  const rows = await db.$queryRaw<(Omit<StudioTable, "game"> & { game: string })[]>`
    SELECT t.id::text, t.slug, t.name, t.game::text AS game, t.variant,
           lower(t.status::text) AS status, t.dealing::text AS dealing
    FROM table_dealers d JOIN tables t ON t.id = d.table_id
    WHERE d.dealer_id = ${dealerId}
    ORDER BY t.name`;
  return rows.map((row) => ({ ...row, game: publicGameName(row.game as Game) }));
}

type Client = Db | Tx;

/** The dealer is assigned to the table (else FORBIDDEN, whether the table exists or not). */
async function checkAssigned(db: Client, call: StudioCall): Promise<void> {
  if (!isUuid(call.tableId)) throw notYourTable();
  const [row] = await db.$queryRaw<{ ok: boolean }[]>`
    SELECT true AS ok FROM table_dealers
    WHERE table_id = ${call.tableId}::uuid AND dealer_id = ${call.dealerId}`;
  if (row === undefined) throw notYourTable();
}

/**
 * Holds the table's console for this one: taken when free, when its holder has been silent for
 * CONSOLE_LEASE_MS, or by the same console; refused (CONSOLE_TAKEN) otherwise. A call without a
 * console id counts as the dealer's console already holding it.
 */
async function holdConsole(db: Client, call: StudioCall): Promise<void> {
  const consoleId = call.consoleId ?? `dealer:${call.dealerId}`;
  const held = await db.$queryRaw<{ dealer_id: string }[]>`
    INSERT INTO studio_consoles (table_id, dealer_id, console_id)
    VALUES (${call.tableId}::uuid, ${call.dealerId}, ${consoleId})
    ON CONFLICT (table_id) DO UPDATE
      SET dealer_id = EXCLUDED.dealer_id,
          console_id = CASE WHEN ${call.consoleId === undefined}
                              AND studio_consoles.dealer_id = EXCLUDED.dealer_id
                            THEN studio_consoles.console_id ELSE EXCLUDED.console_id END,
          opened_at = CASE WHEN studio_consoles.dealer_id = EXCLUDED.dealer_id
                             AND studio_consoles.console_id = EXCLUDED.console_id
                           THEN studio_consoles.opened_at ELSE now() END,
          seen_at = now()
      WHERE studio_consoles.seen_at < now() - make_interval(secs => ${CONSOLE_LEASE_MS / 1000})
         OR (studio_consoles.dealer_id = EXCLUDED.dealer_id
             AND (studio_consoles.console_id = EXCLUDED.console_id OR ${call.consoleId === undefined}))
    RETURNING dealer_id`;
  if (held.length === 0) {
    throw refused("CONFLICT", "tableId", "CONSOLE_TAKEN", "another console deals this table");
  }
}

type TableState = Awaited<ReturnType<typeof readTable>>;

/** Checks who calls and reads the table as it stands; the table must be dealt from a studio. */
async function studioTable(
  db: Client,
  call: StudioCall,
): Promise<TableState & { definition: TableGameDefinition }> {
  await checkAssigned(db, call);
  await holdConsole(db, call);
  const state = await readTable(db, call.tableId);
  // A round dealt from a studio shoe is finished at the console even if the table has just gone
  // back to the automatic dealer (the change takes effect between rounds).
  if (state.table.dealing !== "studio" && state.shoe?.state.studio !== true) {
    throw refused(
      "CONFLICT",
      "tableId",
      "NOT_A_STUDIO_TABLE",
      "the software deals this table; an operator sets it to studio dealing first",
    );
  }
  if (state.definition === null) {
    throw refused("CONFLICT", "tableId", "NOT_A_STUDIO_TABLE", "this game is not dealt at tables");
  }
  return { ...state, definition: state.definition };
}

/** The burn cards the table still expects entered: none once skipped or once a round opened. */
async function burnsLeft(
  db: Client,
  table: TableState["table"],
  shoeRow: ShoeRow,
  shoe: Shoe,
): Promise<{ index: number; done: number; of: number } | null> {
  if (!tableSettings(table.settings).enterBurns || shoe.round > 0) return null;
  const [row] = await db.$queryRaw<
    { first_burn: { burnCount: number } | null; skipped: boolean }[]
  >`
    SELECT s.first_burn,
           EXISTS (SELECT 1 FROM studio_actions a
                   WHERE a.table_id = s.table_id AND a.action = 'skipBurns'
                     AND a.detail->>'shoeId' = s.id::text) AS skipped
    FROM shoes s WHERE s.id = ${shoeRow.id}::uuid`;
  const of = row?.first_burn?.burnCount ?? 0;
  if (row === undefined || row.skipped || of === 0) return null;
  for (let k = 0; k < of; k++) {
    if (shoe.cards[1 + k] === UNKNOWN_CARD) return { index: 1 + k, done: k, of };
  }
  return null;
}

const none = {
  position: null,
  index: null,
  burn: null,
  action: null,
  decision: null,
} as const;

/** What the console does next, from the table as it stands (nothing written). */
async function nextOf(
  db: Client,
  state: TableState & { definition: TableGameDefinition },
): Promise<StudioNext> {
  const { table, definition, round, shoe: shoeRow } = state;
  const studioShoe = shoeRow?.state.studio === true;
  if (round === null) {
    if (table.status !== "OPEN" || (shoeRow !== null && !studioShoe)) {
      return { kind: "paused", ...none };
    }
    if (shoeRow === null) {
      return definition.burnsFirstCard === false
        ? { kind: "open", ...none }
        : { kind: "firstCard", ...none, index: 0 };
    }
    const shoe = shoeFromJson(shoeRow.state);
    const burn = await burnsLeft(db, table, shoeRow, shoe);
    if (burn !== null) {
      return { kind: "burn", ...none, index: burn.index, burn: { done: burn.done, of: burn.of } };
    }
    return { kind: "open", ...none };
  }
  if (round.phase === "betting") return { kind: "close", ...none };
  if (shoeRow === null || !studioShoe) return { kind: "paused", ...none };
  const pending = definition.decisions?.pending(round.state) ?? null;
  const awaiting = roundStudioOf(round.studio).awaiting;
  if (pending !== null && awaiting !== undefined) {
    const shoe = shoeFromJson(shoeRow.state);
    const tried = studioTry(shoe, round.state.first, (copy) =>
      definition.decisions!.act(copy, round.state, awaiting.seat, awaiting.action),
    );
    const { seat, hand, action } = awaiting;
    return tried.ready
      ? { kind: "card", ...none, action: { seat, hand, action } }
      : {
          kind: "card",
          ...none,
          index: tried.index,
          position: tried.position,
          action: { seat, hand, action },
        };
  }
  if (pending !== null) {
    return {
      kind: "player",
      ...none,
      decision: {
        seat: pending.seat,
        hand: pending.hand,
        kind: pending.kind,
        actsBy: round.actsBy?.toISOString() ?? null,
      },
    };
  }
  const shoe = shoeFromJson(shoeRow.state);
  const tried = studioTry(shoe, round.state.first, (copy) =>
    definition.dealerStep(copy, round.state),
  );
  // Ready: the table's dealer takes that step by itself in a moment (no card needed).
  if (tried.ready) return { kind: "card", ...none };
  return { kind: "card", ...none, index: tried.index, position: tried.position };
}

const codeOf = (card: number): string => (card === UNKNOWN_CARD ? "??" : cardCode(card));

/** What the console shows. */
async function stateOf(
  db: Client,
  call: StudioCall,
  state: TableState & { definition: TableGameDefinition },
): Promise<StudioState> {
  const { table, definition, round, shoe: shoeRow } = state;
  const settings = tableSettings(table.settings);
  const [extra] = await db.$queryRaw<
    {
      name: string;
      console_dealer: string | null;
      console_id: string | null;
      last_action: Date | null;
      bettors: bigint;
      first_burn: { shownCard: number; burnCount: number } | null;
      last_round: {
        id: string;
        number: number;
        cards: number[];
        outcome: unknown;
        state: unknown;
      } | null;
    }[]
  >`
    SELECT t.name,
           c.dealer_id AS console_dealer, c.console_id,
           (SELECT max(a.at) FROM studio_actions a WHERE a.table_id = t.id) AS last_action,
           (SELECT count(DISTINCT b.player_id) FROM bets b
            WHERE b.round_id = ${round?.id ?? null}::uuid AND b.status = 'open') AS bettors,
           (SELECT s.first_burn FROM shoes s WHERE s.id = ${shoeRow?.id ?? null}::uuid) AS first_burn,
           (SELECT json_build_object('id', r.id, 'number', r.number, 'cards', r.cards,
                                     'outcome', r.outcome, 'state', r.state)
            FROM rounds r WHERE r.table_id = t.id AND r.phase = 'settled'
            ORDER BY r.settled_at DESC LIMIT 1) AS last_round
    FROM tables t LEFT JOIN studio_consoles c ON c.table_id = t.id
    WHERE t.id = ${table.id}::uuid`;
  const shoe = shoeRow === null ? null : shoeFromJson(shoeRow.state);
  let entered = 0;
  if (shoe !== null) for (const card of shoe.cards) if (card !== UNKNOWN_CARD) entered++;
  const view = round === null ? null : definition.publicView(round.state);
  const lastView =
    extra?.last_round == null ? null : definition.publicView(extra.last_round.state as LiveRound);
  const takeBack = roundStudioOf(round?.studio).takeBack;
  const since = extra?.last_action ?? null;
  return {
    table: {
      id: table.id,
      slug: table.slug,
      name: extra?.name ?? table.slug,
      game: publicGameName(table.game) as StudioState["table"]["game"],
      variant: table.variant,
      status: table.status.toLowerCase() as StudioState["table"]["status"],
      dealing: table.dealing,
      countdownSeconds: table.countdownSeconds,
      enterBurns: settings.enterBurns,
      silentSeconds: settings.silentSeconds,
    },
    console: {
      mine:
        extra?.console_dealer === call.dealerId &&
        (call.consoleId === undefined || extra.console_id === call.consoleId),
      dealerId: extra?.console_dealer ?? null,
    },
    shoe:
      shoe === null || shoeRow === null
        ? null
        : {
            id: shoeRow.id,
            position: shoe.position,
            entered,
            rounds: shoe.round,
            cutCardOut: shoe.cutCardReached,
            firstCard: extra?.first_burn == null ? null : codeOf(extra.first_burn.shownCard),
            burnCount: extra?.first_burn?.burnCount ?? null,
          },
    round:
      round === null || view === null
        ? null
        : {
            id: round.id,
            number: round.number,
            phase: round.phase,
            closesAt: round.closesAt.toISOString(),
            cards: view.cards.map(({ position, card }) => ({ position, card: codeOf(card) })),
            totals: { ...view.totals },
            outcome: view.outcome ?? null,
            bettors: Number(extra?.bettors ?? 0),
          },
    lastResult:
      extra?.last_round == null || lastView === null
        ? null
        : {
            roundId: extra.last_round.id,
            number: extra.last_round.number,
            cards: lastView.cards.map(({ position, card }) => ({ position, card: codeOf(card) })),
            outcome: extra.last_round.outcome ?? null,
          },
    next: await nextOf(db, state),
    takeBack:
      takeBack === undefined || round?.moves !== takeBack.moves
        ? null
        : { position: takeBack.position, card: codeOf(takeBack.card) },
    silentFor:
      round === null
        ? null
        : Math.max(0, Math.floor((Date.now() - (since ?? round.closesAt).getTime()) / 1000)),
  };
}

export async function studioState(db: Db, call: StudioCall): Promise<StudioState> {
  const state = await studioTable(db, call);
  return stateOf(db, call, state);
}

/** Serializes the console's steps at one table (the dealer loop is fenced by the rows). */
const lockConsole = (tx: Tx, tableId: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`studio:${tableId}`}))`;

interface Recorded {
  action: string;
  roundId: string | null;
  detail: Record<string, unknown>;
}

async function record(tx: Client, call: StudioStepCall, recorded: Recorded): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO studio_actions (table_id, round_id, dealer_id, action, detail, request_id)
    VALUES (${call.tableId}::uuid, ${recorded.roundId}::uuid, ${call.dealerId}, ${recorded.action},
            ${JSON.stringify(recorded.detail)}::jsonb, ${call.requestId})
    ON CONFLICT (dealer_id, request_id) DO NOTHING`;
}

async function earlier(
  db: Client,
  call: StudioStepCall,
): Promise<{ action: string; detail: Record<string, unknown> } | null> {
  const [row] = await db.$queryRaw<{ action: string; detail: Record<string, unknown> }[]>`
    SELECT action, detail FROM studio_actions
    WHERE dealer_id = ${call.dealerId} AND request_id = ${call.requestId}`;
  return row ?? null;
}

/**
 * Runs a console step in one transaction under the table's console lock: `run` does the step's
 * writes and says what to record. A refusal (a FudaError) is recorded too, after the rollback,
 * so the log holds every scan; it changed nothing else.
 */
async function consoleStep<T>(
  db: Db,
  call: StudioStepCall,
  action: string,
  run: (
    tx: Tx,
    state: TableState & { definition: TableGameDefinition },
  ) => Promise<{ recorded: Recorded; value: T }>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.$transaction(
        async (tx) => {
          await lockConsole(tx, call.tableId);
          const state = await studioTable(tx, call);
          const { recorded, value } = await run(tx, state);
          await record(tx, call, recorded);
          return value;
        },
        { timeout: 15_000 },
      );
    } catch (error) {
      // The table's dealer stepped meanwhile (a timer, a step of its own): read again.
      if ((error instanceof StaleRoundError || error instanceof FencedError) && attempt < 3)
        continue;
      if (
        error instanceof FudaError &&
        error.details.rule !== "NOT_YOUR_TABLE" &&
        error.details.rule !== "CONSOLE_TAKEN"
      ) {
        await record(db, call, {
          action,
          roundId: null,
          detail: { refused: error.details.rule ?? error.code, message: error.message },
        }).catch(() => undefined);
      }
      throw error;
    }
  }
}

const noCardNow = (message: string): FudaError =>
  refused("CONFLICT", "card", "NO_CARD_EXPECTED", message);

/** Writes a new studio shoe, its first card shown and its burn counted (the rule book's). */
async function startStudioShoe(
  tx: Tx,
  table: TableRef,
  definition: TableGameDefinition,
  firstCard: number | null,
): Promise<ShoeRow> {
  await lockOpenTable(tx, table.id);
  const shoe = newStudioShoe(definition.shoeCards().length);
  let burn = null;
  if (firstCard !== null) {
    shoe.cards[0] = firstCard;
    burn = burnFirstCard(shoe);
  }
  return openShoe(tx, table, shoe, burn);
}

export async function studioCard(
  db: Db,
  call: StudioCardCall,
): Promise<{
  card: string;
  position: string;
  index: number;
  replayed: boolean;
  state: StudioState;
}> {
  const entered = await consoleStep(db, call, "card", async (tx, state) => {
    const before = await earlier(tx, call);
    if (before !== null && before.action === "card" && typeof before.detail.index === "number") {
      const { card, position, index } = before.detail as {
        card: string;
        position: string;
        index: number;
      };
      return {
        recorded: { action: "card", roundId: null, detail: before.detail },
        value: { card, position, index, replayed: true },
      };
    }
    const card = parseCardCode(call.card);
    if (card === null) {
      throw refused(
        "BAD_INPUT",
        "card",
        "UNREADABLE_CARD",
        `"${call.card.slice(0, 16)}" is no card code (AS, TH, 9C, JK): rescan`,
      );
    }
    const { table, definition, round, shoe: shoeRow } = state;
    const composition = definition.shoeCards();
    const check = (shoe: Shoe): void => {
      if (studioCardRefusal(shoe, composition, card) !== null) {
        throw refused(
          "CONFLICT",
          "card",
          "CARD_NOT_IN_SHOE",
          card === 0x50
            ? `${cardCode(card)}: this game's shoe has no joker`
            : `${cardCode(card)}: the shoe holds no more of this card (every one is entered); check the card and rescan`,
        );
      }
    };
    const done = (index: number, position: string, roundId: string | null, shoeId: string) => ({
      recorded: {
        action: "card",
        roundId,
        detail: { code: call.card, card: cardCode(card), index, position, shoeId },
      },
      value: { card: cardCode(card), position, index, replayed: false },
    });

    if (round === null) {
      if (table.status !== "OPEN") throw noCardNow("the table is paused or closed");
      if (shoeRow === null) {
        if (definition.burnsFirstCard === false) throw noCardNow("open betting first");
        check(newStudioShoe(composition.length));
        const started = await startStudioShoe(tx, table, definition, card);
        return done(0, "first-card", null, started.id);
      }
      const shoe = shoeFromJson(shoeRow.state);
      const burn = shoe.studio === true ? await burnsLeft(tx, table, shoeRow, shoe) : null;
      if (burn === null) throw noCardNow("open betting first");
      check(shoe);
      shoe.cards[burn.index] = card;
      await saveShoe(tx, shoeRow.id, shoeRow.position, shoe);
      return done(burn.index, "burn", null, shoeRow.id);
    }
    if (round.phase === "betting") throw noCardNow("betting is open: no more bets first");
    if (shoeRow?.state.studio !== true) {
      throw noCardNow("the automatic dealer finishes this round");
    }
    const pending = definition.decisions?.pending(round.state) ?? null;
    const awaiting = roundStudioOf(round.studio).awaiting;
    if (pending !== null && awaiting !== undefined) {
      return dealToChoice(tx, state, round, shoeRow, awaiting, card, check, done);
    }
    if (pending !== null) throw noCardNow(`seat ${pending.seat} decides first`);
    const shoe = shoeFromJson(shoeRow.state);
    const need = studioTry(shoe, round.state.first, (copy) =>
      definition.dealerStep(copy, round.state),
    );
    if (need.ready) throw noCardNow("the next step needs no card");
    check(shoe);
    const beforeShoe = shoeToJson(shoe);
    shoe.cards[need.index] = card;
    const dealt = computeDeal(definition, shoe, round.state, { through: true });
    const position = need.position ?? "card";
    if (dealt === null) {
      // The step reads more cards than this one (not a game of the rule book today).
      await saveShoe(tx, shoeRow.id, shoeRow.position, shoe);
      await tx.$executeRaw`UPDATE rounds SET moves = moves + 1 WHERE id = ${round.id}::uuid`;
      return done(need.index, position, round.id, shoeRow.id);
    }
    const written = await writeDeal(tx, table, definition, round, shoeRow, shoe, dealt, {
      byConsole: true,
    });
    // Only a card that showed cards and nothing else can be taken back: one that opened a
    // decision or ended the round stands (an operator corrects it).
    const plain = dealt.events.every(
      (event) => event.type === "card.dealt" || event.type === "card.faceDown",
    );
    const memory: RoundStudio = plain
      ? {
          takeBack: {
            moves: written.round.moves,
            card,
            index: need.index,
            position,
            state: round.state,
            shoe: beforeShoe,
            actsBy: round.actsBy?.toISOString() ?? null,
          },
        }
      : {};
    if (!written.settled) {
      await tx.$executeRaw`UPDATE rounds SET studio = ${JSON.stringify(memory)}::jsonb WHERE id = ${round.id}::uuid`;
    }
    return done(need.index, position, round.id, shoeRow.id);
  });
  return { ...entered, state: await studioState(db, call) };
}

type Studied = TableState & { definition: TableGameDefinition };
type Done<T> = (
  index: number,
  position: string,
  roundId: string | null,
  shoeId: string,
) => {
  recorded: Recorded;
  value: T;
};

/**
 * The card a seat's choice draws (hit, double, split): the choice is applied now, as the player's
 * action, with the dealer's card in the shoe. A split's two cards take two entries.
 */
async function dealToChoice<T>(
  tx: Tx,
  { table, definition }: Studied,
  round: NonNullable<Studied["round"]>,
  shoeRow: ShoeRow,
  awaiting: NonNullable<RoundStudio["awaiting"]>,
  card: number,
  check: (shoe: Shoe) => void,
  done: Done<T>,
): Promise<{ recorded: Recorded; value: T }> {
  const decisions = definition.decisions!;
  const choose = (copy: Shoe) => decisions.act(copy, round.state, awaiting.seat, awaiting.action);
  const shoe = shoeFromJson(shoeRow.state);
  const need = studioTry(shoe, round.state.first, choose);
  if (need.ready) throw noCardNow("the seat's choice needs no card");
  check(shoe);
  shoe.cards[need.index] = card;
  const position = need.position ?? `seat-${awaiting.seat}`;
  await lockRound(tx, round, "dealing");
  const applied = studioTry(shoe, round.state.first, choose);
  if (!applied.ready) {
    await saveShoe(tx, shoeRow.id, shoeRow.position, shoe);
    await tx.$executeRaw`UPDATE rounds SET moves = moves + 1 WHERE id = ${round.id}::uuid`;
    return done(need.index, position, round.id, shoeRow.id);
  }
  const result = applied.result;
  if (!result.ok)
    throw new Error(`seat ${awaiting.seat} ${awaiting.action}: ${result.refusal.message}`);
  const actsBy = deadlineAfter(definition, table, result.round, result.events, null);
  await writeStep(tx, {
    table,
    round,
    shoe: { id: shoeRow.id, position: shoeRow.position, after: shoe },
    step: result,
    actsBy,
  });
  await tx.$executeRaw`UPDATE rounds SET studio = '{}'::jsonb WHERE id = ${round.id}::uuid`;
  return done(need.index, position, round.id, shoeRow.id);
}

/** A console step that answers with the state after it. */
async function stepThenState(
  db: Db,
  call: StudioStepCall,
  action: string,
  run: (
    tx: Tx,
    state: TableState & { definition: TableGameDefinition },
  ) => Promise<Recorded> | Recorded,
): Promise<StudioState> {
  await consoleStep(db, call, action, async (tx, state) => {
    if ((await earlier(tx, call)) !== null) {
      return { recorded: { action, roundId: null, detail: {} }, value: null };
    }
    return { recorded: await run(tx, state), value: null };
  });
  return studioState(db, call);
}

const notNow = (message: string): FudaError => refused("CONFLICT", "tableId", "NOT_NOW", message);

export const studioTakeBack = (db: Db, call: StudioStepCall): Promise<StudioState> =>
  stepThenState(db, call, "takeBack", async (tx, { table, definition, round, shoe: shoeRow }) => {
    const [row] =
      round === null
        ? []
        : await tx.$queryRaw<{ studio: unknown; moves: number; phase: string }[]>`
            SELECT studio, moves, phase::text AS phase FROM rounds
            WHERE id = ${round.id}::uuid FOR UPDATE`;
    const memory = roundStudioOf(row?.studio).takeBack;
    if (
      round === null ||
      shoeRow === null ||
      row?.phase !== "dealing" ||
      row.moves !== memory?.moves
    ) {
      throw refused(
        "CONFLICT",
        "tableId",
        "NOTHING_TO_TAKE_BACK",
        "no card to take back: only the last card, before anything follows it",
      );
    }
    const shoe = shoeFromJson(memory.shoe);
    // The shoe as before the card: the cards entered since the step (none) stay as they are.
    await tx.$executeRaw`
      UPDATE shoes SET state = ${JSON.stringify(memory.shoe)}::jsonb, position = ${shoe.position},
                       burned = ${memory.shoe.burned}::int[], cards = ${Buffer.from(shoe.cards)}
      WHERE id = ${shoeRow.id}::uuid`;
    await tx.round.update({
      where: { id: round.id },
      data: {
        state: json(memory.state),
        cards: [...memory.state.cards],
        moves: { increment: 1 },
        actsBy: memory.actsBy === null ? null : new Date(memory.actsBy),
        studio: json({}),
      },
    });
    await appendEvents(tx, [
      {
        tableId: table.id,
        roundId: round.id,
        type: "card.withdrawn",
        payload: {
          roundId: round.id,
          number: round.number,
          position: memory.position,
          card: memory.card,
          totals: { ...definition.publicView(memory.state).totals },
        },
      },
    ]);
    return {
      action: "takeBack",
      roundId: round.id,
      detail: { card: cardCode(memory.card), position: memory.position, index: memory.index },
    };
  });

export const studioOpen = (db: Db, call: StudioStepCall): Promise<StudioState> =>
  stepThenState(db, call, "open", async (tx, state) => {
    const { table, definition, round } = state;
    if (table.status !== "OPEN") throw notNow("the table is paused or closed by the operators");
    if (round !== null) throw notNow(`round ${round.number} is still in play`);
    let shoeRow = state.shoe;
    if (shoeRow !== null && shoeRow.state.studio !== true) {
      throw notNow("the automatic dealer's shoe ends first");
    }
    if (shoeRow === null) {
      if (definition.burnsFirstCard !== false)
        throw notNow("enter the new shoe's first card first");
      shoeRow = await startStudioShoe(tx, table, definition, null);
    }
    const shoe = shoeFromJson(shoeRow.state);
    if ((await burnsLeft(tx, table, shoeRow, shoe)) !== null) {
      throw notNow("enter the burn cards, or skip them, first");
    }
    const closesAt = new Date(Date.now() + table.countdownSeconds * 1_000);
    const opened = await openRound(tx, table, definition, shoeRow, closesAt, { whileOpen: true });
    return { action: "open", roundId: opened.id, detail: { number: opened.number } };
  });

export const studioClose = (db: Db, call: StudioStepCall): Promise<StudioState> =>
  stepThenState(db, call, "close", async (tx, { table, definition, round }) => {
    if (round?.phase !== "betting") throw notNow("no round is betting");
    const closed = await closeBetting(tx, table, round, definition, {
      windowMs: table.countdownSeconds * 1_000,
    });
    return {
      action: "close",
      roundId: round.id,
      detail: { reopened: closed.phase === "betting" },
    };
  });

export const studioSkipBurns = (db: Db, call: StudioStepCall): Promise<StudioState> =>
  stepThenState(db, call, "skipBurns", async (tx, { table, shoe: shoeRow, round }) => {
    if (round !== null || shoeRow === null) throw notNow("no burn cards are expected");
    const burn = await burnsLeft(tx, table, shoeRow, shoeFromJson(shoeRow.state));
    if (burn === null) throw notNow("no burn cards are expected");
    return {
      action: "skipBurns",
      roundId: null,
      detail: { shoeId: shoeRow.id, skipped: burn.of - burn.done },
    };
  });

export const studioCutCard = (db: Db, call: StudioStepCall): Promise<StudioState> =>
  stepThenState(db, call, "cutCard", async (tx, { shoe: shoeRow, round }) => {
    if (shoeRow?.state.studio !== true) throw notNow("no studio shoe is in play");
    const shoe = shoeFromJson(shoeRow.state);
    if (shoe.cutCardReached) throw notNow("the cut card is out already");
    cutCardOut(shoe);
    await saveShoe(tx, shoeRow.id, shoeRow.position, shoe);
    if (round !== null)
      await tx.$executeRaw`UPDATE rounds SET moves = moves + 1 WHERE id = ${round.id}::uuid`;
    return {
      action: "cutCard",
      roundId: round?.id ?? null,
      detail: { shoeId: shoeRow.id, position: shoe.position },
    };
  });

export const studioNewShoe = (db: Db, call: StudioStepCall): Promise<StudioState> =>
  stepThenState(db, call, "newShoe", async (tx, { table, shoe: shoeRow, round }) => {
    if (round !== null) throw notNow(`round ${round.number} is still in play`);
    if (shoeRow === null) throw notNow("no shoe is in play: enter the new shoe's first card");
    const event = await endShoe(tx, table, shoeRow.id, shoeFromJson(shoeRow.state));
    await appendEvents(tx, [event]);
    return { action: "newShoe", roundId: null, detail: { shoeId: shoeRow.id } };
  });

export async function studioRelease(db: Db, call: StudioStepCall): Promise<StudioState> {
  await checkAssigned(db, call);
  await db.$executeRaw`
    DELETE FROM studio_consoles WHERE table_id = ${call.tableId}::uuid AND dealer_id = ${call.dealerId}`;
  await record(db, call, { action: "release", roundId: null, detail: {} });
  const state = await readTable(db, call.tableId);
  if (state.definition === null) throw notYourTable();
  return stateOf(db, call, { ...state, definition: state.definition });
}

export const studioMistake = (db: Db, call: StudioMistakeCall): Promise<StudioState> =>
  stepThenState(db, call, "mistake", (_tx, { round }) => {
    if (round?.phase !== "dealing") throw notNow("no round is being dealt");
    return {
      action: "mistake",
      roundId: round.id,
      detail: {
        kind: call.kind,
        toStep: call.toStep ?? null,
        reason: call.reason,
        confirmed: false,
      },
    };
  });
