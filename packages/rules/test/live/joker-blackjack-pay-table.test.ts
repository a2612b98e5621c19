/**
 * A live joker blackjack table with a pay table of its own (docs/rules/joker-blackjack.md, Pay
 * table): a round settles by the pay table it began with, whatever the table says later.
 */
import { describe, expect, it } from "vitest";

import { jokerBlackjackDefinition } from "../../src";
import type { GameEvent } from "../../src";
import { payTableFrom } from "../../src/joker-blackjack";
import type { PayTable } from "../../src/joker-blackjack";
import { liveShoe, POINT, seats } from "./joker-blackjack-table";
import { stackedShoe } from "../joker-blackjack/table";

const payTable = ((): PayTable => {
  const result = payTableFrom({ premiums: { "Three 7s": 6 }, playerJoker: 1.5 });
  if (!result.ok) throw new Error("a valid pay table");
  return result.payTable;
})();

type Definition = ReturnType<typeof jokerBlackjackDefinition>;

/**
 * Seat 1 holds 7 7 and hits a 7 (Three 7s); seat 2, the last, holds 9 7 and stands; the dealer
 * draws a T to 26. Each step is driven by the next of `drivers` (the last one to the end).
 */
function playRound(...drivers: Definition[]): string[] {
  const shoe = liveShoe(stackedShoe(["7H 7D", "9H 7D"], "9C 7S", "7C TC"));
  const first = drivers[0]!;
  let round = first.decisions!.seatBettors(first.startRound(shoe), seats(2));
  const events: GameEvent[] = [];
  let hit = false;
  for (let k = 0; !round.dealt; k++) {
    const definition = drivers[Math.min(k, drivers.length - 1)]!;
    const pending = definition.decisions!.pending(round);
    if (pending === null) {
      const step = definition.dealerStep(shoe, round);
      round = step.round;
      events.push(...step.events);
    } else {
      const action: string = pending.seat === 1 && !hit ? "hit" : "stand";
      hit ||= action === "hit";
      const step = definition.decisions!.act(shoe, round, pending.seat, action);
      if (!step.ok) throw new Error(step.refusal.message);
      round = step.round;
      events.push(...step.events);
    }
  }
  return events.flatMap((event) =>
    event.type === "hand.settled" ? [`${event.seat} ${event.reason} ${event.amount / POINT}`] : [],
  );
}

describe("a live table's pay table", () => {
  it("pays the table's premiums, and its bet lists what they pay", () => {
    const definition = jokerBlackjackDefinition({ payTable });
    expect(playRound(definition)).toContain("1 Three 7s 60");
    expect(definition.bets[0]!.payouts).toContainEqual({ win: 5, per: 1 });
    expect(definition.bets[0]!.payouts).not.toContainEqual({ win: 9, per: 1 });
    expect(definition.bets[0]!.payouts).toContainEqual({ win: 1, per: 2 });
  });

  it("a round keeps the pay table it began with when the table's changes mid-round", () => {
    const settled = playRound(jokerBlackjackDefinition({ payTable }), jokerBlackjackDefinition());
    expect(settled).toContain("1 Three 7s 60");
  });

  it("the default table pays the rule book's 10×", () => {
    expect(playRound(jokerBlackjackDefinition())).toContain("1 Three 7s 100");
  });
});
