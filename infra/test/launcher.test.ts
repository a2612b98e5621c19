import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort, repoRoot } from "@fuda/env";

interface Launcher {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** `pnpm start` on free ports and a throwaway embedded PostgreSQL, as a user runs it. */
async function startPlatform(env: Record<string, string>): Promise<Launcher> {
  // Node with tsx's loader, as `pnpm start` runs it: the tsx CLI would stand between the signal
  // and the launcher, and under load it SIGKILLs a child that has not reported a relayed signal
  // within 30 ms (the launcher then dies mid-stop, leaving its database running).
  const child = spawn(process.execPath, ["--import", "tsx", "src/platform.ts", "start"], {
    cwd: join(repoRoot(), "infra"),
    // At info, as a developer runs it (the test runner's own level is warn: tooling/vitest).
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.once("error", (error) => (stderr += error.message));
    child.once("close", resolve);
  });
  const running = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => {
      if (stdout.includes("Press Ctrl-C to stop.")) resolve();
    });
    void exited.then((code) => {
      reject(new Error(`pnpm start exited (${code}) before running:\n${stdout}\n${stderr}`));
    });
  });
  await running;
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** The launcher's exit code, or "still running" after `ms`. */
function exitWithin(launcher: Launcher, ms: number): Promise<number | null | "still running"> {
  return Promise.race([
    launcher.exited,
    new Promise<"still running">((resolve) => {
      setTimeout(() => {
        resolve("still running");
      }, ms);
    }),
  ]);
}

async function answers(url: string): Promise<number | string> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(10_000) })).status;
  } catch (error) {
    return (error as Error).name;
  }
}

async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const file = await readFile(join(dataDir, "postmaster.pid"), "utf8").catch(() => undefined);
  return file === undefined ? undefined : Number(file.split("\n")[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("pnpm start on the embedded PostgreSQL", { timeout: 300_000 }, () => {
  let base: string;
  let dataDir: string;
  const ports: Record<string, number> = {};
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), "fuda-launcher-"));
    // As root the server runs as `postgres`, which must be able to enter it.
    await chmod(base, 0o755);
    dataDir = join(base, "postgres");
    for (const name of ["WEB_PORT", "ADMIN_PORT", "GAME_API_PORT", "RESULTS_FEED_PORT"]) {
      ports[name] = await freePort();
    }
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });
  const env = () => ({
    EMBEDDED_POSTGRES_DIR: dataDir,
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
  });
  const urls = () => [
    `http://127.0.0.1:${ports.GAME_API_PORT}/readyz`,
    `http://127.0.0.1:${ports.WEB_PORT}/readyz`,
    `http://127.0.0.1:${ports.ADMIN_PORT}/readyz`,
    `http://127.0.0.1:${ports.RESULTS_FEED_PORT}/readyz`,
    `http://127.0.0.1:${ports.WEB_PORT}/`,
  ];

  it("starts the four apps, which answer, and SIGTERM stops them all and the database", async () => {
    const launcher = await startPlatform({ ...env(), METRICS_TOKEN: "" });
    const pid = await postmasterPid(dataDir);
    expect(pid).toBeDefined();
    expect(await Promise.all(urls().map(answers))).toEqual([200, 200, 200, 200, 200]);
    // The apps' lines are readable, as the launcher's own: no JSON objects in the terminal.
    expect(launcher.stdout()).toMatch(/^game-api {5}\| \[[\d:.]+\] INFO: /m);
    expect(launcher.stdout()).not.toMatch(/^\S+ +\| \{"level"/m);
    // The banner says how to scrape the metrics, with the token the launcher made for the run.
    const scrape = new RegExp(
      `curl -H "authorization: Bearer ([\\w-]{16,})" http://127\\.0\\.0\\.1:${ports.GAME_API_PORT}/metrics`,
    ).exec(launcher.stdout());
    expect(scrape).not.toBeNull();
    const metrics = `http://127.0.0.1:${ports.GAME_API_PORT}/metrics`;
    const scraped = await fetch(metrics, { headers: { authorization: `Bearer ${scrape![1]}` } });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain("fuda_http_request_duration_seconds");
    expect((await fetch(metrics)).status).not.toBe(200);

    launcher.child.kill("SIGTERM");
    expect(await exitWithin(launcher, 30_000)).toBe(0);
    expect(await Promise.all(urls().map(answers))).toEqual(urls().map(() => "TypeError"));
    expect(alive(pid!)).toBe(false);
    expect(launcher.stderr()).toBe("");
  });

  it("stops the platform with one line when its embedded PostgreSQL dies", async () => {
    const launcher = await startPlatform(env());
    const pid = await postmasterPid(dataDir);
    process.kill(pid!, "SIGKILL");
    const code = await exitWithin(launcher, 30_000);
    if (code === "still running") launcher.child.kill("SIGTERM");
    expect(code).toBe(1);
    expect(launcher.stderr().trim().split("\n")).toEqual([
      "fuda: the embedded PostgreSQL exited on signal SIGKILL; stopping the platform",
    ]);
    expect(await Promise.all(urls().map(answers))).toEqual(urls().map(() => "TypeError"));
  });
});
