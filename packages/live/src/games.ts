import type { Game } from "@fuda/db";
import type { TableGameDefinition } from "@fuda/rules";
import { gameDefinition, jokerBlackjackDefinition } from "@fuda/rules";

/** The public name of a stored game: BACCARAT → `baccarat`, POK_DENG → `pok-deng`. */
export const publicGameName = (game: Game): string => game.toLowerCase().replaceAll("_", "-");

/** Joker blackjack's shoe as an operator set it (admin.tables.update): decks and jokers. */
function jokerBlackjackShoe(settings: unknown): { decks?: number; jokers?: number } | null {
  if (typeof settings !== "object" || settings === null) return null;
  const { decks, jokers } = settings as { decks?: unknown; jokers?: unknown };
  const shoe = {
    ...(typeof decks === "number" ? { decks } : {}),
    ...(typeof jokers === "number" ? { jokers } : {}),
  };
  return Object.keys(shoe).length === 0 ? null : shoe;
}

/**
 * The definition a table is dealt by, or null when its game is not a live table. This runtime
 * drives players' decisions (decisions.ts), so games with them are found too. A joker blackjack
 * table's settings choose its shoe's decks and jokers, which a new shoe is shuffled from.
 */
export const definitionOf = (table: {
  game: Game;
  variant: string;
  settings?: unknown;
}): TableGameDefinition | null => {
  const definition = gameDefinition(publicGameName(table.game), table.variant, { decisions: true });
  const shoe = table.game === "JOKER_BLACKJACK" ? jokerBlackjackShoe(table.settings) : null;
  return definition === null || shoe === null ? definition : jokerBlackjackDefinition(shoe);
};
