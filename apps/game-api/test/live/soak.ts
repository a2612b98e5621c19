/**
 * The fault tests' length. `pnpm test` runs a shorter fight (still at least ten kills, mid-deal
 * and mid-action); `pnpm test:soak` (FUDA_SOAK=1, run by CI too) the full one. Both assert the
 * same things: only the floors of rounds and bets scale with the length.
 */
export const SOAK = process.env.FUDA_SOAK === "1";
