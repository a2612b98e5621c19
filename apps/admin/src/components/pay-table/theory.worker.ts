/**
 * Runs the rules' joker blackjack simulator off the page's thread and posts its progress every
 * PROGRESS_EVERY rounds, then the return and its standard error. The fast simulation generator
 * seeded from the DRBG, as `fuda simulate` does: these shoes are never dealt.
 */
import { jokerBlackjack } from "@fuda/rules";
import { SimulationRng } from "@fuda/shoe";

import type { TheoryAnswer, TheoryRequest } from "./protocol";
import { PROGRESS_EVERY } from "./protocol";

const answer = (message: TheoryAnswer) => {
  postMessage(message);
};

addEventListener("message", (event: MessageEvent<TheoryRequest>) => {
  const { payTable, seats, decks, jokers, rounds, seed } = event.data;
  try {
    const report = jokerBlackjack.simulate({
      rounds,
      seed,
      seats,
      decks,
      jokers,
      payTable,
      rng: SimulationRng.fromSeed({ serverSeed: seed }),
      progressEvery: PROGRESS_EVERY,
      onProgress: (played) => {
        answer({ type: "progress", played });
      },
    });
    answer({ type: "done", rtp: report.rtp, stdErr: report.stdErr, rounds, bets: report.bets });
  } catch (error) {
    answer({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  }
});
