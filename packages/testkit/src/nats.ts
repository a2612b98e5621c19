import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { connect as connectTcp } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { freePort } from "@fuda/env";

export interface NatsServer {
  /** nats://127.0.0.1:<port> */
  url: string;
  /** Kills the server (SIGKILL: as a crash would); its JetStream files stay. */
  stop(): Promise<void>;
  /** Starts it again on the same port and files. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Debian's nats-server (scripts/test-prerequisites.sh installs it). */
function natsServerBinary(): string {
  for (const candidate of ["/usr/sbin/nats-server", "/usr/bin/nats-server"]) {
    if (existsSync(candidate)) return candidate;
  }
  return "nats-server";
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connectTcp(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => {
      resolve(false);
    });
  });

/**
 * A NATS server with JetStream of the test's own, on a free port with its files in a temporary
 * folder, that the test may kill and start again (the machine's NATS on 4222 is left alone).
 */
export async function startNatsServer(): Promise<NatsServer> {
  const port = await freePort();
  const store = await mkdtemp(join(tmpdir(), "fuda-nats-"));
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    const started = spawn(
      natsServerBinary(),
      ["-a", "127.0.0.1", "-p", String(port), "-js", "-sd", store],
      { stdio: "ignore" },
    );
    child = started;
    const failed = new Promise<never>((_, reject) => {
      started.once("error", (error) => {
        reject(
          new Error(`nats-server did not start (apt-get install nats-server): ${error.message}`),
        );
      });
    });
    const deadline = Date.now() + 10_000;
    while (!(await Promise.race([accepts(port), failed]))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        throw new Error(`nats-server on port ${port} did not start (exit ${started.exitCode})`);
      }
      await sleep(50);
    }
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (running?.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    stop,
    start,
    async close() {
      await stop();
      await rm(store, { recursive: true, force: true });
    },
  };
}
