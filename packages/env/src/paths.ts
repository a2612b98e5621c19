import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The monorepo root: the nearest folder up from this package holding pnpm-workspace.yaml. */
export function repoRoot(): string {
  const from = dirname(fileURLToPath(import.meta.url));
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "pnpm-workspace.yaml"))) return dir;
    if (dirname(dir) === dir) {
      throw new Error(`no pnpm-workspace.yaml above ${from}: cannot find the repository root`);
    }
  }
}
