import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

import { createTestDatabase, setup } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";

import { assembleImage, BASE_IMAGE, IMAGES, RUNTIME } from "../src/images";
import type { ImageName } from "../src/images";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const composeFile = join(root, "infra", "docker-compose.yml");

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  ports?: { published: number; target: number }[];
  user?: string;
  read_only?: boolean;
  tmpfs?: string[];
  networks?: unknown;
}

interface Compose {
  services: Record<string, Service>;
  networks: Record<string, { ipam?: { config?: { subnet?: string }[] } }>;
}

/** The file as `docker-compose config` resolves it: validated, interpolated, normalized. */
const config = async (env: Record<string, string> = {}): Promise<Compose> => {
  const { stdout } = await run("docker-compose", ["-f", composeFile, "config"], {
    cwd: root,
    env: { ...process.env, ...env },
  });
  return parse(stdout) as Compose;
};

let compose: Compose;
let services: Record<string, Service>;

beforeAll(async () => {
  compose = await config({ METRICS_TOKEN: "" });
  services = compose.services;
});

const apps = readdirSync(join(root, "apps"), { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && existsSync(join(root, "apps", entry.name, "package.json")),
  )
  .map((entry) => entry.name);

const dockerfileOf = (app: string) =>
  readFileSync(join(root, "infra", "docker", `${app}.Dockerfile`), "utf8");

describe("infra/docker-compose.yml", () => {
  it("is valid for docker-compose and runs PostgreSQL 15 or 16", () => {
    expect(services.postgres?.image).toMatch(/^postgres:1[56]\b/);
    expect(services.postgres?.healthcheck?.test.join(" ")).toMatch(/pg_isready/);
  });

  it("has a service for every app in apps/, built from the repository root", () => {
    expect(apps).toContain("game-api");
    for (const app of apps) {
      const build = services[app]?.build;
      expect(build, app).toBeDefined();
      expect(build!.context, app).toBe(root.replace(/\/$/, ""));
      expect(build!.dockerfile, app).toBe(`infra/docker/${app}.Dockerfile`);
      expect(existsSync(join(build!.context, build!.dockerfile)), app).toBe(true);
    }
  });

  it("publishes each app on its default port, with a health check", () => {
    const ports: Record<string, number> = {
      web: 3000,
      admin: 3001,
      "game-api": 4000,
      "results-feed": 4100,
    };
    for (const app of apps) {
      expect(services[app]?.ports, app).toEqual([{ published: ports[app], target: ports[app] }]);
      expect(services[app]?.environment?.PORT, app).toBe(String(ports[app]));
      expect(services[app]?.healthcheck?.test.join(" "), app).toContain(`:${ports[app]}/`);
    }
  });

  it("starts the database apps only after PostgreSQL is healthy and the setup succeeded", () => {
    for (const app of ["game-api", "results-feed"]) {
      expect(services[app]?.environment?.DATABASE_URL, app).toMatch(
        /^postgresql:\/\/.*@postgres:5432\//,
      );
      expect(services[app]?.depends_on, app).toEqual({
        postgres: { condition: "service_healthy" },
        "db-setup": { condition: "service_completed_successfully" },
      });
    }
    for (const app of ["web", "admin"]) {
      expect(services[app]?.environment?.GAME_API_URL, app).toBe("http://game-api:4000/trpc");
      expect(services[app]?.depends_on, app).toEqual({
        "game-api": { condition: "service_healthy" },
      });
    }
  });
});

describe("infra/docker-compose.yml's app services", () => {
  const appServices = () => [...apps, "db-setup"];

  it("run as user 1000 on a read-only root filesystem, with /tmp on tmpfs", () => {
    for (const name of appServices()) {
      const service = services[name]!;
      expect({ name, user: service.user, read_only: service.read_only }).toEqual({
        name,
        user: "1000:1000",
        read_only: true,
      });
      expect(service.tmpfs, name).toContain("/tmp");
    }
    // Next's cache is the one other place the Next apps write.
    for (const app of ["web", "admin"]) {
      expect(services[app]?.tmpfs, app).toContain(`/app/apps/${app}/.next/cache`);
    }
  });

  it("check each app's health on /readyz and set the database up with node dist/setup.mjs", () => {
    for (const app of apps) {
      expect(services[app]?.healthcheck?.test.join(" "), app).toMatch(/\/(readyz|livez)'/);
    }
    expect(services["db-setup"]?.command).toEqual(["node", "dist/setup.mjs"]);
  });

  it("trust X-Forwarded-For at the game API from the compose network's own subnet only", () => {
    const subnets = (compose.networks.default?.ipam?.config ?? []).map((range) => range.subnet);
    expect(subnets).toHaveLength(1);
    expect(subnets[0]).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    expect(services["game-api"]?.environment?.TRUSTED_PROXIES).toBe(subnets[0]);
  });

  it("take METRICS_TOKEN from the environment for the game API and the results feed", async () => {
    for (const app of ["game-api", "results-feed"]) {
      expect(services[app]?.environment?.METRICS_TOKEN, app).toBe("");
    }
    const token = "compose-test-metrics-token";
    const withToken = (await config({ METRICS_TOKEN: token })).services;
    for (const app of ["game-api", "results-feed"]) {
      expect(withToken[app]?.environment?.METRICS_TOKEN, app).toBe(token);
    }
  });
});

describe("infra/docker/<app>.Dockerfile", () => {
  it(`builds each app in stages on ${BASE_IMAGE.name} with pnpm 12.4.2 and the frozen lockfile`, () => {
    for (const app of apps) {
      const dockerfile = dockerfileOf(app);
      const stages = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
      expect(stages.length, app).toBeGreaterThanOrEqual(3);
      expect(
        stages.filter((image) => image !== "base" && image !== BASE_IMAGE.name),
        app,
      ).toEqual([]);
      expect(dockerfile, app).toContain("npm install -g pnpm@12.4.2");
      expect(dockerfile, app).toContain("pnpm install --frozen-lockfile");
      expect(dockerfile, app).toContain(`turbo@2.11.11 prune @fuda/${app} --docker`);
    }
  });

  it("CI's second run and the runtime's benchmarks use the images' Node (scripts/production-node.sh)", () => {
    const script = readFileSync(join(root, "scripts", "production-node.sh"), "utf8");
    const major = /^NODE_VERSION=(\d+)\./m.exec(script)?.[1];
    expect(BASE_IMAGE.name).toBe(`node:${major}-slim`);
  });

  it("runs each app's build and assembly commands (infra/src/images.ts) in its build stage", () => {
    for (const app of apps) {
      const recipe = IMAGES[app as ImageName];
      expect(recipe, app).toBeDefined();
      const build = dockerfileOf(app)
        .split(/^FROM base AS build$/m)[1]!
        .split(/^FROM /m)[0]!;
      const runs = [...build.matchAll(/^RUN (.+)$/gm)].map((match) => match[1]);
      expect(runs, app).toEqual([
        "pnpm install --frozen-lockfile",
        recipe.build,
        ...recipe.assemble,
      ]);
    }
  });

  it("runs only what the build assembled, with plain node, as user 1000, checked on /livez", () => {
    for (const app of apps) {
      const recipe = IMAGES[app as ImageName];
      const runtime = dockerfileOf(app).split(`\nFROM ${BASE_IMAGE.name} AS runtime\n`)[1] ?? "";
      expect(runtime, app).toMatch(/^ENV NODE_ENV=production/m);
      expect(
        [...runtime.matchAll(/^COPY (.+)$/gm)].map((match) => match[1]),
        app,
      ).toEqual([`--from=build ${RUNTIME}/ ./`]);
      expect(runtime, app).toMatch(/^USER 1000$/m);
      // USER comes last but for what it runs: nothing after it changes the filesystem.
      expect(runtime.split(/^USER 1000$/m)[1], app).not.toMatch(/^(RUN|COPY|ADD) /m);
      expect(runtime, app).not.toMatch(/\b(pnpm|tsx)\b/);
      expect(runtime, app).toContain(
        `WORKDIR /app${recipe.workdir === "." ? "" : `/${recipe.workdir}`}`,
      );
      expect(runtime, app).toMatch(/^HEALTHCHECK .*\n.*\/livez/m);
      expect(runtime, app).toContain(`CMD ${JSON.stringify(recipe.command).replaceAll(",", ", ")}`);
    }
  });

  it("keeps host builds out of the build context (node_modules, .next, generated client)", () => {
    for (const app of apps) {
      const ignore = readFileSync(
        join(root, "infra", "docker", `${app}.Dockerfile.dockerignore`),
        "utf8",
      );
      for (const pattern of ["**/node_modules", "**/.next", "**/src/generated", ".git"]) {
        expect(ignore.split("\n"), `${app}: ${pattern}`).toContain(pattern);
      }
    }
  });
});

describe("the db-setup service", () => {
  let teardown: () => Promise<void>;
  let database: TestDatabase;
  let image: string;

  beforeAll(async () => {
    // This package has no vitest global setup: start the shared test server here.
    teardown = await setup({ provide: () => undefined });
    database = await createTestDatabase();
    // createTestDatabase migrates; the setup must start from nothing, as on a new volume.
    await database.db.$executeRawUnsafe("DROP SCHEMA public CASCADE");
    await database.db.$executeRawUnsafe("CREATE SCHEMA public");
    image = await mkdtemp(join(tmpdir(), "fuda-db-setup-"));
    await chmod(image, 0o755);
    await assembleImage("game-api", image);
  }, 300_000);

  afterAll(async () => {
    await rm(image, { recursive: true, force: true });
    await database.drop();
    await teardown();
  }, 60_000);

  /** The last line a run printed, a JSON log line. */
  const summary = (stdout: string) =>
    JSON.parse(stdout.trim().split("\n").at(-1)!) as { msg: string; tables: number };

  it("migrates and seeds an empty database when run as in its image", async () => {
    const service = services["db-setup"]!;
    expect(service.image).toBe(services["game-api"]?.image);
    expect(service.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
    // In the game API's image folder (its working directory), with nothing else on PATH.
    const [command, ...args] = service.command!;
    expect(command).toBe("node");
    const env = {
      PATH: "/usr/bin:/bin",
      NODE_ENV: "production" as const,
      DATABASE_URL: database.url,
    };
    const setUp = () => run(process.execPath, args, { cwd: image, env });
    const first = summary((await setUp()).stdout);
    expect(first.msg).toMatch(/^[1-9]\d* migration\(s\) applied, 5 demo tables$/);
    expect(await database.db.table.count()).toBe(5);
    // Every `docker compose up` runs it again: nothing more to apply, no table twice.
    const again = summary((await setUp()).stdout);
    expect(again.msg).toBe("0 migration(s) applied, 5 demo tables");
    expect(await database.db.table.count()).toBe(5);
  }, 60_000);
});
