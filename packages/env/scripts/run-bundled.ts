// `tsx <path to>/run-bundled.ts <script.ts> [args…]`: the script bundled as the apps are
// (src/bundle.ts, `bundleScript`) and run under plain node, as production runs the runtime
// (`node dist/main.mjs`). A benchmark measures that code: from source under tsx, a seated round
// cost 10–15% more of the process's CPU (tsx keeps every function's name by wrapping it).
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

import { bundleScript } from "../src/bundle";

const [entry, ...args] = process.argv.slice(2);
if (entry === undefined) {
  console.error("usage: run-bundled.ts <script.ts> [args…]");
  process.exit(2);
}
const bundle = await bundleScript(resolve(entry));
const { status } = spawnSync(process.execPath, [bundle, ...args], { stdio: "inherit" });
process.exit(status ?? 1);
