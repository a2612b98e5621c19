/**
 * What each production image holds (infra/docker/<app>.Dockerfile): the commands its build
 * stage runs to build the app and assemble the runtime folder its runtime stage copies to /app.
 * `pnpm --filter @fuda/infra image-contents` runs them without a container runtime, and
 * infra/test/compose.test.ts checks each Dockerfile runs the same strings.
 */
import { execFile } from "node:child_process";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

import { repoRoot } from "@fuda/env";

export type ImageName = "game-api" | "results-feed" | "web" | "admin";

export interface ImageRecipe {
  /** Builds the app in the repository (the Dockerfile's build stage, after the install). */
  build: string;
  /** Copies what runs into RUNTIME, the folder the runtime stage copies to /app. */
  assemble: string[];
  /** What starts it, from /app (the Dockerfile's WORKDIR and CMD). */
  workdir: string;
  command: string[];
  port: number;
}

/** Stands for the image's runtime folder in `assemble`. */
export const RUNTIME = "/runtime";

const nodeApp = (app: string, port: number): ImageRecipe => ({
  build: `pnpm exec turbo run build --filter=@fuda/${app}`,
  assemble: [`pnpm exec tsx packages/env/scripts/runtime-tree.ts apps/${app} ${RUNTIME}`],
  workdir: ".",
  command: ["node", "dist/main.mjs"],
  port,
});

const nextApp = (app: string, port: number): ImageRecipe => ({
  build: `pnpm exec turbo run build --filter=@fuda/${app}`,
  // The standalone tree: the server, Next's traced node_modules and the built assets.
  assemble: [`mkdir -p ${RUNTIME}`, `cp -a apps/${app}/.next/standalone/. ${RUNTIME}/`],
  workdir: `apps/${app}`,
  command: ["node", "server.mjs"],
  port,
});

export const IMAGES: Record<ImageName, ImageRecipe> = {
  "game-api": nodeApp("game-api", 4000),
  "results-feed": nodeApp("results-feed", 4100),
  web: nextApp("web", 3000),
  admin: nextApp("admin", 3001),
};

/** The base image every runtime stage starts from, and its size unpacked (Docker Hub, amd64). */
export const BASE_IMAGE = { name: "node:24-slim", megabytes: 230 };

const sh = promisify(execFile);

/** Builds `image`'s app and assembles its runtime folder into `outDir`. */
export async function assembleImage(image: ImageName, outDir: string): Promise<void> {
  const recipe = IMAGES[image];
  const root = repoRoot();
  for (const step of [recipe.build, ...recipe.assemble]) {
    // The folder as a word of its own: runtime-tree.ts holds "/runtime" too.
    const command = step.replace(/(^|\s)\/runtime(?=\/|\s|$)/g, `$1${outDir}`);
    await sh("sh", ["-c", command], {
      cwd: root,
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", NEXT_TELEMETRY_DISABLED: "1" },
      maxBuffer: 64 * 1024 * 1024,
    });
  }
}

/** Bytes of every file under `dir`, symbolic links counted as links (as an image layer). */
export async function folderBytes(dir: string): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    bytes += entry.isDirectory() ? await folderBytes(path) : (await lstat(path)).size;
  }
  return bytes;
}
