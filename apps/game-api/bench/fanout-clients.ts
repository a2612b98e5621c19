/**
 * The subscribers of the fan-out benchmark, in a process of their own (so their parsing does
 * not share the server's event loop): N raw HTTP GETs of a server-sent event stream over
 * keep-alive agents. For each event (found by its `"number":n` in the data) every connection
 * records when it arrived; the parent compares with when the event committed.
 *
 * Protocol (IPC): parent sends { url, count, pattern?, sample? }; child answers { connected }
 * once every stream has said hello, then on { collect } sends { received: number[][] } (per seq,
 * arrival times in ms since the epoch, sub-millisecond precision) and exits. `pattern` finds an
 * event's seq in its block (default `"number":(\d+)`); with `sample` n, only every n-th stream
 * records (the chat bench's thousands of lines × 10,000 streams would not fit one message).
 */
import http from "node:http";
import { performance } from "node:perf_hooks";

const now = (): number => performance.timeOrigin + performance.now();

interface Start {
  url: string;
  count: number;
  pattern?: string;
  sample?: number;
}

const received: number[][] = [];
const requests: http.ClientRequest[] = [];
let failures = 0;

/** Opens one stream; `onReady` once its first block arrives, `onFailed` if it never does. */
function open(
  url: string,
  agent: http.Agent,
  seqOf: RegExp | null,
  onReady: () => void,
  onFailed: () => void,
): void {
  let ready = false;
  const request = http.get(url, { agent, headers: { accept: "text/event-stream" } }, (response) => {
    response.setEncoding("utf8");
    let buffer = "";
    response.on("data", (chunk: string) => {
      const at = now();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!ready) {
          // The first block of either server: tRPC's `connected` event, or the baseline's hello.
          ready = true;
          onReady();
        }
        if (seqOf === null) continue;
        for (const match of block.matchAll(seqOf)) {
          (received[Number(match[1])] ??= []).push(at);
        }
      }
    });
  });
  request.on("error", (error) => {
    failures += 1;
    if (failures <= 3) console.error(`fanout client: ${error.message} (retried)`);
    if (!ready) onFailed();
  });
  requests.push(request);
}

process.on("message", (message: Start | { collect: true }) => {
  if ("collect" in message) {
    for (const request of requests) request.destroy();
    process.send!({ received }, () => process.exit(0));
    return;
  }
  // Several agents: one agent's socket pool bookkeeping grows with its sockets.
  const agents = Array.from(
    { length: 16 },
    () => new http.Agent({ keepAlive: true, maxSockets: Infinity }),
  );
  let connected = 0;
  let opening = 0;
  let next = 0;
  // At most this many handshakes in flight: a burst of SYNs overflows the accept backlog.
  const inFlight = 200;
  const fill = (): void => {
    while (opening < inFlight && next < message.count) {
      const agent = agents[next % agents.length]!;
      const records = next % (message.sample ?? 1) === 0;
      next += 1;
      opening += 1;
      const start = (): void => {
        open(
          message.url,
          agent,
          records ? new RegExp(message.pattern ?? '"number":(\\d+)', "g") : null,
          () => {
            opening -= 1;
            connected += 1;
            if (connected === message.count) process.send!({ connected });
            fill();
          },
          () => setTimeout(start, 50),
        );
      };
      start();
    }
  };
  fill();
  const progress = setInterval(() => {
    if (connected === message.count) clearInterval(progress);
    else console.error(`fanout clients: ${connected}/${message.count} open, ${failures} failed`);
  }, 5_000);
});

// The parent went away (interrupted): no orphan holding 10,000 sockets.
process.on("disconnect", () => process.exit(0));
