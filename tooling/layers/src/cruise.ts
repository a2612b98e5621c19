import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { cruise, format } from "dependency-cruiser";
import type { ICruiseOptions, ICruiseResult, IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

import { CONFIG_FILE, repoRoot } from "./config";

/** The folders whose code the layers govern (their node_modules, builds and generated code aside). */
const SHARED_FOLDERS = ["packages", "tooling", "infra"];

export interface LayersReport {
  violations: IViolation[];
  /** dependency-cruiser's `err` report of every cruise, empty when there is no violation. */
  text: string;
}

/**
 * Cruises the repository at `root` with its `.dependency-cruiser.cjs`: the packages, tooling
 * and infra in one cruise, then each app in its own, with that app's tsconfig, because the Next
 * apps' `~/` alias points into each app's own src/.
 */
export async function cruiseLayers(root = repoRoot): Promise<LayersReport> {
  const options: ICruiseOptions = {
    ...(await extractDepcruiseOptions(join(root, CONFIG_FILE))),
    baseDir: root,
  };
  const shared = SHARED_FOLDERS.filter((folder) => existsSync(join(root, folder)));
  const apps = existsSync(join(root, "apps"))
    ? readdirSync(join(root, "apps")).map((app) => `apps/${app}`)
    : [];
  const results: ICruiseResult[] = [];
  if (shared.length > 0) results.push(await cruiseOnce(shared, options));
  for (const app of apps) {
    const tsConfig = join(root, app, "tsconfig.json");
    results.push(
      await cruiseOnce(
        [app],
        existsSync(tsConfig) ? { ...options, tsConfig: { fileName: tsConfig } } : options,
      ),
    );
  }
  const violations = results.flatMap((result) => result.summary.violations);
  const texts = await Promise.all(
    results
      .filter((result) => result.summary.violations.length > 0)
      .map((result) => report(result)),
  );
  return { violations, text: texts.join("\n") };
}

/** dependency-cruiser's `err` report: one line per violation, naming its rule. */
async function report(result: ICruiseResult): Promise<string> {
  const { output } = await format(result, { outputType: "err" });
  if (typeof output !== "string") throw new Error("dependency-cruiser: expected a text report");
  return output;
}

async function cruiseOnce(paths: string[], options: ICruiseOptions): Promise<ICruiseResult> {
  const fileName = options.tsConfig?.fileName;
  const reported = await cruise(
    paths,
    options,
    {},
    fileName === undefined ? {} : { tsConfig: extractTSConfig(fileName) },
  );
  if (typeof reported.output === "string") throw new Error("dependency-cruiser: expected a result");
  return reported.output;
}
