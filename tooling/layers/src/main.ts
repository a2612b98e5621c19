/**
 * `pnpm lint:layers`: fails, naming each rule, when an import crosses the layers of
 * `.dependency-cruiser.cjs`. `pnpm --filter @fuda/layers graph` prints the layers as the mermaid
 * diagram of docs/architecture.md.
 *
 * Through dependency-cruiser's API rather than its `depcruise` command, which refuses Node 20
 * (its engines say ^22), while the API runs on it; the repo supports Node 20.
 */
import { performance } from "node:perf_hooks";

import { cruiseLayers } from "./cruise";
import { layersMermaid } from "./graph";

if (process.argv[2] === "graph") {
  console.log(layersMermaid());
} else {
  const started = performance.now();
  const { violations, text } = await cruiseLayers();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (violations.length > 0) {
    console.error(text);
    console.error(`layers: ${violations.length} import(s) break the rules (${seconds} s)`);
    process.exitCode = 1;
  } else {
    console.log(`layers: every import keeps to its layer (${seconds} s)`);
  }
}
