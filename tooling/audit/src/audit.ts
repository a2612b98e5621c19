/**
 * The supply-chain gate (docs/security.md, Dependencies): the production dependencies' versions
 * against the npm registry's advisories (the GitHub Advisory Database), high and critical ones
 * failing unless `audit-allowlist.json` names them with a reason. Pure functions here; main.ts
 * asks pnpm and the registry.
 */

export type Severity = "info" | "low" | "moderate" | "high" | "critical";

const RANK: Record<Severity, number> = { info: 0, low: 1, moderate: 2, high: 3, critical: 4 };

/** One advisory on one package, as the registry's bulk endpoint answers it. */
export interface Advisory {
  /** `GHSA-xxxx-xxxx-xxxx`, read from the advisory's URL. */
  id: string;
  package: string;
  severity: Severity;
  title: string;
  url: string;
  vulnerableVersions: string;
}

/** An advisory let through: which, on what, why, and until when. */
export interface AllowlistEntry {
  advisory: string;
  package: string;
  /** Why it does not apply to Fuda, or why it cannot be fixed yet. Required. */
  reason: string;
  /** `YYYY-MM-DD`: from this day the advisory fails the gate again. */
  expires?: string;
}

const GHSA = /^GHSA-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/;

/** The allowlist file's entries, or the problems that make it unusable (the gate fails on any). */
export function readAllowlist(raw: unknown): { entries: AllowlistEntry[]; problems: string[] } {
  const list = (raw as { entries?: unknown } | null)?.entries;
  if (!Array.isArray(list)) return { entries: [], problems: ["allowlist: needs an entries array"] };
  const entries: AllowlistEntry[] = [];
  const problems: string[] = [];
  list.forEach((item: unknown, index) => {
    const entry = item as Partial<Record<keyof AllowlistEntry, unknown>>;
    const where = `allowlist.entries.${index}`;
    if (typeof entry.advisory !== "string" || !GHSA.test(entry.advisory)) {
      problems.push(`${where}.advisory: a GHSA id, e.g. GHSA-abcd-1234-wxyz`);
    } else if (typeof entry.package !== "string" || entry.package === "") {
      problems.push(`${where}.package: the package's name`);
    } else if (typeof entry.reason !== "string" || entry.reason.trim().length < 10) {
      problems.push(`${where}.reason: say why (at least 10 characters)`);
    } else if (
      entry.expires !== undefined &&
      (typeof entry.expires !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(entry.expires))
    ) {
      problems.push(`${where}.expires: a date, YYYY-MM-DD`);
    } else {
      entries.push(entry as AllowlistEntry);
    }
  });
  return { entries, problems };
}

/** The registry's bulk answer (`{ name: [advisory…] }`) as advisories. */
export function advisoriesOf(answer: unknown): Advisory[] {
  const advisories: Advisory[] = [];
  for (const [name, found] of Object.entries((answer ?? {}) as Record<string, unknown>)) {
    if (!Array.isArray(found)) continue;
    for (const item of found as Record<string, unknown>[]) {
      const text = (value: unknown): string => (typeof value === "string" ? value : "");
      const url = text(item.url);
      advisories.push({
        id: /GHSA-[0-9a-z-]{14}/i.exec(url)?.[0] ?? `advisory ${text(item.title)}`,
        package: name,
        severity: (item.severity as Severity | undefined) ?? "info",
        title: text(item.title),
        url,
        vulnerableVersions: text(item.vulnerable_versions),
      });
    }
  }
  return advisories;
}

export interface Verdict {
  /** High or critical, not allowed: the gate fails. */
  failing: Advisory[];
  /** High or critical, allowed by a live entry: printed every run. */
  allowed: { advisory: Advisory; entry: AllowlistEntry }[];
  /** Entries past their date or matching no advisory: the gate fails, so the list stays true. */
  staleEntries: { entry: AllowlistEntry; why: string }[];
}

/** What the gate decides about `advisories` under `entries` on `today` (`YYYY-MM-DD`). */
export function judge(advisories: Advisory[], entries: AllowlistEntry[], today: string): Verdict {
  const serious = advisories.filter((advisory) => RANK[advisory.severity] >= RANK.high);
  const live = entries.filter((entry) => entry.expires === undefined || entry.expires > today);
  const verdict: Verdict = { failing: [], allowed: [], staleEntries: [] };
  for (const advisory of serious) {
    const entry = live.find((e) => e.advisory === advisory.id && e.package === advisory.package);
    if (entry === undefined) verdict.failing.push(advisory);
    else verdict.allowed.push({ advisory, entry });
  }
  for (const entry of entries) {
    if (!live.includes(entry)) {
      verdict.staleEntries.push({ entry, why: `expired on ${entry.expires ?? "?"}` });
    } else if (!advisories.some((a) => a.id === entry.advisory && a.package === entry.package)) {
      verdict.staleEntries.push({ entry, why: "matches no advisory any more: remove it" });
    }
  }
  return verdict;
}

/**
 * The production closure from `pnpm list --prod -r --depth Infinity --json`: every package and
 * the versions installed, our own workspace packages left out.
 */
export function productionClosure(listed: unknown): Record<string, string[]> {
  const versions = new Map<string, Set<string>>();
  const walk = (dependencies: unknown): void => {
    for (const [name, info] of Object.entries((dependencies ?? {}) as Record<string, unknown>)) {
      const { version = "", dependencies: below } = info as {
        version?: string;
        dependencies?: unknown;
      };
      if (!/^(link|file|workspace):/.test(version)) {
        const known = versions.get(name) ?? new Set<string>();
        known.add(version);
        versions.set(name, known);
      }
      walk(below);
    }
  };
  for (const project of (Array.isArray(listed) ? listed : []) as { dependencies?: unknown }[]) {
    walk(project.dependencies);
  }
  return Object.fromEntries([...versions].map(([name, set]) => [name, [...set].sort()]));
}
