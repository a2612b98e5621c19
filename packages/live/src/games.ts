import type { Game } from "@fuda/db";
import type { JokerBlackjackTable, TableGameDefinition } from "@fuda/rules";
import { gameDefinition, jokerBlackjack, jokerBlackjackDefinition } from "@fuda/rules";

/** The public name of a stored game: BACCARAT → `baccarat`, POK_DENG → `pok-deng`. */
export const publicGameName = (game: Game): string => game.toLowerCase().replaceAll("_", "-");

/**
 * Joker blackjack's table as an operator set it (admin.tables.update): the shoe's decks and
 * jokers, and the pay table. The pay table was checked when saved; one that no longer passes
 * the rules' check stops the table rather than paying by something else.
 */
export function jokerBlackjackTable(settings: unknown): Partial<JokerBlackjackTable> | null {
  if (typeof settings !== "object" || settings === null) return null;
  const { decks, jokers, payTable } = settings as {
    decks?: unknown;
    jokers?: unknown;
    payTable?: unknown;
  };
  const table: { -readonly [K in keyof JokerBlackjackTable]?: JokerBlackjackTable[K] } = {};
  if (typeof decks === "number") table.decks = decks;
  if (typeof jokers === "number") table.jokers = jokers;
  if (typeof payTable === "object" && payTable !== null) {
    const result = jokerBlackjack.payTableFrom(payTable);
    if (!result.ok) {
      throw new RangeError(
        `settings.payTable: ${result.problems.map((problem) => problem.message).join("; ")}`,
      );
    }
    table.payTable = result.payTable;
  }
  return Object.keys(table).length === 0 ? null : table;
}

/**
 * The definition a table is dealt by, or null when its game is not a live table. This runtime
 * drives players' decisions (decisions.ts), so games with them are found too. A joker blackjack
 * table's settings choose its shoe's decks and jokers, which a new shoe is shuffled from, and
 * its pay table, which each new round settles by.
 */
export const definitionOf = (table: {
  game: Game;
  variant: string;
  settings?: unknown;
}): TableGameDefinition | null => {
  const definition = gameDefinition(publicGameName(table.game), table.variant, { decisions: true });
  const jbj = table.game === "JOKER_BLACKJACK" ? jokerBlackjackTable(table.settings) : null;
  return definition === null || jbj === null ? definition : jokerBlackjackDefinition(jbj);
};
