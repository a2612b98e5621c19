import type { Card } from "@fuda/shoe";
import { HmacDrbg, parseCard } from "@fuda/shoe";
import { describe, expect, it } from "vitest";

import type { QuickGame, QuickStep } from "../../src/baccarat";
import { addPoint, deal, newQuickGame, next, startOver } from "../../src/baccarat";
import { POINT } from "../../src/money";

const rng = () => new HmacDrbg({ serverSeed: "0c0d" });
const game = (step: QuickStep): QuickGame => {
  if (!step.ok) throw new Error(step.violations.map((v) => v.message).join("; "));
  return step.game;
};

/** The game with its shoe's next cards replaced by `text`, in deal order. */
function stacked(current: QuickGame, text: string): QuickGame {
  const cards = current.shoe.cards.slice();
  cards.set(
    text.split(" ").map((card): Card => parseCard(card)),
    current.shoe.position,
  );
  return { ...current, shoe: { ...current.shoe, cards } };
}

describe("docs/rules/quick-baccarat.md worked example", () => {
  const betting = () => {
    let current = newQuickGame(rng());
    for (let i = 0; i < 3; i++) current = game(addPoint(current, "player"));
    return game(addPoint(current, "tie"));
  };

  it("steps 1–3: 50 points; 3 on Player and 1 on Tie leave 46; Banker is then refused", () => {
    expect(newQuickGame(rng()).balance).toBe(50 * POINT);
    const current = betting();
    expect(current.balance).toBe(46 * POINT);
    const refused = addPoint(current, "banker");
    expect(!refused.ok && refused.violations.map((v) => v.rule)).toEqual(["PLAYER_AND_BANKER"]);
  });

  it("step 4: Player 9 beats Banker 7 (third-card example 2): 46 + 6 = 52 held", () => {
    const dealt = game(deal(stacked(betting(), "8S 2H 7D 5C 4S"), rng()));
    expect(dealt.lastHand!.outcome.winner).toBe("player");
    expect(dealt.balance).toBe(52 * POINT);
  });

  it("step 5: a tie on 6 (third-card example 10) pushes Player and pays Tie 9×: 58 held", () => {
    const dealt = game(deal(stacked(betting(), "6S 3H KD 3C"), rng()));
    expect(dealt.balance).toBe(58 * POINT);
  });

  it("step 6: the deal that loses the last 4 points allows Start over at once: 50 again", () => {
    let current: QuickGame = {
      ...game(next(game(deal(stacked(betting(), "8S 2H 7D 5C 4S"), rng())))),
      balance: 4 * POINT,
    };
    for (let i = 0; i < 4; i++) current = game(addPoint(current, "player"));
    const lost = game(deal(stacked(current, "KS 4H QD 4C"), rng()));
    expect(lost.balance).toBe(0);
    expect(game(startOver(lost)).balance).toBe(50 * POINT);
  });
});
