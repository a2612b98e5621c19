import { spawn } from "node:child_process";
import { createRequire } from "node:module";

export interface RunNextOptions {
  /** `process.argv[2]` of the app's script: "dev" or "start". */
  mode: string | undefined;
  host: string;
  port: number;
  /** The calling script's `import.meta.url`: `next` is resolved from the app, not from here. */
  from: string;
}

/**
 * Runs `next dev|start` on a validated host and port, so a bad PORT stops at the app's env.ts
 * with one line (next's own errors for a bad port are a usage message or a stack trace).
 * Signals are passed on; Ctrl-C is a clean exit.
 */
export function runNext({ mode, host, port, from }: RunNextOptions): void {
  if (mode !== "dev" && mode !== "start") {
    process.stderr.write("usage: tsx scripts/next.ts dev|start\n");
    process.exit(2);
  }
  const nextBin = createRequire(from).resolve("next/dist/bin/next");
  const next = spawn(process.execPath, [nextBin, mode, "-H", host, "-p", String(port)], {
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => next.kill(signal));
  }
  next.on("exit", (code, signal) => {
    process.exit(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1));
  });
}
