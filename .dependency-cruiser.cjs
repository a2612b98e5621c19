/**
 * The layers of the monorepo and the rule that keeps them (docs/architecture.md, Layers and the
 * rule that keeps them). `pnpm lint:layers` runs it (tooling/layers: dependency-cruiser's API,
 * one cruise per app so each app's `~/` alias resolves through its own tsconfig).
 *
 * Workspace packages are resolved through the importing package's own node_modules
 * (`preserveSymlinks`), so an import of `@fuda/db` reads as `<package>/node_modules/@fuda/db/…`
 * and is checked against that package's package.json like any npm package.
 */

/**
 * What each package's run-time code (`src/`) may import from the workspace. Everything not
 * listed is forbidden; the diagram in docs/architecture.md is drawn from this table
 * (`pnpm --filter @fuda/layers graph`).
 */
const LAYERS = {
  // Pure: cards, shuffles and commitments; the CSPRNG is Web Crypto (`globalThis.crypto`).
  shoe: [],
  // Pure: the games' rules over a shoe passed in.
  rules: ["shoe"],
  // Browser-safe: zod schemas and the rules' types (type-only: contracts-rules-types-only).
  contracts: ["rules"],
  errors: ["contracts"],
  // Callers' paces: token buckets in memory or on Redis (shared by every node).
  limits: [],
  env: [],
  // Logs, metrics, traces and health routes: pino, prom-client, OpenTelemetry.
  telemetry: [],
  // The partners' HTTP client, generated from the feed's OpenAPI document.
  "feed-client": [],
  // Persistence knows tables and rows, not games: the seed's limits are checked against the
  // rule book by its test (packages/db/test/seed.test.ts).
  db: ["env"],
  ledger: ["contracts", "db", "errors"],
  live: ["contracts", "db", "errors", "ledger", "limits", "rules", "shoe", "telemetry"],
  auth: ["contracts", "db", "errors"],
  api: ["auth", "contracts", "db", "errors", "ledger", "live", "rules", "shoe", "telemetry"],
  // Browser components: the names and views of the contracts, never the server's routers.
  ui: ["contracts", "rules"],
  cli: ["contracts", "rules", "shoe"],
  // Test support: imported by tests and benches only (a devDependency everywhere).
  testkit: ["env"],
};

/**
 * What tests, benches, scripts and config files may import besides their package's `LAYERS`
 * entry: the test kit, the shared presets, and a package's own extra witnesses.
 */
const DEV_SHARED = ["testkit", "eslint-config", "vitest-config", "tsconfig", "prettier-config"];
const DEV_EXTRA = {
  // The seed's test checks the demo tables' variants and limits against the rule book.
  db: ["rules"],
};

const APPS = ["admin", "game-api", "results-feed", "web"];

const any = (names) => `(${names.join("|")})`;
const workspace = "(^|/)node_modules/@fuda/";

