import { cp, readFile, rename, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";

import { build } from "esbuild";

/**
 * The folder of the app's production server in `next build`'s standalone tree
 * (`.next/standalone/apps/<app>`: Next lays the tree out from the workspace root it traces from).
 */
export async function standaloneDir(appDir: string): Promise<string> {
  const manifest = JSON.parse(
    await readFile(join(appDir, ".next", "required-server-files.json"), "utf8"),
  ) as { relativeAppDir: string };
  return join(appDir, ".next", "standalone", manifest.relativeAppDir);
}

/**
 * Completes a Next app's standalone build (its `pnpm build`, after `next build`) into a folder
 * that runs alone with `node server.mjs`: bundles the app's `scripts/server.ts` there, with
 * `next` left to the standalone tree's node_modules (where Next's own server.js finds it), and
 * copies in the built assets Next leaves out for a CDN to serve, `.next/static` and `public/`
 * (https://nextjs.org/docs/app/api-reference/config/next-config-js/output).
 */
export async function bundleNextServer(appDir: string): Promise<string> {
  const dir = await standaloneDir(appDir);
  const outfile = join(dir, "server.mjs");
  // Written beside, then renamed: a test starting the server never reads half a file.
  const temporary = `${outfile}.${process.pid}.tmp`;
  await build({
    entryPoints: [join(appDir, "scripts", "server.ts")],
    outfile: temporary,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "error",
    external: ["next", "react", "react-dom"],
    // CommonJS modules inside the bundle still call require().
    banner: {
      js: "import { createRequire as __fudaRequire } from 'node:module'; const require = __fudaRequire(import.meta.url);",
    },
  });
  await rename(temporary, outfile);
  // Next's own server.js is left out: server.mjs is the one way to start the app.
  await rm(join(dir, "server.js"), { force: true });
  await rm(join(dir, ".next", "static"), { recursive: true, force: true });
  await cp(join(appDir, ".next", "static"), join(dir, ".next", "static"), { recursive: true });
  if (existsSync(join(appDir, "public"))) {
    await rm(join(dir, "public"), { recursive: true, force: true });
    await cp(join(appDir, "public"), join(dir, "public"), { recursive: true });
  }
  return outfile;
}
