import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { CONFIG_FILE, cruiseLayers, layersMermaid, readLayers, repoRoot } from "../src/index";

/** A repository of a few files under the real `.dependency-cruiser.cjs`. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "fuda-layers-"));
  copyFileSync(join(repoRoot, CONFIG_FILE), join(root, CONFIG_FILE));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const broken = fixture({
  "apps/game-api/package.json": JSON.stringify({ name: "@fuda/game-api" }),
  "apps/game-api/src/server.ts": "export const createGameApiServer = () => 1;\n",
  "packages/live/package.json": JSON.stringify({ name: "@fuda/live" }),
  "packages/live/test/by-path.test.ts":
    'import { createGameApiServer } from "../../../apps/game-api/src/server";\n' +
    "export const server = createGameApiServer;\n",
  "packages/live/bench/by-name.ts":
    'import { createGameApiServer } from "@fuda/game-api";\n' +
    "export const server = createGameApiServer;\n",
  "packages/rules/package.json": JSON.stringify({ name: "@fuda/rules" }),
  "packages/rules/src/io.ts":
    'import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n',
});

afterAll(() => {
  rmSync(broken, { recursive: true, force: true });
});

describe("the layers rule (.dependency-cruiser.cjs)", () => {
  it("fails on a package's test or bench importing an app, by path or by name, and on rules doing I/O", async () => {
    const { violations, text } = await cruiseLayers(broken);
    const found = violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`);
    expect(found).toEqual(
      expect.arrayContaining([
        "no-package-imports-app: packages/live/test/by-path.test.ts → apps/game-api/src/server.ts",
        "no-package-imports-app: packages/live/bench/by-name.ts → @fuda/game-api",
        "pure-rules-and-shoe: packages/rules/src/io.ts → fs",
      ]),
    );
    expect(text).toContain("error no-package-imports-app");
  });

  it("passes on the repository as it is", async () => {
    const { violations, text } = await cruiseLayers();
    expect(text).toBe("");
    expect(violations).toEqual([]);
  });

  it("gives every package a layer, so none escapes the rules", () => {
    const packages = readdirSync(join(repoRoot, "packages")).sort();
    expect(Object.keys(readLayers().LAYERS).sort()).toEqual(packages);
  });

  it("draws docs/architecture.md's layers diagram from the rules' table", () => {
    const architecture = readFileSync(join(repoRoot, "docs/architecture.md"), "utf8");
    expect(architecture).toContain("```mermaid\n" + layersMermaid() + "\n```");
  });
});
