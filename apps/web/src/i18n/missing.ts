/** Prefixes a message the current language lacks; the per-locale tests look for it. */
export const MISSING_MARK = "⟦missing⟧";
