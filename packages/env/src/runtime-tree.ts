import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, realpath } from "node:fs/promises";
import { dirname, join } from "node:path";

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const readManifest = async (dir: string): Promise<Manifest> =>
  JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as Manifest;

/** The folder `name` resolves to from `from`, as Node finds it (node_modules, upwards). */
async function packageDir(name: string, from: string): Promise<string | undefined> {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return realpath(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The app's registry dependencies its bundle still imports at run time: `pg`, left out so that
 * OpenTelemetry can instrument it as it loads (packages/env/src/bundle.ts), and packages whose
 * files are read at run time (the feed's Swagger UI). Found in the bundle's own import,
 * require and resolve calls, so a new one cannot be forgotten.
 */
export async function runtimeImports(appDir: string): Promise<string[]> {
  const manifest = await readManifest(appDir);
  const registry = Object.entries(manifest.dependencies ?? {})
    .filter(([, version]) => !version.startsWith("workspace:"))
    .map(([name]) => name);
  const dist = join(appDir, "dist");
  const files = (await readdir(dist)).filter((file) => file.endsWith(".mjs"));
  const code = (await Promise.all(files.map((file) => readFile(join(dist, file), "utf8")))).join(
    "\n",
  );
  return registry
    .filter((name) =>
      new RegExp(
        `(?:\\bfrom|\\bimport|require|\\.resolve)\\s*\\(?\\s*["']${escaped(name)}(?:/[^"']*)?["']`,
      ).test(code),
    )
    .sort();
}

/**
 * What a bundled Node app's image holds (infra/docker/<app>.Dockerfile runs this; so does
 * `pnpm --filter @fuda/infra image-contents`): `dist/` and a node_modules of only the packages
 * the bundle imports (runtimeImports), each with its own dependencies, copied from the
 * lockfile-installed workspace. `pnpm deploy --prod` would copy every production dependency of
 * the app's workspace packages, which the bundle already holds (≈ 800 MB against a few MB).
 * Returns the packages copied.
 */
export async function assembleRuntime(appDir: string, outDir: string): Promise<string[]> {
  await cp(join(appDir, "dist"), join(outDir, "dist"), {
    recursive: true,
    filter: (source) => !source.endsWith("inputs.json"),
  });
  const top = new Map<string, string>();
  const copied: string[] = [];
  // Hoisted to the top node_modules, or nested under the package that needs another version.
  const place = async (name: string, from: string, nestedIn: string): Promise<void> => {
    const source = await packageDir(name, from);
    if (source === undefined) throw new Error(`${name}: not installed (needed from ${from})`);
    const held = top.get(name);
    if (held === source) return;
    const modules =
      held === undefined ? join(outDir, "node_modules") : join(nestedIn, "node_modules");
    const target = join(modules, name);
    if (existsSync(target)) return;
    if (held === undefined) top.set(name, source);
    await mkdir(dirname(target), { recursive: true });
    await cp(source, target, { recursive: true, dereference: true });
    const manifest = await readManifest(source);
    copied.push(`${manifest.name}@${manifest.version}`);
    const needs = Object.keys(manifest.dependencies ?? {});
    const optional = Object.keys(manifest.optionalDependencies ?? {});
    for (const dependency of needs) await place(dependency, source, target);
    for (const dependency of optional) {
      if ((await packageDir(dependency, source)) !== undefined) {
        await place(dependency, source, target);
      }
    }
  };
  for (const name of await runtimeImports(appDir)) await place(name, appDir, outDir);
  return copied.sort();
}
