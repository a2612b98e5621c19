// `tsx packages/env/scripts/runtime-tree.ts <app folder> <out folder>`, after the app's build:
// what its image holds, dist/ and the node_modules the bundle imports (infra/docker/*.Dockerfile).
import { resolve } from "node:path";

import { assembleRuntime } from "../src/runtime-tree";

const [appDir, outDir] = process.argv.slice(2);
if (appDir === undefined || outDir === undefined) {
  process.stderr.write("usage: runtime-tree.ts <app folder> <out folder>\n");
  process.exit(2);
}
const copied = await assembleRuntime(resolve(appDir), resolve(outDir));
process.stdout.write(`runtime node_modules: ${copied.join(", ")}\n`);
