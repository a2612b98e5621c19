import type { Game } from "@fuda/db";
import type { TableGameDefinition } from "@fuda/rules";
import { gameDefinition } from "@fuda/rules";

/** The public name of a stored game: BACCARAT → `baccarat`, POK_DENG → `pok-deng`. */
export const publicGameName = (game: Game): string => game.toLowerCase().replaceAll("_", "-");

/**
 * The definition a table is dealt by, or null when its game is not a live table. This runtime
 * drives players' decisions (decisions.ts), so games with them are found too.
 */
export const definitionOf = (table: { game: Game; variant: string }): TableGameDefinition | null =>
  gameDefinition(publicGameName(table.game), table.variant, { decisions: true });
