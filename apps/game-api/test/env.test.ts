import { spawnSync } from "node:child_process";

import { describe, expect, it } from "vitest";

import { readEnv } from "../src/env";

describe("game API configuration", () => {
  it("defaults to port 4000 on 127.0.0.1", () => {
    expect(readEnv({ DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/fuda" })).toEqual({
      PORT: 4000,
      HOST: "127.0.0.1",
      DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/fuda",
    });
  });

  it("a bad value stops the server with one line naming the variable", () => {
    const result = spawnSync("pnpm", ["exec", "tsx", "src/main.ts"], {
      env: { ...process.env, PORT: "http", DATABASE_URL: "postgresql://postgres@127.0.0.1:1/x" },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      'invalid configuration: PORT: must be a port number (got "http")',
    ]);
  });
});
