import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { connect as connectTcp } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

import { freePort } from "@fuda/env";

export interface RedisServer {
  /** redis://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/** Debian's redis-server (scripts/test-prerequisites.sh installs it). */
function redisServerBinary(): string {
  for (const candidate of ["/usr/bin/redis-server", "/usr/sbin/redis-server"]) {
    if (existsSync(candidate)) return candidate;
  }
  return "redis-server";
}

const answers = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connectTcp(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.end("PING\r\n");
    });
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => {
      resolve(false);
    });
  });

/**
 * A Redis of the test's own on a free port, keeping nothing on disk: the tests need no Redis set
 * up on the machine, and share none with other runs.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    redisServerBinary(),
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  const failed = new Promise<never>((_, reject) => {
    child.once("error", (error) => {
      reject(
        new Error(`redis-server did not start (apt-get install redis-server): ${error.message}`),
      );
    });
  });
  const deadline = Date.now() + 10_000;
  while (!(await Promise.race([answers(port), failed]))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`redis-server on port ${port} did not start (exit ${child.exitCode})`);
    }
    await sleep(50);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