/** One rule per package: its files import only the workspace packages its layer allows. */
function layerRules() {
  return Object.entries(LAYERS).flatMap(([name, allowed]) => {
    const dev = [...allowed, ...DEV_SHARED, ...(DEV_EXTRA[name] ?? [])];
    const only = (list) => (list.length === 0 ? "nothing from the workspace" : list.join(", "));
    return [
      {
        name: `layer-${name}`,
        severity: "error",
        comment: `packages/${name}/src may import only ${only(allowed)} (docs/architecture.md, Layers).`,
        from: { path: `^packages/${name}/src/` },
        to: {
          path: workspace,
          ...(allowed.length > 0 && { pathNot: `${workspace}${any(allowed)}/` }),
        },
      },
      {
        name: `layer-${name}-dev`,
        severity: "error",
        comment:
          `packages/${name}'s tests, benches and scripts may import ${only(dev)}: a package ` +
          "above it would make a cycle through its tests (docs/architecture.md, Layers).",
        from: { path: `^packages/${name}/`, pathNot: `^packages/${name}/src/` },
        to: { path: workspace, pathNot: `${workspace}${any(dev)}/` },
      },
    ];
  });
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-package-imports-app",
      severity: "error",
      comment:
        "Apps depend on packages, never the reverse, in src, tests, benches and scripts alike: " +
        "each app deploys alone and a package must build and test without any of them " +
        "(a bench that needs an app's server lives in that app's bench/).",
      from: { path: "^packages/" },
      to: {
        path: ["^apps/", "^infra/", `(^|/node_modules/)@fuda/${any([...APPS, "infra"])}(/|$)`],
      },
    },
    {
      name: "no-app-imports-app",
      severity: "error",
      comment:
        "Apps talk to each other over HTTP, not by import: each deploys alone (see infra/). " +
        "What two apps share belongs in a package.",
      from: { path: "^apps/([^/]+)/" },
      to: {
        path: ["^apps/", `(^|/node_modules/)@fuda/${any(APPS)}(/|$)`],
        pathNot: "^apps/$1/",
      },
    },
    {
      name: "no-relative-import-across-packages",
      severity: "error",
      comment:
        "A workspace package is imported by its name (`@fuda/db`), so its package.json " +
        "declares it and the layer rules see it; `../../db/src/…` bypasses both.",
      from: { path: "^(packages|apps|tooling|infra)/([^/]+)/" },
      to: {
        path: "^(packages|apps|tooling)/[^/]+/",
        pathNot: ["^$1/$2/", "/node_modules/"],
      },
    },
    {
      name: "pure-rules-and-shoe",
      severity: "error",
      comment:
        "The rules and the shoe do no I/O: same shoe and same bets give the same result, " +
        "in the server and in the browser (docs/architecture.md, Boundaries). No node: module " +
        "(the shoe's CSPRNG is Web Crypto, globalThis.crypto) and no package but zod.",
      from: { path: "^packages/(rules|shoe)/src/" },
      to: {
        dependencyTypesNot: ["local"],
        pathNot: `(^|/)node_modules/(zod|@fuda/shoe)/`,
      },
    },
    {
      name: "contracts-browser-safe",
      severity: "error",
      comment:
        "@fuda/contracts is bundled into the web and admin pages: zod and the rules' types " +
        "only, no node: module and no server package.",
      from: { path: "^packages/contracts/src/" },
      to: {
        dependencyTypesNot: ["local"],
        pathNot: `(^|/)node_modules/(zod|@fuda/rules)/`,
      },
    },
    {
      name: "contracts-rules-types-only",
      severity: "error",
      comment:
        "@fuda/contracts takes the rules' types, not their code: the browser bundle stays " +
        'schemas only (import type { … } from "@fuda/rules").',
      from: { path: "^packages/contracts/src/" },
      to: { path: `${workspace}rules/`, dependencyTypesNot: ["type-only"] },
    },
    ...layerRules(),
    {
      name: "no-non-package-json",
      severity: "error",
      comment:
        "Every import names a package its own package.json declares: pnpm links only declared " +
        "packages, so an undeclared one works here by accident and fails in a deployed app.",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that resolves to no file: a typo, a moved file or an undeclared package.",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "not-to-dev-dep",
      severity: "error",
      comment:
        "Run-time code (src/) imports only `dependencies`: a devDependency is not installed " +
        "with a deployed app. Type-only imports vanish when compiled, so they may use one.",
      from: { path: ["^(packages|apps)/[^/]+/src/", "^infra/src/"] },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "no-duplicate-dep-types",
      severity: "error",
      comment:
        "A package is either a dependency or a devDependency, not both (a peer dependency is " +
        "also a devDependency, so that the package's own tests have it).",
      from: {},
      to: { moreThanOneDependencyType: true, dependencyTypesNot: ["type-only", "npm-peer"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(\\.next|\\.turbo|dist|coverage|test-results|generated)/" },
    // Type-only imports count (layers), and are marked so that not-to-dev-dep can allow them.
    tsPreCompilationDeps: true,
    preserveSymlinks: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
  },
};

// The table the rules come from, for the diagram (tooling/layers); not enumerable, as
// dependency-cruiser's schema takes no extra keys.
for (const [key, value] of Object.entries({ LAYERS, DEV_SHARED, DEV_EXTRA })) {
  Object.defineProperty(module.exports, key, { value, enumerable: false });
}
