import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { describe, expect, it } from "vitest";

import { documentPath } from "../scripts/render";

const run = promisify(execFile);

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; severity: string; message: string }[];
}

describe("the feed's OpenAPI document", () => {
  it("passes `redocly lint` with the recommended rules: no errors, no warnings", async () => {
    // The script `lint:openapi` runs the same command, for people.
    const bin = fileURLToPath(new URL("../node_modules/.bin/redocly", import.meta.url));
    const { stdout } = await run(
      bin,
      ["lint", documentPath, "--extends=recommended", "--format=json"],
      { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } },
    ).catch((error: unknown) => {
      // redocly exits 1 when it finds errors; its report is still on stdout.
      const stdout = (error as { stdout?: string }).stdout;
      if (stdout) return { stdout };
      throw error;
    });
    const report = JSON.parse(stdout) as LintReport;
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 60_000);
});
