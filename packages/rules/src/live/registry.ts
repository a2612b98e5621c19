import { baccaratDefinition } from "../baccarat/live";
import { pokDengDefinition } from "../pok-deng/live";
import type { GameDefinition } from "./definition";

/**
 * Every live game, keyed by the public names of the database and the API: `baccarat` with
 * `commission` / `no-commission`, `pok-deng` with `five-seat`.
 */
export const GAME_DEFINITIONS: readonly GameDefinition[] = [
  baccaratDefinition("commission"),
  baccaratDefinition("no-commission"),
  pokDengDefinition(),
];

/** The definition of a (game, variant), or null when there is none. */
export const gameDefinition = (game: string, variant: string): GameDefinition | null =>
  GAME_DEFINITIONS.find(
    (definition) => definition.game === game && definition.variant === variant,
  ) ?? null;
