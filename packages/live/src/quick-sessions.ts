/**
 * The quick game (docs/rules/quick-baccarat.md) as one game per player, kept in PostgreSQL: each
 * step reads the player's game `FOR UPDATE`, applies the rules' pure transition and writes the
 * new game (and, on a deal, the hand for the player's history) in one transaction, so a reload
 * or a restart of any process continues exactly where the player was. Quick points are the
 * game's own: nothing here touches the wallet or the ledger.
 */
import { randomUUID } from "node:crypto";

import type { Db, Prisma } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { baccarat } from "@fuda/rules";
import type { Rng } from "@fuda/shoe";
import { CryptoRng } from "@fuda/shoe";

import { quickSessionJsonOf } from "./quick-json";
import type { QuickSession, QuickView } from "./quick-view";
import { quickCards, quickSessionFromJson, quickSessionToJson, quickView } from "./quick-view";

type Tx = Prisma.TransactionClient;

/** A button of the quick game. */
export type QuickAction =
  { step: "add"; spot: baccarat.QuickSpot } | { step: "undo" | "deal" | "next" | "startOver" };

export interface QuickOptions {
  db: Db;
  playerId: string;
  /** Shuffles a new player's shoe and every reshuffle; the platform CSPRNG unless a test seeds one. */
  rng?: Rng;
}

/** Each refusal's code and the field its message names. */
const REFUSALS: Readonly<
  Record<baccarat.ViolationRule, { code: "BAD_INPUT" | "CONFLICT"; field: string }>
> = {
  SPOT_MAX: { code: "BAD_INPUT", field: "spot" },
  PLAYER_AND_BANKER: { code: "BAD_INPUT", field: "spot" },
  INSUFFICIENT_BALANCE: { code: "BAD_INPUT", field: "spot" },
  BET_NOT_OFFERED: { code: "BAD_INPUT", field: "spot" },
  STAKE_NOT_WHOLE_POINTS: { code: "BAD_INPUT", field: "spot" },
  NO_BETS: { code: "BAD_INPUT", field: "bets" },
  STILL_HAS_POINTS: { code: "BAD_INPUT", field: "balance" },
  // The request is fine; the game is in the other phase (Next or a deal comes first).
  WRONG_PHASE: { code: "CONFLICT", field: "phase" },
  // Live tables' rules: the quick game never breaks them.
  BET_CLOSED_AFTER_ROUND: { code: "BAD_INPUT", field: "spot" },
  BELOW_MIN: { code: "BAD_INPUT", field: "spot" },
  ABOVE_MAX: { code: "BAD_INPUT", field: "spot" },
  EXPOSURE_CAP: { code: "BAD_INPUT", field: "spot" },
};

/** The rules' refusal as one FudaError, e.g. `spot: Player: at most 5 points on a spot, got 6 points`. */
function refusal(violations: readonly baccarat.Violation[]): FudaError {
  const { rule, bet } = violations[0]!;
  const { code, field } = REFUSALS[rule];
  const message = `${field}: ${violations.map((violation) => violation.message).join("; ")}`;
  return new FudaError(code, message, {
    field,
    rule,
    ...(bet === null ? {} : { spot: bet }),
    rules: violations.map((violation) => violation.rule),
  });
}

function apply(game: baccarat.QuickGame, action: QuickAction, rng: Rng): baccarat.QuickStep {
  switch (action.step) {
    case "add":
      return baccarat.addPoint(game, action.spot);
    case "undo":
      return baccarat.undo(game);
    case "deal":
      return baccarat.deal(game, rng);
    case "next":
      return baccarat.next(game);
    case "startOver":
      return baccarat.startOver(game);
  }
}

const stateJson = (session: QuickSession): string => JSON.stringify(quickSessionToJson(session));

