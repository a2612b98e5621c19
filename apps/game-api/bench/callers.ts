/**
 * The bench's players, in a process of their own: reads a CallersTask (JSON) on stdin, runs one
 * caller per entry placing one-bet slips back to back over keep-alive HTTP for `seconds`, and
 * prints a CallersResult (JSON) on stdout. Each caller alternates Banker and Player, so the
 * table's difference stays far inside the exposure cap whatever the interleaving.
 */
import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";

export const WEB_ORIGIN = "http://127.0.0.1:3000";

export interface CallersTask {
  port: number;
  seconds: number;
  /** Minor units per bet. */
  stake: number;
  callers: { cookie: string; roundId: string }[];
}

export interface CallersResult {
  /** Per call, from the request to its answer, in ms. */
  latencies: number[];
  elapsed: number;
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Names and values as sent, in order. */
  rawHeaders: string[];
  body: string;
}

/** One HTTP call on `agent`'s keep-alive connections. */
export function call(
  agent: Agent,
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          origin: WEB_ORIGIN,
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Runs the task; the first refused or failed call stops the run (a bench never hides one). */
export async function runCallers({
  port,
  seconds,
  stake,
  callers,
}: CallersTask): Promise<CallersResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: callers.length });
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  try {
    await Promise.all(
      callers.map(async ({ cookie, roundId }) => {
        for (let n = 0; performance.now() < deadline; n++) {
          const input = {
            roundId,
            bets: [{ bet: n % 2 === 0 ? "banker" : "player", amount: stake }],
            requestId: randomUUID(),
          };
          const begun = performance.now();
          const reply = await call(
            agent,
            port,
            "/trpc/bets.place",
            { cookie },
            JSON.stringify(input),
          );
          if (reply.status !== 200) throw new Error(`bets.place: ${reply.status} ${reply.body}`);
          latencies.push(performance.now() - begun);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return { latencies, elapsed: (performance.now() - started) / 1000 };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  let input = "";
  process.stdin.setEncoding("utf8").on("data", (chunk: string) => (input += chunk));
  process.stdin.on("end", () => {
    runCallers(JSON.parse(input) as CallersTask).then(
      (result) => process.stdout.write(JSON.stringify(result)),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : String(error));
        process.exitCode = 1;
      },
    );
  });
}
