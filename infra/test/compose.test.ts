import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

import { createTestDatabase, setup } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";

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
}

/** The file as `docker-compose config` resolves it: validated, interpolated, normalized. */
let services: Record<string, Service>;

beforeAll(async () => {
  const { stdout } = await run("docker-compose", ["-f", composeFile, "config"], { cwd: root });
  services = (parse(stdout) as { services: Record<string, Service> }).services;
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

describe("infra/docker/<app>.Dockerfile", () => {
  it("builds each app in stages on node:20-slim with pnpm 12.4.2 and the frozen lockfile", () => {
    for (const app of apps) {
      const dockerfile = dockerfileOf(app);
      const stages = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
      expect(stages.length, app).toBeGreaterThanOrEqual(3);
      expect(
        stages.filter((image) => image !== "base" && image !== "node:20-slim"),
        app,
      ).toEqual([]);
      expect(dockerfile, app).toContain("npm install -g pnpm@12.4.2");
      expect(dockerfile, app).toContain("pnpm install --frozen-lockfile");
      expect(dockerfile, app).toContain(`turbo@2.11.11 prune @fuda/${app} --docker`);
    }
  });

  it("runs each app as the unprivileged node user, without dev dependencies", () => {
    for (const app of apps) {
      const runtime = dockerfileOf(app).split(/^FROM node:20-slim AS runtime$/m)[1] ?? "";
      expect(runtime, app).toMatch(/^USER node$/m);
      expect(runtime, app).toMatch(/^ENV NODE_ENV=production/m);
      expect(dockerfileOf(app), app).toContain("pnpm install --prod --frozen-lockfile");
    }
    // Compose could override it: no service built from our images may.
    for (const [name, service] of Object.entries(services)) {
      if (service.build !== undefined) expect({ name, user: service.user }).toEqual({ name });
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

  beforeAll(async () => {
    // This package has no vitest global setup: start the shared test server here.
    teardown = await setup({ provide: () => undefined });
    database = await createTestDatabase();
    // createTestDatabase migrates; the setup must start from nothing, as on a new volume.
    await database.db.$executeRawUnsafe("DROP SCHEMA public CASCADE");
    await database.db.$executeRawUnsafe("CREATE SCHEMA public");
  }, 60_000);

  afterAll(async () => {
    await database.drop();
    await teardown();
  }, 60_000);

  it("migrates and seeds an empty database when run as in its image", async () => {
    const service = services["db-setup"]!;
    expect(service.image).toBe(services["game-api"]?.image);
    expect(service.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
    // Its image's working directory is apps/game-api.
    const [command, ...args] = service.command!;
    const env = { ...process.env, DATABASE_URL: database.url };
    const setUp = () => run(command!, args, { cwd: join(root, "apps", "game-api"), env });
    const first = await setUp();
    expect(first.stdout).toMatch(/db-setup: [1-9]\d* migration\(s\) applied, 5 demo tables/);
    expect(await database.db.table.count()).toBe(5);
    // Every `docker compose up` runs it again: nothing more to apply, no table twice.
    const again = await setUp();
    expect(again.stdout).toMatch(/db-setup: 0 migration\(s\) applied, 5 demo tables/);
    expect(await database.db.table.count()).toBe(5);
  }, 60_000);
});
