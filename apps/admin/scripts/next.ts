// Runs `next dev|start` on the host and port from src/env.ts, so a bad PORT stops here with one
// line naming it (next's own errors for a bad port are a usage message or a stack trace).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

import { env } from "../src/env";

const mode = process.argv[2];
if (mode !== "dev" && mode !== "start") {
  process.stderr.write("usage: tsx scripts/next.ts dev|start\n");
  process.exit(2);
}

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
const next = spawn(process.execPath, [nextBin, mode, "-H", env.HOST, "-p", String(env.PORT)], {
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => next.kill(signal));
}
next.on("exit", (code, signal) => {
  process.exit(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1));
});
