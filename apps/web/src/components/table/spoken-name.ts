const present = (parts: readonly (string | null)[]): string[] =>
  parts.filter((part): part is string => part !== null && part !== "");

/**
 * A control's accessible name that begins with what it shows, word for word (WCAG 2.5.3, label in
 * name: a voice command says what it sees), then, in parentheses, the same in whole words for a
 * screen reader: "Banker 0.95:1 20 (Banker, pays 0.95:1. Your stake 20)". The control's own text
 * must keep its parts apart with spaces, as here.
 */
export function spokenName(
  shown: readonly (string | null)[],
  said: readonly (string | null)[],
): string {
  return `${present(shown).join(" ")} (${present(said).join(". ")})`;
}
