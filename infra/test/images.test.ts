import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, lstat, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort } from "@fuda/env";
import { createTestDatabase, setup } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";

import { assembleImage, BASE_IMAGE, folderBytes, IMAGES } from "../src/images";
import type { ImageName } from "../src/images";

// Each image's runtime folder assembled as its Dockerfile does (no container runtime here), then
// started the way its CMD does: plain node, no tsx anywhere on PATH, nothing but that folder.

/** Every file under `dir` with its size and time, to see that a run wrote nothing. */
async function snapshot(dir: string, skip: string[] = []): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (skip.includes(relative(dir, path))) continue;
      if (entry.isDirectory()) await walk(path);
      else {
        const info = await lstat(path).catch(() => undefined);
        files.set(relative(dir, path), `${info?.size}:${info?.mtimeMs}`);
      }
    }
  };
  await walk(dir);
  return files;
}

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `image`'s CMD from its folder, with exactly `env` (a production container's environment). */
async function startImage(
  image: ImageName,
  root: string,
  env: Record<string, string>,
): Promise<Started> {
  const recipe = IMAGES[image];
  const port = await freePort();
  const [command, ...args] = recipe.command;
  expect(command).toBe("node");
  const child = spawn(process.execPath, args, {
    cwd: join(root, recipe.workdir),
    env: {
      // Only node itself: no pnpm, no tsx, no node_modules/.bin.
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer): void => {
    output += chunk.toString();
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => {
      resolve();
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${image} exited:\n${output}`);
    const status = await fetch(`${url}/livez`).then(
      (response) => response.status,
      () => undefined,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${image} did not answer /livez:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    url,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const secret = () => randomBytes(24).toString("base64url");

describe("the images' runtime folders", { timeout: 240_000 }, () => {
  let teardown: () => Promise<void>;
  let database: TestDatabase;
  let base: string;
  const folders = new Map<ImageName, string>();

  beforeAll(async () => {
    // This package has no vitest global setup: start the shared test server here.
    teardown = await setup({ provide: () => undefined });
    database = await createTestDatabase();
    base = await mkdtemp(join(tmpdir(), "fuda-images-"));
    // The node user's view: the folders are readable, as the image's root-owned /app is.
    await chmod(base, 0o755);
    for (const image of ["game-api", "results-feed", "web"] as const) {
      const folder = join(base, image);
      await assembleImage(image, folder);
      folders.set(image, folder);
      const megabytes = (await folderBytes(folder)) / 1_000_000;
      console.info(
        `${image} image: ${megabytes.toFixed(1)} MB on ${BASE_IMAGE.name} (≈ ${BASE_IMAGE.megabytes} MB)`,
      );
    }
  }, 600_000);

  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
    await database.drop();
    await teardown();
  }, 60_000);

  it("the game API's holds only dist/ and the packages its bundle imports, and runs from them", async () => {
    const folder = folders.get("game-api")!;
    expect((await readdir(folder)).sort()).toEqual(["dist", "node_modules"]);
    expect(await readdir(join(folder, "dist"))).toEqual(
      expect.arrayContaining(["main.mjs", "app.mjs", "setup.mjs"]),
    );
    // No workspace package, no toolchain: the bundle holds them.
    const modules = await readdir(join(folder, "node_modules"));
    expect(modules).toContain("pg");
    for (const absent of ["@fuda", "tsx", "esbuild", "typescript", "@prisma", "next"]) {
      expect(modules, absent).not.toContain(absent);
    }
    const before = await snapshot(folder);
    const api = await startImage("game-api", folder, {
      DATABASE_URL: database.url,
      BETTER_AUTH_SECRET: secret(),
    });
    try {
      expect((await fetch(`${api.url}/livez`)).status).toBe(200);
    } finally {
      await api.stop();
    }
    // A read-only root filesystem would have refused any write.
    expect(await snapshot(folder)).toEqual(before);
  });

  it("the results feed's runs from its folder and serves Swagger UI's files from it", async () => {
    const folder = folders.get("results-feed")!;
    const before = await snapshot(folder);
    const feed = await startImage("results-feed", folder, { DATABASE_URL: database.url });
    try {
      expect((await fetch(`${feed.url}/docs/swagger-ui.css`)).status).toBe(200);
    } finally {
      await feed.stop();
    }
    expect(await snapshot(folder)).toEqual(before);
  });

  it("the lobby's standalone folder runs alone, with the built assets its pages load", async () => {
    const folder = folders.get("web")!;
    const cache = join("apps", "web", ".next", "cache");
    const before = await snapshot(folder, [cache]);
    const closed = await freePort();
    const web = await startImage("web", folder, {
      GAME_API_URL: `http://127.0.0.1:${closed}/trpc`,
    });
    try {
      const page = await fetch(`${web.url}/sign-in`);
      expect(page.status).toBe(200);
      const scripts = [...(await page.text()).matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, script] of scripts) {
        expect((await fetch(`${web.url}${script}`)).status, script).toBe(200);
      }
      const ready = await fetch(`${web.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ checks: { next: "ok" } });
    } finally {
      await web.stop();
    }
    // Next may write its cache (a writable mount in the image), nothing else.
    expect(await snapshot(folder, [cache])).toEqual(before);
  });
});
