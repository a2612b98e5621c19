import { readFile } from "node:fs/promises";

import { describe, expect, it } from "vitest";

import { renderSchema, schemaPath } from "../scripts/render";

describe("the generated types", () => {
  it("are what openapi-typescript makes of the committed document today (else regenerate: see the file's header)", async () => {
    const committed = await readFile(schemaPath, "utf8");
    const fresh = await renderSchema();
    expect(fresh.length).toBeGreaterThan(1000);
    expect(committed, "src/generated/schema.ts is stale: pnpm generate:client").toBe(fresh);
  });
});
