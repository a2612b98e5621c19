import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { mkdir, readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";

import { build } from "esbuild";
import type { BuildOptions, Plugin } from "esbuild";

/**
 * The entry points a Node app may have, each bundled to `dist/<name>.mjs` when `src/<name>.ts`
 * exists: `main` starts the process (telemetry first, then `app`), `app` is the server, `setup`
 * migrates and seeds (the migrations Job's command). `main` is written last: freshBundle
 * compares the others' sources against its time.
 */
const ENTRIES = ["app", "setup", "main"] as const;

/**
 * Left out of the bundle and required at run time from the app's own dependencies: the modules
 * OpenTelemetry instruments by hooking `require` (packages/telemetry/src/tracing.ts), which it
 * cannot do to code inside a bundle.
 */
const INSTRUMENTED = ["pg"];

/**
 * Turns `import pg from "pg"` into a `require("pg")` at run time: an ES import would bypass the
 * require hook that instruments it (and an import hook needs a loader flag on every start).
 */
function requiredAtRunTime(modules: string[]): Plugin {
  const filter = new RegExp(`^(${modules.join("|")})$`);
  return {
    name: "fuda-required-at-run-time",
    setup(builder) {
      builder.onResolve({ filter, namespace: "file" }, ({ path }) => ({
        path,
        namespace: "fuda-required",
      }));
      builder.onLoad({ filter: /.*/, namespace: "fuda-required" }, ({ path }) => ({
        contents: `module.exports = require(${JSON.stringify(path)});`,
        loader: "js",
      }));
    },
  };
}

/**
 * The committed migrations, read at build time into the bundle (packages/db's
 * `committed-migrations.ts` reads the folder when run from source): a production image needs
 * no migrations folder beside its code, and `/readyz` knows which migrations it expects.
 */
function committedMigrations(migrationsDir: string): Plugin {
  return {
    name: "fuda-committed-migrations",
    setup(builder) {
      builder.onLoad(
        { filter: /[\\/]packages[\\/]db[\\/]src[\\/]committed-migrations\.ts$/ },
        async () => {
          const names = (await readdir(migrationsDir, { withFileTypes: true }))
            .filter((entry) => entry.isDirectory())
            .map((entry) => entry.name)
            .sort();
          const migrations = await Promise.all(
            names.map(async (name) => ({
              name,
              sql: await readFile(join(migrationsDir, name, "migration.sql"), "utf8"),
            })),
          );
          return {
            loader: "js",
            contents: `export const migrationSources = async () => ${JSON.stringify(migrations)};`,
            watchFiles: names.map((name) => join(migrationsDir, name, "migration.sql")),
          };
        },
      );
    },
  };
}

/** packages/db's migrations folder, from this file (packages/env/src). */
const MIGRATIONS_DIR = join(import.meta.dirname, "..", "..", "db", "prisma", "migrations");

/** How a Node app is bundled, and a script run as the apps run (`bundleScript`). */
const NODE_BUNDLE = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "error",
  external: INSTRUMENTED,
  plugins: [committedMigrations(MIGRATIONS_DIR), requiredAtRunTime(INSTRUMENTED)],
  // CommonJS modules inside the bundle still call require().
  banner: {
    js: "import { createRequire as __fudaRequire } from 'node:module'; const require = __fudaRequire(import.meta.url);",
  },
} satisfies BuildOptions;

/**
 * A script (a benchmark) bundled as the apps are, beside its source (`<name>.bundle.mjs`, ignored
 * by git), so that its relative files and its package's dependencies resolve as from the source:
 * run with plain node, it measures the code production runs (scripts/run-bundled.ts).
 */
export async function bundleScript(entry: string): Promise<string> {
  const outfile = entry.replace(/\.ts$/, ".bundle.mjs");
  await build({ ...NODE_BUNDLE, entryPoints: [entry], outfile });
  return outfile;
}

/**
 * A Node app's server as ES modules in `dist/` (its `pnpm build`), run with plain `node
 * dist/main.mjs` in production and spawned by the tests, many times over (crash tests restart
 * the game API dozens of times): Node loads the bundle in about a third of the time tsx takes to
 * load and compile the sources (1.0 s against 3.0 s on a 2-core machine).
 *
 * Everything but INSTRUMENTED is bundled, our packages and the registry's alike: under pnpm an
 * app's folder sees only its direct dependencies, so a bare import left in the bundle would not
 * resolve (the app lists INSTRUMENTED among its own dependencies).
 */
export async function bundleApp(appDir: string): Promise<string> {
  const outDir = join(appDir, "dist");
  await mkdir(outDir, { recursive: true });
  const entries = ENTRIES.filter((name) => existsSync(join(appDir, "src", `${name}.ts`)));
  const inputs = new Set<string>();
  for (const name of entries) {
    const outfile = join(outDir, `${name}.mjs`);
    // Written beside, then renamed: two test runs bundling at once never read half a file.
    const temporary = `${outfile}.${process.pid}.tmp`;
    const result = await build({
      ...NODE_BUNDLE,
      entryPoints: [join(appDir, "src", `${name}.ts`)],
      outfile: temporary,
      metafile: true,
    });
    for (const input of Object.keys(result.metafile.inputs)) {
      inputs.add(relative(appDir, join(process.cwd(), input)));
    }
    renameSync(temporary, outfile);
  }
  // The migrations are read by the plugin, not imported: esbuild's inputs leave them out.
  for (const name of await readdir(MIGRATIONS_DIR)) {
    inputs.add(relative(appDir, join(MIGRATIONS_DIR, name, "migration.sql")));
  }
  // Renamed into place too: another process checking the bundle meanwhile reads it whole.
  const inputsFile = join(outDir, "inputs.json");
  writeFileSync(`${inputsFile}.${process.pid}.tmp`, JSON.stringify([...inputs]));
  renameSync(`${inputsFile}.${process.pid}.tmp`, inputsFile);
  return join(outDir, "main.mjs");
}

/**
 * The app's bundle, built again first when it is missing or older than any file it was built
 * from: a test run after an edit (`pnpm --filter … test`) never spawns yesterday's server.
 */
export function freshBundle(appDir: string): Promise<string> {
  // Nodes started together share one check and one build (their temporary files would collide).
  let pending = checking.get(appDir);
  if (pending === undefined) {
    pending = bundleIfStale(appDir).finally(() => checking.delete(appDir));
    checking.set(appDir, pending);
  }
  return pending;
}

const checking = new Map<string, Promise<string>>();

/** The files a bundle was built from, or undefined when the list cannot be read (built again). */
function builtFrom(inputsFile: string): string[] | undefined {
  try {
    return JSON.parse(readFileSync(inputsFile, "utf8")) as string[];
  } catch {
    return undefined;
  }
}

async function bundleIfStale(appDir: string): Promise<string> {
  const outfile = join(appDir, "dist", "main.mjs");
  const inputsFile = join(appDir, "dist", "inputs.json");
  if (existsSync(outfile) && existsSync(inputsFile)) {
    const builtAt = statSync(outfile).mtimeMs;
    const inputs = builtFrom(inputsFile);
    const stale =
      inputs === undefined ||
      inputs.some((input) => {
        const file = join(appDir, input);
        return !existsSync(file) || statSync(file).mtimeMs > builtAt;
      });
    if (!stale) return outfile;
  }
  return bundleApp(appDir);
}
