// Exact baccarat analysis: seconds per variant (three runs each; the first includes JIT warm-up).
// Wall clock and CPU time: on a shared machine the CPU figure is the less disturbed one.
import { analyze, fractionToNumber, VARIANTS, variantComposition } from "../src/baccarat";

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

for (const variant of VARIANTS) {
  for (let run = 1; run <= 3; run++) {
    const [wall, cpu] = [performance.now(), cpuSeconds()];
    const { rtp } = analyze(variant, variantComposition(variant));
    const wallSeconds = (performance.now() - wall) / 1000;
    const cpuUsed = cpuSeconds() - cpu;
    const banker = (fractionToNumber(rtp.banker!) * 100).toFixed(4);
    console.log(
      `${variant} run ${run}: ${wallSeconds.toFixed(3)} s wall, ${cpuUsed.toFixed(3)} s CPU (Banker RTP ${banker}%)`,
    );
  }
}
