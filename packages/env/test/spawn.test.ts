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
});
