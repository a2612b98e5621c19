import { jokerBlackjackTable } from "@fuda/live";
import { baccarat, jokerBlackjack, pokDeng } from "@fuda/rules";

/** What one unit staked on a bet returns in theory: the mean (the RTP) and its spread. */
export interface BetTheory {
  /** Expected amount back per unit staked, the stake included (e.g. 0.9894 for Banker). */
  rtp: number;
  /** Standard deviation of the amount back per unit staked, one bet. */
  sd: number;
}

/** A game's theory per bet id, or why there is none. */
export interface GameTheory {
  bets: Readonly<Record<string, BetTheory>>;
  /** Where the figures come from, for the dashboard. */
  source: string;
}

const theoryOf = (moments: { mean: number; square: number }): BetTheory => ({
  rtp: moments.mean,
  sd: Math.sqrt(Math.max(moments.square - moments.mean * moments.mean, 0)),
});

/**
 * Every baccarat bet's RTP and standard deviation for the first round of a fresh shoe, from the
 * analyzer's exact outcome weights (the same weights `fuda analyze baccarat` sums): the second
 * moment is the same sum over the squared return of each outcome.
 */
function baccaratTheory(variant: baccarat.LiveVariant): GameTheory {
  const { weights, total } = baccarat.outcomeWeights(
    baccarat.rankCounts(baccarat.variantComposition(variant)),
  );
  const bets: Record<string, BetTheory> = {};
  for (const bet of baccarat.betsOf(variant)) {
    let mean = 0;
    let square = 0;
    weights.forEach((weight, code) => {
      if (weight === 0n) return;
      const odds = baccarat.payoutOdds(variant, bet, code);
      if (odds === null) return;
      const back = (odds.win + odds.per) / odds.per;
      const probability = Number(weight) / Number(total);
      mean += probability * back;
      square += probability * back * back;
    });
    bets[bet] = theoryOf({ mean, square });
  }
  return { bets, source: "exact: baccarat analyzer (fresh 8-deck shoe)" };
}

/**
 * Pok Deng's Player N and Pair bets from the analyzer (`fuda analyze pok-deng`): a seat's outcome
 * probabilities with their net per unit, the Pair's one probability with its fixed return.
 */
function pokDengTheory(): GameTheory {
  const analysis = pokDeng.analyzePokDeng();
  let mean = 0;
  let square = 0;
  pokDeng.SEAT_OUTCOMES.forEach((outcome, index) => {
    const probability = pokDeng.fractionToNumber(analysis.outcomes[outcome]);
    const back = 1 + pokDeng.SEAT_OUTCOME_NET[index]!;
    mean += probability * back;
    square += probability * back * back;
  });
  const pairRtp = pokDeng.fractionToNumber(analysis.rtp.seatPair);
  return {
    bets: {
      seat: theoryOf({ mean, square }),
      // The Pair returns PAIR_RETURN or nothing: E[X²] = PAIR_RETURN · E[X].
      seatPair: theoryOf({ mean: pairRtp, square: pokDeng.PAIR_RETURN * pairRtp }),
    },
    source: "exact: Pok Deng analyzer (fresh 8-deck shoe)",
  };
}

/**
 * Joker blackjack has no exact analyzer: its main bet's return is simulated with the table's own
 * seats, shoe and pay table (basic strategy; THEORY_RUN, the run of the portal's pay-table form),
 * so the figure is the same on every call. A bet's spread comes from the simulation's standard
 * error: with a unit stake per bet, stdErr ≈ σ/√bets (doubles and splits, staked on top, are
 * counted in σ), and seats of one round sharing the dealer's hand are in it too.
 */
function jokerBlackjackTheory(settings: unknown): GameTheory {
  const table = jokerBlackjackTable(settings) ?? {};
  const seats = (settings as { seats?: unknown } | null)?.seats;
  const report = jokerBlackjack.simulate({
    ...jokerBlackjack.THEORY_RUN,
    ...(typeof seats === "number" ? { seats } : {}),
    ...(table.decks === undefined ? {} : { decks: table.decks }),
    ...(table.jokers === undefined ? {} : { jokers: table.jokers }),
    ...(table.payTable === undefined ? {} : { payTable: table.payTable }),
  });
  const sd = report.stdErr * Math.sqrt(report.bets);
  return {
    bets: { main: { rtp: report.rtp, sd } },
    source: `simulated: ${report.rounds.toLocaleString("en")} rounds of ${report.seats} seats, basic strategy, the table's pay table (±${(1.96 * report.stdErr * 100).toFixed(2)} %)`,
  };
}

const cache = new Map<string, GameTheory>();

/**
 * The theory of a table's game and variant (and, for joker blackjack, its settings), computed
 * once per process and kept (the baccarat weights and the joker blackjack simulation take a
 * moment).
 */
export function gameTheory(game: string, variant: string, settings?: unknown): GameTheory {
  const jbj = game === "JOKER_BLACKJACK";
  const key = jbj ? `${game}/${variant}/${JSON.stringify(settings ?? null)}` : `${game}/${variant}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  let theory: GameTheory;
  if (game === "BACCARAT" && (variant === "commission" || variant === "no-commission")) {
    theory = baccaratTheory(variant);
  } else if (game === "POK_DENG") {
    theory = pokDengTheory();
  } else if (jbj) {
    theory = jokerBlackjackTheory(settings);
  } else {
    theory = { bets: {}, source: "none: no analyzer for this game" };
  }
  cache.set(key, theory);
  return theory;
}
