import { describe, expect, it } from "vitest";

import { freePort, spawnApp } from "../src";
import type { SpawnedApp } from "../src";

const server = `require("node:http").createServer((q, s) => s.end("up " + q.url)).listen(+process.env.PORT, "127.0.0.1")`;

/** A one-line HTTP server answering "up <path>", as a real child process. */
async function spawnEchoServer(): Promise<SpawnedApp> {
  const port = await freePort();
  return spawnApp({
    cwd: process.cwd(),
    command: process.execPath,
    args: ["-e", server],
    env: { PORT: String(port) },
    url: `http://127.0.0.1:${port}`,
  });
}

describe("spawnApp", () => {
  it("waits until the app answers, then stops it", async () => {
    const app = await spawnEchoServer();
    expect(await (await fetch(`${app.url}/x`)).text()).toBe("up /x");
    await app.stop();
    await expect(fetch(`${app.url}/x`)).rejects.toThrow();
    // A second stop (an afterAll after a failed test) finds nothing to stop and returns.
    await app.stop();
  });

  it("stops an app that ignores SIGTERM, with SIGKILL after 5 s", { timeout: 20_000 }, async () => {
    const port = await freePort();
    const stubborn = `process.on("SIGTERM", () => {}); ${server}`;
    const app = await spawnApp({
      cwd: process.cwd(),
      command: process.execPath,
      args: ["-e", stubborn],
      env: { PORT: String(port) },
      url: `http://127.0.0.1:${port}`,
    });
    await app.stop();
    await expect(fetch(`${app.url}/x`)).rejects.toThrow();
  });

  it("reports the output of an app that exits before answering", async () => {
    const port = await freePort();
    await expect(
      spawnApp({
        cwd: process.cwd(),
        command: process.execPath,
        args: ["-e", "console.error('bad config'); process.exit(1)"],
        url: `http://127.0.0.1:${port}`,
      }),
    ).rejects.toThrow(/bad config/);
  });

  it("an app that only answers 5xx is not ready: it times out, and the app is stopped", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const failing = `require("node:http").createServer((q, s) => { s.statusCode = 503; s.end(); }).listen(${port}, "127.0.0.1")`;
    await expect(
      spawnApp({
        cwd: process.cwd(),
        command: process.execPath,
        args: ["-e", failing],
        url,
        timeoutMs: 1_500,
      }),
    ).rejects.toThrow(`did not answer at ${url} within 1500 ms`);
    await expect(fetch(url)).rejects.toThrow();
  });
});
