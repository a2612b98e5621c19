import type { LiveRound, TableGameDefinition } from "@fuda/rules";

/** A stake large enough that every payout table's fractions (0.95 to 1) come out whole. */
const UNIT = 1_000_000;

/** A bet id of a round's catalog (on one seat where it has seats), settled for a unit stake. */
export interface BetResult {
  bet: string;
  seat: number | null;
  result: "won" | "lost" | "push";
  /** What one unit staked came back as, stake included (net of any deposit besides the stake). */
  returnPerUnit: number;
}

const verdict = (perUnit: number): BetResult["result"] =>
  perUnit > 1 ? "won" : perUnit === 1 ? "push" : "lost";

/**
 * Each bet id of the round's catalog (per seat where it has seats), settled for one unit: what
 * the partners' feed and its webhooks publish as a round's result.
 */
export function betResults(
  definition: TableGameDefinition,
  round: LiveRound,
  number: number,
): BetResult[] {
  const offered = new Set(definition.betsOffered(number));
  // A game whose rows settle only together says what a unit of each returned.
  if (definition.unitReturns !== undefined) {
    return definition
      .unitReturns(round)
      .filter(({ bet }) => offered.has(bet))
      .map(({ bet, seat, returnPerUnit }) => ({
        bet,
        seat,
        result: verdict(returnPerUnit),
        returnPerUnit,
      }));
  }
  const results: BetResult[] = [];
  for (const spec of definition.bets) {
    if (!offered.has(spec.id)) continue;
    for (const seat of spec.seats.length === 0 ? [undefined] : spec.seats) {
      const bet = { bet: spec.id, amount: UNIT, ...(seat === undefined ? {} : { seat }) };
      let returned: number;
      try {
        returned = definition.settle(round, [bet])[0]!;
      } catch {
        // A bet this round cannot settle alone has no result to publish.
        continue;
      }
      // Net of any deposit the bet holds besides its stake (Pok Deng's Banker cover).
      const perUnit = (returned - definition.reservedFor(bet) + UNIT) / UNIT;
      results.push({
        bet: spec.id,
        seat: seat ?? null,
        result: verdict(perUnit),
        returnPerUnit: perUnit,
      });
    }
  }
  return results;
}
