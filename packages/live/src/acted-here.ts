/**
 * A player's action handed in memory to this process's runner of its table (table-runner.ts):
 * the runner steps on from the round the action wrote instead of reading the table again. A
 * runner in another process reads it, as before; and whatever moved the round since (another
 * action, an operator) fails the runner's write over it, and the runner reads the table then.
 */
import type { Game } from "@fuda/db";
import type { LiveRound } from "@fuda/rules";
import type { ShoeJson } from "@fuda/shoe";

import type { RoundRow } from "./dealer-rows";

/** The round and shoe columns an action wrote, as committed. */
export interface ActedRound {
  roundId: string;
  state: LiveRound;
  version: number;
  moves: number;
  actsBy: Date | null;
  shoe: { id: string; state: ShoeJson; position: number };
  /** It reserved a further stake (a double): a bet the round's close did not read. */
  staked: boolean;
}

type Keep = (acted: ActedRound) => void;
const runners = new Map<string, Set<Keep>>();

/** Hands `keep` each action committed at the table in this process, until the returned stop. */
export function onActedHere(tableId: string, keep: Keep): () => void {
  let kept = runners.get(tableId);
  if (kept === undefined) runners.set(tableId, (kept = new Set()));
  const set = kept;
  set.add(keep);
  return () => {
    set.delete(keep);
    if (set.size === 0 && runners.get(tableId) === set) runners.delete(tableId);
  };
}

/** An action committed: to the runners of its table in this process, if any. */
export function actedHere(tableId: string, acted: ActedRound): void {
  for (const keep of runners.get(tableId) ?? []) keep(acted);
}

/**
 * A round being dealt at a game of decisions, as this process's runner of its table last left it
 * or stepped from it: a player's action in this process computes from it and sends its checks,
 * its write and COMMIT in one message (`actions.ts`, `actOnHeld`). Only a hint: the round's lock
 * checks its version, moves and shoe, so a round moved since makes that action read it, as any
 * other does.
 */
export interface HeldRound {
  table: { id: string; game: Game; variant: string; settings: unknown };
  round: Pick<RoundRow, "id" | "number" | "state" | "version" | "moves" | "actsBy">;
  shoe: { id: string; state: ShoeJson; position: number };
}

/** One round a table, found by its id. */
const heldByTable = new Map<string, HeldRound>();
const heldByRound = new Map<string, HeldRound>();

/** The runner's round being dealt at its table (the table's earlier one let go). */
export function holdRound(held: HeldRound): void {
  const before = heldByTable.get(held.table.id);
  if (before !== undefined) heldByRound.delete(before.round.id);
  heldByTable.set(held.table.id, held);
  heldByRound.set(held.round.id, held);
}

/** The table's round settled, or its runner stopped. */
export function releaseTable(tableId: string): void {
  const before = heldByTable.get(tableId);
  if (before === undefined) return;
  heldByTable.delete(tableId);
  heldByRound.delete(before.round.id);
}

export const heldRound = (roundId: string): HeldRound | undefined => heldByRound.get(roundId);

/** An action committed over a held round: the next one computes from what it wrote. */
export function heldActed(acted: ActedRound): void {
  const held = heldByRound.get(acted.roundId);
  if (held?.shoe.id !== acted.shoe.id) return;
  const { state, version, moves, actsBy, shoe } = acted;
  holdRound({ ...held, round: { ...held.round, state, version, moves, actsBy }, shoe });
}

/** Writes at a table sent from this process and not yet answered, by table. */
const inFlight = new Map<string, Set<Promise<unknown>>>();

/**
 * A write that moves a round of the table sent from this process (the runner's step, an action
 * on a held round): until it is answered, the table's runner does not step and an action on its
 * round does not compute from the round held. A write that commits hands on the round it wrote
 * (`holdRound`, `actedHere`) before `sent` settles; its events can come sooner.
 */
export function writeInFlight(tableId: string, sent: Promise<unknown>): void {
  let sending = inFlight.get(tableId);
  if (sending === undefined) inFlight.set(tableId, (sending = new Set()));
  const set = sending;
  set.add(sent);
  void sent
    .catch(() => undefined)
    .finally(() => {
      set.delete(sent);
      if (set.size === 0 && inFlight.get(tableId) === set) inFlight.delete(tableId);
    });
}

/** Resolves once every write at the table sent so far from this process is answered. */
export async function writesAnswered(tableId: string): Promise<void> {
  const sending = inFlight.get(tableId);
  if (sending !== undefined) await Promise.allSettled([...sending]);
}