async function readSession(
  db: Pick<Tx, "$queryRaw">,
  playerId: string,
  lock: boolean,
): Promise<QuickSession | null> {
  const rows = lock
    ? await db.$queryRaw<{ state: unknown }[]>`
        SELECT state FROM quick_sessions WHERE player_id = ${playerId} FOR UPDATE`
    : await db.$queryRaw<{ state: unknown }[]>`
        SELECT state FROM quick_sessions WHERE player_id = ${playerId}`;
  const [row] = rows;
  return row === undefined
    ? null
    : quickSessionFromJson(quickSessionJsonOf(row.state, `quick session of ${playerId}: state`));
}

/** The player's game, locked until the transaction ends; a new one (50 points) on first use. */
async function lockSession(tx: Tx, playerId: string, rng: Rng): Promise<QuickSession> {
  const found = await readSession(tx, playerId, true);
  if (found !== null) return found;
  const fresh: QuickSession = {
    game: baccarat.newQuickGame(rng),
    shoeId: randomUUID(),
    lastHandId: null,
  };
  // Two first calls at once: one inserts, the other waits for it and reads its game.
  await tx.$executeRaw`
    INSERT INTO quick_sessions (player_id, state) VALUES (${playerId}, ${stateJson(fresh)}::jsonb)
    ON CONFLICT (player_id) DO NOTHING`;
  return (await readSession(tx, playerId, true))!;
}

const staked = (bets: Readonly<Record<baccarat.QuickSpot, number>>): number =>
  baccarat.QUICK_SPOTS.reduce((sum, spot) => sum + bets[spot], 0);

/**
 * The dealt hand as a row of the player's history. Its time is never before the previous
 * hand's: hands dealt within one millisecond still list in the order they were dealt.
 */
async function recordHand(
  tx: Tx,
  playerId: string,
  before: baccarat.QuickGame,
  after: QuickSession,
): Promise<void> {
  const { game } = after;
  const { outcome, settlements } = game.lastHand!;
  const cards = quickCards(outcome).map(({ card }) => card);
  const bets = settlements.map(({ bet, stake, returned }) => ({ bet, stake, returned }));
  await tx.$executeRaw`
    INSERT INTO quick_hands (id, player_id, number, shoe_id, shoe_round, cards, outcome, bets,
                             points_before, points_after, dealt_at)
    VALUES (${after.lastHandId}::uuid, ${playerId}, ${game.handsDealt}, ${after.shoeId}::uuid,
            ${game.shoe.round}, ${cards}::int[], ${JSON.stringify(outcome)}::jsonb,
            ${JSON.stringify(bets)}::jsonb, ${before.balance + staked(before.bets)},
            ${game.balance},
            GREATEST(now(), (SELECT max(dealt_at) + interval '1 millisecond'
                             FROM quick_hands WHERE player_id = ${playerId})))`;
}

/** `quick.state`: the player's game, started with 50 points and a fresh shoe on first use. */
export async function quickState({
  db,
  playerId,
  rng = new CryptoRng(),
}: QuickOptions): Promise<QuickView> {
  const found = await readSession(db, playerId, false);
  if (found !== null) return quickView(found);
  return quickView(await db.$transaction((tx) => lockSession(tx, playerId, rng)));
}

/**
 * One button of the quick game. A step the rules refuse throws a FudaError naming the field and
 * the rule (BAD_INPUT, or CONFLICT in the wrong phase) and changes nothing.
 */
export async function playQuick({
  db,
  playerId,
  action,
  rng = new CryptoRng(),
}: QuickOptions & { action: QuickAction }): Promise<QuickView> {
  return db.$transaction(async (tx) => {
    const session = await lockSession(tx, playerId, rng);
    const step = apply(session.game, action, rng);
    if (!step.ok) throw refusal(step.violations);
    const after: QuickSession = { ...session, game: step.game };
    if (action.step === "deal") {
      // A reshuffle restarts the shoe's round count: the hands after it come from a new shoe.
      if (step.game.shoe.round <= session.game.shoe.round) after.shoeId = randomUUID();
      after.lastHandId = randomUUID();
      await recordHand(tx, playerId, session.game, after);
    }
    await tx.$executeRaw`
      UPDATE quick_sessions SET state = ${stateJson(after)}::jsonb, updated_at = now()
      WHERE player_id = ${playerId}`;
    return quickView(after);
  });
}
