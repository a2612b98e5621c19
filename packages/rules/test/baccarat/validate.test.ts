import { describe, expect, it } from "vitest";

import type { Bet, BetId, LiveBetSlip } from "../../src/baccarat";
import { BET_IDS, isOffered, validateBets } from "../../src/baccarat";
import type { TableLimits } from "../../src/limits";
import { POINT } from "../../src/money";

const points = (n: number) => n * POINT;
const LIMITS = Object.fromEntries(
  BET_IDS.map((bet) => [
    bet,
    { min: points(10), max: points(bet === "player" || bet === "banker" ? 5000 : 500) },
  ]),
) as TableLimits<BetId>;

const slip = (bets: Bet[], extra: Partial<LiveBetSlip> = {}): LiveBetSlip => ({
  variant: "commission",
  round: 1,
  bets,
  limits: LIMITS,
  ...extra,
});
const rules = (violations: ReturnType<typeof validateBets>) =>
  violations.map(({ bet, rule }) => [bet, rule]);

describe("round gates (docs/rules/baccarat.md)", () => {
  it("refuses pair bets after round 60 and Lucky Six and naturals after round 50", () => {
    expect(isOffered("commission", "playerPair", 60)).toBe(true);
    expect(isOffered("commission", "playerPair", 61)).toBe(false);
    expect(isOffered("no-commission", "luckySix", 50)).toBe(true);
    expect(isOffered("no-commission", "luckySix", 51)).toBe(false);
    expect(isOffered("commission", "bankerNatural", 51)).toBe(false);
    expect(isOffered("commission", "banker", 200)).toBe(true);
  });

  it("offers each gated bet in its last round (pairs 60, Lucky Six and naturals 50) and refuses it in the next", () => {
    const lastRounds = {
      playerPair: 60,
      bankerPair: 60,
      luckySix: 50,
      playerNatural: 50,
      bankerNatural: 50,
    } as const;
    for (const variant of ["commission", "no-commission"] as const) {
      for (const [bet, last] of Object.entries(lastRounds) as [BetId, number][]) {
        expect([variant, bet, isOffered(variant, bet, last)]).toEqual([variant, bet, true]);
        expect([variant, bet, isOffered(variant, bet, last + 1)]).toEqual([variant, bet, false]);
      }
    }
  });

  it("has no round gates in the quick game, which offers only its five bets", () => {
    expect(isOffered("quick", "playerPair", 500)).toBe(true);
    expect(isOffered("quick", "luckySix", 1)).toBe(false);
  });

  it("names the bet and the round in the message", () => {
    const violations = validateBets(
      slip([{ bet: "bankerPair", stake: points(10) }], { round: 61 }),
    );
    expect(violations).toEqual([
      {
        bet: "bankerPair",
        rule: "BET_CLOSED_AFTER_ROUND",
        message: "Banker Pair: not offered after round 60 (this is round 61)",
      },
    ]);
  });
});

describe("stakes and table limits", () => {
  it("accepts bets within the limits", () => {
    expect(
      validateBets(
        slip([
          { bet: "player", stake: points(10) },
          { bet: "tie", stake: points(500) },
        ]),
      ),
    ).toEqual([]);
  });

  it("applies the minimum and maximum to a player's total on a bet type", () => {
    const violations = validateBets(
      slip([
        { bet: "tie", stake: points(300) },
        { bet: "tie", stake: points(300) },
        { bet: "luckySix", stake: points(5) },
      ]),
    );
    expect(rules(violations)).toEqual([
      ["tie", "ABOVE_MAX"],
      ["luckySix", "BELOW_MIN"],
    ]);
    expect(violations[0]!.message).toBe("Tie: 600 points is above the table maximum of 500 points");
  });

  it("refuses stakes that are not positive whole points", () => {
    const violations = validateBets(
      slip([
        { bet: "player", stake: 1050 },
        { bet: "banker", stake: 0 },
      ]),
    );
    expect(rules(violations)).toEqual([
      ["player", "STAKE_NOT_WHOLE_POINTS"],
      ["banker", "STAKE_NOT_WHOLE_POINTS"],
    ]);
  });

  it("returns every violation at once", () => {
    const violations = validateBets(
      slip(
        [
          { bet: "playerPair", stake: points(10) },
          { bet: "playerNatural", stake: points(1000) },
          { bet: "banker", stake: points(1) },
        ],
        { round: 70 },
      ),
    );
    expect(rules(violations)).toEqual([
      ["banker", "BELOW_MIN"],
      ["playerPair", "BET_CLOSED_AFTER_ROUND"],
      ["playerNatural", "BET_CLOSED_AFTER_ROUND"],
    ]);
  });
});

