/**
 * The benchmarks' SSE subscribers (bench/fanout-clients.ts, a process of their own) and the
 * summary of their receipts: the fan-out and chat benchmarks measure with the same clients.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface Clients {
  connected: Promise<void>;
  collect: () => Promise<number[][]>;
}

/** N subscribers in a child process; resolves once every stream is open. */
export function startClients(
  url: string,
  count: number,
  options: { pattern?: string; sample?: number } = {},
): Clients {
  const child = fork(fileURLToPath(new URL("./fanout-clients.ts", import.meta.url)), {
    execArgv: ["--import", "tsx"],
  });
  let connected: () => void = () => undefined;
  let collected: (received: number[][]) => void = () => undefined;
  child.on("message", (message: { connected?: number; received?: number[][] }) => {
    if (message.connected !== undefined) connected();
    if (message.received !== undefined) collected(message.received);
  });
  child.send({ url, count, ...options });
  return {
    connected: new Promise((resolve) => (connected = resolve)),
    collect: () =>
      new Promise((resolve) => {
        collected = resolve;
        child.send({ collect: true });
      }),
  };
}

/**
 * p50 and p99 of every (event, client) delay, and how many receipts were missing; a seq with no
 * send time (a line refused) is not counted.
 */
export function summarize(sent: (number | undefined)[], received: number[][], count: number) {
  const delays: number[] = [];
  let missing = 0;
  for (let seq = 0; seq < sent.length; seq += 1) {
    if (sent[seq] === undefined) continue;
    const times = received[seq] ?? [];
    missing += count - times.length;
    for (const at of times) delays.push(at - sent[seq]!);
  }
  delays.sort((a, b) => a - b);
  const at = (q: number): number =>
    delays[Math.min(delays.length - 1, Math.floor(q * delays.length))]!;
  return { p50: at(0.5), p99: at(0.99), missing };
}
