// `tsx <path to>/run-bundled.ts <script.ts> [args…]`: the script bundled as the apps are
// (src/bundle.ts, `bundleScript`) and run under plain node, as production runs the runtime
// (`node dist/main.mjs`). A benchmark measures that code: from source under tsx, a seated round
// cost 10–15% more of the process's CPU (tsx keeps every function's name by wrapping it).
// It runs on the Node production runs (the images' node:24-slim, scripts/production-node.sh,
// fetched once into a cache): on the machine's Node 20 a seated round costs a fifth to a third
// more CPU. BENCH_NODE=<path to node> runs it on another (`BENCH_NODE=node`: the machine's).
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { bundleScript } from "../src/bundle";

const [entry, ...args] = process.argv.slice(2);
if (entry === undefined) {
  console.error("usage: run-bundled.ts <script.ts> [args…]");
  process.exit(2);
}

/** The production Node's binary; the machine's, said aloud, when it cannot be fetched. */
function productionNode(): string {
  const script = fileURLToPath(new URL("../../../scripts/production-node.sh", import.meta.url));
  const found = spawnSync("bash", [script], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const folder = found.stdout.trim();
  if (found.status === 0 && folder !== "") return `${folder}/node`;
  console.error(
    `run-bundled: production's Node could not be fetched; running on ${process.version}`,
  );
  return process.execPath;
}

const node = process.env.BENCH_NODE ?? productionNode();
const bundle = await bundleScript(resolve(entry));
const { status } = spawnSync(node, [bundle, ...args], { stdio: "inherit" });
process.exit(status ?? 1);