describe("the Player/Banker exposure cap (docs/rules/baccarat.md)", () => {
  it("refuses a bet that would push the Player–Banker difference past the limit", () => {
    const violations = validateBets(
      slip([{ bet: "player", stake: points(3000) }], {
        tableStakes: { player: points(4000), banker: points(1000) },
      }),
    );
    expect(violations).toEqual([
      {
        bet: "player",
        rule: "EXPOSURE_CAP",
        message:
          "Player: the table's Player stakes would exceed its Banker stakes by 6,000 points, more than the Player/Banker limit of 5,000 points",
      },
    ]);
  });

  it("caps each side's lead by that side's own maximum and accepts a difference exactly at it", () => {
    const limits: TableLimits<BetId> = {
      ...LIMITS,
      player: { min: points(10), max: points(2000) },
      banker: { min: points(10), max: points(3000) },
    };
    const tableStakes = { player: points(1000), banker: points(2000) };
    const bankerBy = (stake: number) =>
      validateBets(slip([{ bet: "banker", stake: points(stake) }], { limits, tableStakes }));
    expect(bankerBy(2000)).toEqual([]); // Banker ahead by 3000: the Banker maximum, not past it
    expect(rules(bankerBy(2010))).toEqual([["banker", "EXPOSURE_CAP"]]);
    const playerBy = (stake: number) =>
      validateBets(slip([{ bet: "player", stake: points(stake) }], { limits, tableStakes }));
    expect(playerBy(2000)).toEqual([]); // Player ahead by 1000
    expect(rules(playerBy(1000))).toEqual([]); // level
  });

  it("accepts a bet that narrows the difference, and the side that is behind", () => {
    const tableStakes = { player: points(4000), banker: points(0) };
    expect(validateBets(slip([{ bet: "banker", stake: points(3000) }], { tableStakes }))).toEqual(
      [],
    );
    expect(validateBets(slip([{ bet: "tie", stake: points(100) }], { tableStakes }))).toEqual([]);
  });

  it("refuses only a slip that adds to the leading side, even when the table is already past the cap", () => {
    // Limits lowered during a round can leave the table past the cap: bets elsewhere still go on.
    const tableStakes = { player: points(6000), banker: points(0) };
    expect(validateBets(slip([{ bet: "banker", stake: points(100) }], { tableStakes }))).toEqual(
      [],
    );
    expect(validateBets(slip([{ bet: "tie", stake: points(100) }], { tableStakes }))).toEqual([]);
    expect(
      rules(validateBets(slip([{ bet: "player", stake: points(10) }], { tableStakes }))),
    ).toEqual([["player", "EXPOSURE_CAP"]]);
  });
});

describe("the quick game's bets (docs/rules/quick-baccarat.md, Betting)", () => {
  it("offers only its five spots", () => {
    const violations = validateBets({
      variant: "quick",
      bets: [{ bet: "luckySix", stake: points(1) }],
      balance: points(50),
    });
    expect(violations[0]!.message).toBe("Lucky Six: not a bet of the quick game");
  });

  it("takes at most 5 points on a spot, never both Player and Banker, never more than held", () => {
    const violations = validateBets({
      variant: "quick",
      bets: [
        { bet: "player", stake: points(6) },
        { bet: "banker", stake: points(1) },
      ],
      balance: points(5),
    });
    expect(rules(violations)).toEqual([
      ["player", "SPOT_MAX"],
      [null, "PLAYER_AND_BANKER"],
      [null, "INSUFFICIENT_BALANCE"],
    ]);
  });
});
