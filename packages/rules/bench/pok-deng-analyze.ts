// Pok Deng exact analyzer speed: seconds per fresh 8-deck analysis (first call and warm).
import { standardDecks } from "@fuda/shoe";

import { analyzePokDeng, formatFraction } from "../src/pok-deng";

const cards = standardDecks(8);
for (let run = 1; run <= 5; run++) {
  const started = performance.now();
  const analysis = analyzePokDeng(cards);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `run ${run}: ${seconds.toFixed(4)} s (Player N RTP ${formatFraction(analysis.rtp.seat)}, ` +
      `Pair RTP ${formatFraction(analysis.rtp.seatPair)})`,
  );
}
