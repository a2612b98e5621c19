import { readdirSync } from "node:fs";
import { join } from "node:path";

import { readLayers, repoRoot } from "./config";

const id = (name: string): string => name.replaceAll("-", "_");

/**
 * The layers as a mermaid flowchart (docs/architecture.md, Layers): an arrow for each workspace
 * import the rules allow a package's src/; the apps, above them all, may import any package
 * their package.json declares as a dependency (no-non-package-json, not-to-dev-dep), and no
 * other app.
 */
export function layersMermaid(root = repoRoot): string {
  const { LAYERS } = readLayers(root);
  const packages = Object.keys(LAYERS).sort();
  const apps = readdirSync(join(root, "apps")).sort();
  return [
    "flowchart TD",
    "  subgraph apps[apps/ — transport and UI]",
    ...apps.map((app) => `    app_${id(app)}["${app}"]`),
    "  end",
    "  subgraph packages[packages/]",
    ...packages.map((name) => `    ${id(name)}["@fuda/${name}"]`),
    "  end",
    '  apps -- "their declared dependencies" --> packages',
    ...packages.flatMap((name) =>
      [...(LAYERS[name] ?? [])].sort().map((to) => `  ${id(name)} --> ${id(to)}`),
    ),
  ].join("\n");
}
