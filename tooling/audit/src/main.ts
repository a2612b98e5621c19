/**
 * `pnpm audit:deps`: fails (exit 1) on a high or critical advisory in the production
 * dependencies that `audit-allowlist.json` does not name with a reason, on an unusable or stale
 * allowlist, and, when `AUDIT_REQUIRED=1`, on an advisory source that does not answer. Asks the
 * npm registry's bulk advisories endpoint directly (what `pnpm audit` asks) with the closure
 * `pnpm list --prod` resolves.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { advisoriesOf, judge, productionClosure, readAllowlist } from "./audit";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const BULK_URL = "https://registry.npmjs.org/-/npm/v1/security/advisories/bulk";

function fail(line: string): never {
  console.error(`audit: ${line}`);
  process.exit(1);
}

const allowlist = readAllowlist(
  JSON.parse(readFileSync(join(ROOT, "audit-allowlist.json"), "utf8")) as unknown,
);
if (allowlist.problems.length > 0) fail(allowlist.problems.join("\n       "));

const listed = execFileSync("pnpm", ["list", "--prod", "-r", "--depth", "Infinity", "--json"], {
  cwd: ROOT,
  maxBuffer: 64 * 1024 * 1024,
  encoding: "utf8",
});
const closure = productionClosure(JSON.parse(listed) as unknown);
const count = Object.values(closure).reduce((sum, versions) => sum + versions.length, 0);

let answer: unknown;
try {
  const response = await fetch(BULK_URL, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(closure),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
  answer = await response.json();
} catch (error) {
  const why = error instanceof Error ? error.message : String(error);
  const line = `the registry's advisories did not answer (${why}): ${count} production package versions NOT checked`;
  if (process.env.AUDIT_REQUIRED === "1") fail(line);
  console.warn(`audit: WARNING: ${line} (AUDIT_REQUIRED=1 makes this fail)`);
  process.exit(0);
}

const verdict = judge(
  advisoriesOf(answer),
  allowlist.entries,
  new Date().toISOString().slice(0, 10),
);
for (const { advisory, entry } of verdict.allowed) {
  console.log(
    `audit: allowed ${advisory.id} (${advisory.severity}) in ${advisory.package}: ${entry.reason}`,
  );
}
const problems = [
  ...verdict.failing.map(
    (a) => `${a.id} (${a.severity}) in ${a.package} ${a.vulnerableVersions}: ${a.title} ${a.url}`,
  ),
  ...verdict.staleEntries.map(
    ({ entry, why }) => `allowlist ${entry.advisory} (${entry.package}): ${why}`,
  ),
];
if (problems.length > 0) fail(problems.join("\n       "));
console.log(`audit: ${count} production package versions, no high or critical advisory`);
