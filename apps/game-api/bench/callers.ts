/**
 * The bench's players, in a process of their own: reads a CallersTask (JSON) on stdin, runs one
 * caller per entry placing one-bet slips back to back over keep-alive HTTP for `seconds`, and
 * prints a CallersResult (JSON) on stdout. Each caller alternates Banker and Player, so the
 * table's difference stays far inside the exposure cap whatever the interleaving. Each caller
 * is one keep-alive socket written and read by hand (`Connection`): the players' side of the
 * bench should cost the machine as little as pgbench's C client does, not node:http's request
 * and response objects per call.
 */
import { randomUUID } from "node:crypto";
import type { Agent } from "node:http";
import { request } from "node:http";
import { connect } from "node:net";
import type { Socket } from "node:net";

import type { MutationPath } from "@fuda/api/types";

export const WEB_ORIGIN = "http://127.0.0.1:3000";

/** The placement's path, typed by the router: a renamed `bets.place` fails here. */
const PLACE: MutationPath = "bets.place";

export interface CallersTask {
  port: number;
  /** Calls made before the measured window: unmeasured, still placed. */
  warmupSeconds: number;
  seconds: number;
  /** Minor units per bet. */
  stake: number;
  callers: { cookie: string; roundId: string }[];
}

export interface CallersResult {
  /** Per call begun in the measured window, from the request to its answer, in ms. */
  latencies: number[];
  /** The measured window's length, in seconds, until its last call was answered. */
  elapsed: number;
  /** Placements of the warm-up (bet rows all the same). */
  warmupPlacements: number;
}

/** What the callers' process writes on stdout when its measured window begins. */
export const MEASURING = "measuring\n";

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

/**
 * One caller's keep-alive HTTP/1.1 connection, one request at a time: the request is written as
 * one string, the answer read as bytes up to its `content-length` (or the end of its chunks).
 */
class Connection {
  private readonly socket: Socket;
  private received: Buffer = Buffer.alloc(0);
  private waiting: {
    resolve: (reply: Pick<Reply, "status" | "body">) => void;
    reject: (error: Error) => void;
  } | null = null;

  constructor(
    port: number,
    /** The request line and the headers every call sends, each ending in CRLF. */
    private readonly head: string,
  ) {
    this.socket = connect(port, "127.0.0.1");
    this.socket.setNoDelay(true);
    this.socket.on("data", (chunk: Buffer) => {
      this.read(chunk);
    });
    const fail = (error: Error) => this.waiting?.reject(error);
    this.socket.on("error", fail);
    this.socket.on("close", () => fail(new Error("the game API closed the connection")));
  }

  post(body: string): Promise<Pick<Reply, "status" | "body">> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`${this.head}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    });
  }

  private read(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const end = this.received.indexOf("\r\n\r\n");
    if (end < 0) return;
    const head = this.received.toString("latin1", 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    let size: number;
    if (length !== undefined) {
      size = end + 4 + Number(length);
      if (this.received.length < size) return;
    } else {
      // tRPC's own adapter (BENCH_DIRECT_BETS=off) streams its answer in chunks.
      const last = this.received.indexOf("\r\n0\r\n\r\n", end);
      if (last < 0) return;
      size = last + 7;
    }
    const body = this.received.toString("utf8", end + 4, size);
    this.received = this.received.subarray(size);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve({ status, body });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** Runs the task; the first refused or failed call stops the run (a bench never hides one). */
export async function runCallers(
  { port, warmupSeconds, seconds, stake, callers }: CallersTask,
  /** Told when the warm-up ends and the measured window begins. */
  onMeasuring: () => void = () => undefined,
): Promise<CallersResult> {
  const connections = callers.map(
    ({ cookie }) =>
      new Connection(
        port,
        `POST /trpc/${PLACE} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n` +
          `content-type: application/json\r\norigin: ${WEB_ORIGIN}\r\ncookie: ${cookie}\r\n`,
      ),
  );
  const latencies: number[] = [];
  let warmupPlacements = 0;
  // The warm-up's calls open the connections (ours and the game API's to PostgreSQL) and warm
  // the code paths: a cold first second would otherwise own the 99th percentile.
  const started = performance.now() + warmupSeconds * 1000;
  const deadline = started + seconds * 1000;
  const measuring = setTimeout(onMeasuring, warmupSeconds * 1000);
  try {
    await Promise.all(
      callers.map(async ({ roundId }, caller) => {
        for (let n = 0; performance.now() < deadline; n++) {
          const input = {
            roundId,
            bets: [{ bet: n % 2 === 0 ? "banker" : "player", amount: stake }],
            requestId: randomUUID(),
          };
          const begun = performance.now();
          const reply = await connections[caller]!.post(JSON.stringify(input));
          if (reply.status !== 200) throw new Error(`bets.place: ${reply.status} ${reply.body}`);
          if (begun >= started) latencies.push(performance.now() - begun);
          else warmupPlacements += 1;
        }
      }),
    );
  } finally {
    clearTimeout(measuring);
    for (const connection of connections) connection.close();
  }
  return { latencies, elapsed: (performance.now() - started) / 1000, warmupPlacements };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  let input = "";
  process.stdin.setEncoding("utf8").on("data", (chunk: string) => (input += chunk));
  process.stdin.on("end", () => {
    runCallers(JSON.parse(input) as CallersTask, () => process.stdout.write(MEASURING)).then(
      (result) => process.stdout.write(JSON.stringify(result)),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : String(error));
        process.exitCode = 1;
      },
    );
  });
}
