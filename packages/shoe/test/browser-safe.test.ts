import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

describe("browser-safe package", () => {
  it("no source file imports a Node built-in, so verification runs in a browser as is", () => {
    const dir = join(import.meta.dirname, "../src");
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), "utf8");
      expect({ file, nodeImport: /from\s+["']node:/.test(text) }).toEqual({
        file,
        nodeImport: false,
      });
    }
  });
});
