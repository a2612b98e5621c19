import { describe, expect, it } from "vitest";

import { advisoriesOf, judge, productionClosure, readAllowlist } from "../src/audit";

/** The registry's bulk answer's shape, with made-up advisories. */
const answer = {
  next: [
    {
      id: 1_101_000,
      url: "https://github.com/advisories/GHSA-aaaa-1111-crit",
      title: "An illustrative critical advisory",
      severity: "critical",
      vulnerable_versions: ">=16.0.0 <16.0.7",
    },
  ],
  cookie: [
    {
      id: 1_099_000,
      url: "https://github.com/advisories/GHSA-bbbb-2222-lowx",
      title: "An illustrative low advisory",
      severity: "low",
      vulnerable_versions: "<0.7.0",
    },
  ],
  "path-to-regexp": [
    {
      id: 1_100_000,
      url: "https://github.com/advisories/GHSA-cccc-3333-high",
      title: "An illustrative high advisory",
      severity: "high",
      vulnerable_versions: "<0.1.12",
    },
  ],
};

describe("the supply-chain gate", () => {
  it("fails on high and critical advisories, not on low ones", () => {
    const verdict = judge(advisoriesOf(answer), [], "2026-12-04");
    expect(verdict.failing.map((a) => [a.id, a.package, a.severity])).toEqual([
      ["GHSA-aaaa-1111-crit", "next", "critical"],
      ["GHSA-cccc-3333-high", "path-to-regexp", "high"],
    ]);
  });

  it("lets an allowlisted advisory through while its entry lives, and fails once it expires", () => {
    const entry = {
      advisory: "GHSA-cccc-3333-high",
      package: "path-to-regexp",
      reason: "only matches routes we write ourselves, never a caller's input",
      expires: "2027-01-31",
    };
    const before = judge(advisoriesOf(answer), [entry], "2026-12-04");
    expect(before.failing.map((a) => a.package)).toEqual(["next"]);
    expect(before.allowed.map(({ advisory }) => advisory.package)).toEqual(["path-to-regexp"]);
    const after = judge(advisoriesOf(answer), [entry], "2027-01-31");
    expect(after.failing.map((a) => a.package)).toEqual(["next", "path-to-regexp"]);
    expect(after.staleEntries.map(({ why }) => why)).toEqual(["expired on 2027-01-31"]);
  });

  it("an entry for another package, or matching nothing, does not let the advisory through", () => {
    const elsewhere = {
      advisory: "GHSA-aaaa-1111-crit",
      package: "react",
      reason: "named on the wrong package on purpose",
    };
    const verdict = judge(advisoriesOf(answer), [elsewhere], "2026-12-04");
    expect(verdict.failing.map((a) => a.package)).toContain("next");
    expect(verdict.staleEntries).toEqual([
      { entry: elsewhere, why: "matches no advisory any more: remove it" },
    ]);
  });

  it("refuses an allowlist entry without a reason or with a bad id", () => {
    const { entries, problems } = readAllowlist({
      entries: [
        { advisory: "GHSA-aaaa-1111-crit", package: "next", reason: "" },
        { advisory: "CVE-2025-55182", package: "next", reason: "not a GHSA id, refused" },
        { advisory: "GHSA-aaaa-1111-crit", package: "next", reason: "a good reason here" },
      ],
    });
    expect(problems).toEqual([
      "allowlist.entries.0.reason: say why (at least 10 characters)",
      "allowlist.entries.1.advisory: a GHSA id, e.g. GHSA-abcd-1234-wxyz",
    ]);
    expect(entries).toHaveLength(1);
    expect(readAllowlist({}).problems).toEqual(["allowlist: needs an entries array"]);
  });

  it("reads the production closure from pnpm list, without our own packages", () => {
    const closure = productionClosure([
      {
        name: "@fuda/api",
        dependencies: {
          "@fuda/db": { version: "link:../db", dependencies: { pg: { version: "8.23.1" } } },
          zod: { version: "4.6.7" },
          pg: { version: "8.23.1", dependencies: { "pg-types": { version: "2.2.0" } } },
        },
      },
      { name: "@fuda/web", dependencies: { zod: { version: "3.25.0" } } },
    ]);
    expect(closure).toEqual({ pg: ["8.23.1"], "pg-types": ["2.2.0"], zod: ["3.25.0", "4.6.7"] });
  });
});
