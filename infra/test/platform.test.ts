import { spawnSync } from "node:child_process";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { repoRoot } from "@fuda/env";

/** `pnpm start` as a user runs it, minus pnpm's own wrapper lines. */
function start(env: Record<string, string>) {
  return spawnSync("pnpm", ["exec", "tsx", join("src", "platform.ts"), "start"], {
    cwd: join(repoRoot(), "infra"),
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
}

describe("pnpm start refuses bad configuration in one line", { timeout: 120_000 }, () => {
  it("an unreachable DATABASE_URL exits 1 naming the server and the cause", () => {
    const result = start({ DATABASE_URL: "postgresql://nobody@127.0.0.1:1/x" });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      "fuda: cannot connect to PostgreSQL at 127.0.0.1:1 (ECONNREFUSED)",
    ]);
  });

  it("a bad port exits 1 naming the variable, before touching any database", () => {
    const result = start({ WEB_PORT: "web", DATABASE_URL: "postgresql://nobody@127.0.0.1:1/x" });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([
      'invalid configuration: WEB_PORT: must be a port number (got "web")',
    ]);
    expect(result.stdout).not.toContain("PostgreSQL");
  });
});
