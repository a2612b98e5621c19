/**
 * A player's action handed in memory to this process's runner of its table (table-runner.ts):
 * the runner steps on from the round the action wrote instead of reading the table again. A
 * runner in another process reads it, as before; and whatever moved the round since (another
 * action, an operator) fails the runner's write over it, and the runner reads the table then.
 */
import type { LiveRound } from "@fuda/rules";
import type { ShoeJson } from "@fuda/shoe";

/** The round and shoe columns an action wrote, as committed. */
export interface ActedRound {
  roundId: string;
  state: LiveRound;
  version: number;
  moves: number;
  actsBy: Date | null;
  shoe: { id: string; state: ShoeJson; position: number };
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
