import { baccaratDefinition } from "../baccarat/live";
import { jokerBlackjackDefinition } from "../joker-blackjack/live";
import { pokDengDefinition } from "../pok-deng/live";
import type { GameDefinition } from "./definition";
import type { GameEvent } from "./events";

/** Any live game, whatever it publishes: what a runtime that drives decisions takes. */
export type TableGameDefinition = GameDefinition<unknown, unknown, GameEvent>;

/** The games dealt from start to end, without a decision. */
const DEALT_GAMES: readonly GameDefinition[] = [
  baccaratDefinition("commission"),
  baccaratDefinition("no-commission"),
  pokDengDefinition(),
];

/**
 * Every live game, keyed by the public names of the database and the API: `baccarat` with
 * `commission` / `no-commission`, `pok-deng` with `five-seat`, `joker-blackjack` with
 * `seven-seat`.
 */
export const GAME_DEFINITIONS: readonly TableGameDefinition[] = [
  ...DEALT_GAMES,
  jokerBlackjackDefinition(),
];

export interface GameLookup {
  /**
   * The caller drives players' decisions (`definition.decisions`). A runtime that does not must
   * not take a table whose rounds wait for them, so without it such a game is not found.
   */
  readonly decisions?: boolean;
}

const find = <D extends TableGameDefinition>(
  definitions: readonly D[],
  game: string,
  variant: string,
): D | null =>
  definitions.find((definition) => definition.game === game && definition.variant === variant) ??
  null;

/** The definition of a (game, variant), or null when there is none (for this caller). */
export function gameDefinition(
  game: string,
  variant: string,
  lookup: GameLookup & { readonly decisions: true },
): TableGameDefinition | null;
export function gameDefinition(
  game: string,
  variant: string,
  lookup?: GameLookup,
): GameDefinition | null;
export function gameDefinition(
  game: string,
  variant: string,
  lookup: GameLookup = {},
): TableGameDefinition | null {
  return lookup.decisions === true
    ? find(GAME_DEFINITIONS, game, variant)
    : find(DEALT_GAMES, game, variant);
}
