import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import Ajv from "ajv";
import type { ValidateFunction } from "ajv";
import { Deployment } from "kubernetes-models/apps/v1";
import type { IDeployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import type { IHorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { Job } from "kubernetes-models/batch/v1";
import type { IJob } from "kubernetes-models/batch/v1";
import { Ingress, NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1";
import type { IIngress, INetworkPolicy } from "kubernetes-models/networking.k8s.io/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import type { IPodDisruptionBudget } from "kubernetes-models/policy/v1";
import { ConfigMap, Secret, Service } from "kubernetes-models/v1";
import type { IContainer, IPodSpec, IService } from "kubernetes-models/v1";
import { beforeAll, describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const k8s = join(root, "infra", "k8s");
const observability = join(root, "infra", "observability");

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
}

/** What `kubectl kustomize <dir>` renders, one object per document. */
async function render(dir: string): Promise<Manifest[]> {
  const { stdout } = await run("kubectl", ["kustomize", join(k8s, dir)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return parseAllDocuments(stdout)
    .map((document) => document.toJS() as Manifest | null)
    .filter((object): object is Manifest => object !== null);
}

// Kubernetes' own kinds, checked by kubernetes-models' compiled OpenAPI schemas.
const coreModels: Record<string, (data: unknown) => { validate(): void }> = {
  "v1/ConfigMap": (data) => new ConfigMap(data as never),
  "v1/Secret": (data) => new Secret(data as never),
  "v1/Service": (data) => new Service(data as never),
  "apps/v1/Deployment": (data) => new Deployment(data as never),
  "batch/v1/Job": (data) => new Job(data as never),
  "policy/v1/PodDisruptionBudget": (data) => new PodDisruptionBudget(data as never),
  "autoscaling/v2/HorizontalPodAutoscaler": (data) => new HorizontalPodAutoscaler(data as never),
  "networking.k8s.io/v1/Ingress": (data) => new Ingress(data as never),
  "networking.k8s.io/v1/NetworkPolicy": (data) => new NetworkPolicy(data as never),
};

// The operators' kinds, checked by the schemas in infra/k8s/schemas (written after their CRDs).
// Ajv's default strict mode: an unknown keyword or format in our schemas is an error.
const ajv = new Ajv({ allErrors: true });
const schemaDir = join(k8s, "schemas");
for (const file of readdirSync(schemaDir).filter((name) => name.endsWith(".schema.json"))) {
  ajv.addSchema(JSON.parse(readFileSync(join(schemaDir, file), "utf8")) as object, file);
}
const schemaOf = (file: string): ValidateFunction => ajv.getSchema(file)!;
const customSchemas: Record<string, ValidateFunction> = {
  "postgresql.cnpg.io/v1/Cluster": schemaOf("cnpg-cluster.schema.json"),
  "postgresql.cnpg.io/v1/Pooler": schemaOf("cnpg-pooler.schema.json"),
  "postgresql.cnpg.io/v1/ScheduledBackup": schemaOf("cnpg-scheduledbackup.schema.json"),
  "barmancloud.cnpg.io/v1/ObjectStore": schemaOf("barman-objectstore.schema.json"),
  "monitoring.coreos.com/v1/PrometheusRule": schemaOf("prometheus-rule.schema.json"),
  "monitoring.coreos.com/v1/PodMonitor": schemaOf("prometheus-podmonitor.schema.json"),
};

/** Ajv's errors with what they are about (the extra property, the allowed values…). */
const explain = (validate: ValidateFunction): string =>
  (validate.errors ?? [])
    .map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`)
    .join("; ");

/** Every object's schema errors, one line each; empty when all are valid. */
function schemaErrors(objects: Manifest[]): string[] {
  const errors: string[] = [];
  for (const object of objects) {
    const type = `${object.apiVersion}/${object.kind}`;
    const label = `${object.kind} ${object.metadata.name}`;
    const model = coreModels[type];
    const schema = customSchemas[type];
    if (model) {
      try {
        model(object).validate();
      } catch (error) {
        errors.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    } else if (schema) {
      if (!schema(object)) errors.push(`${label}: ${explain(schema)}`);
    } else {
      errors.push(`${label}: no schema for ${type}`);
    }
  }
  return errors;
}

interface CnpgCluster extends Manifest {
  spec: {
    instances: number;
    postgresql?: { synchronous?: { method: string; number: number } };
    managed?: { roles?: { name: string; login?: boolean; passwordSecret?: { name: string } }[] };
    plugins?: { name: string; isWALArchiver?: boolean; parameters?: Record<string, string> }[];
  };
}
interface ScheduledBackup extends Manifest {
  spec: { cluster: { name: string }; method?: string };
}
interface PrometheusRule extends Manifest {
  spec: { groups: unknown[] };
}
interface Settings extends Manifest {
  data: Record<string, string>;
}

const byKind = <T>(objects: Manifest[], kind: string): T[] =>
  objects.filter((object) => object.kind === kind) as unknown as T[];
const named = <T extends { metadata?: { name?: string } }>(list: T[], name: string): T => {
  const found = list.find((object) => object.metadata?.name === name);
  expect(found, name).toBeDefined();
  return found!;
};
const podSpecOf = (workload: IDeployment | IJob): IPodSpec => workload.spec!.template.spec!;
const envOf = (container: IContainer, name: string) =>
  container.env?.find((variable) => variable.name === name);

const APPS = {
  web: { port: 3000, next: true },
  admin: { port: 3001, next: true },
  "game-api": { port: 4000, next: false },
  "results-feed": { port: 4100, next: false },
} as const;
const DIRS = ["base", "overlays/dev", "overlays/prod"] as const;
const rendered = new Map<string, Manifest[]>();

beforeAll(async () => {
  for (const dir of DIRS) rendered.set(dir, await render(dir));
});

describe.each(DIRS)("infra/k8s/%s", (dir) => {
  const objects = () => rendered.get(dir)!;
  const deployments = () => byKind<IDeployment>(objects(), "Deployment");
  const workloads = () => [...deployments(), ...byKind<IJob>(objects(), "Job")];

  it("renders, and every object is valid against the Kubernetes or the operator's schema", () => {
    expect(objects().length).toBeGreaterThan(20);
    expect(schemaErrors(objects())).toEqual([]);
  });

  it("commits no secret: no Secret object, every credential a reference", () => {
    expect(byKind(objects(), "Secret")).toEqual([]);
    for (const configMap of byKind<Settings>(objects(), "ConfigMap")) {
      expect(Object.keys(configMap.data).join(" ")).not.toMatch(
        /SECRET|TOKEN|PASSWORD|DATABASE_URL/,
      );
    }
  });

  it("has a Deployment and a Service on its port for each app", () => {
    for (const [app, { port }] of Object.entries(APPS)) {
      const container = podSpecOf(named(deployments(), app)).containers[0]!;
      expect(container.ports?.find((p) => p.name === "http")?.containerPort, app).toBe(port);
      const service = named(byKind<IService>(objects(), "Service"), app);
      expect(service.spec?.ports, app).toEqual([{ name: "http", port, targetPort: "http" }]);
      expect(service.spec?.selector, app).toEqual({ "app.kubernetes.io/name": app });
    }
  });

  it("runs every container as a non-root user, on a read-only root filesystem, with limits", () => {
    for (const workload of workloads()) {
      const pod = podSpecOf(workload);
      expect(pod.securityContext?.runAsNonRoot, workload.metadata!.name).toBe(true);
      expect(pod.securityContext?.seccompProfile?.type).toBe("RuntimeDefault");
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
        const where = `${workload.metadata!.name}/${container.name}`;
        expect(container.securityContext, where).toMatchObject({
          runAsNonRoot: true,
          runAsUser: 1000,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ["ALL"] },
          seccompProfile: { type: "RuntimeDefault" },
        });
        expect(container.resources?.requests, where).toMatchObject({
          cpu: expect.any(String) as unknown,
          memory: expect.any(String) as unknown,
        });
        expect(container.resources?.limits?.memory, where).toEqual(expect.any(String));
        // A read-only root needs somewhere to write temporary files.
        const tmp = container.volumeMounts?.find((mount) => mount.mountPath === "/tmp");
        expect(pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir, where).toBeDefined();
      }
    }
  });

  it("probes every app on /livez and /readyz, with a startup probe", () => {
    for (const deployment of deployments()) {
      for (const container of podSpecOf(deployment).containers) {
        const where = `${deployment.metadata!.name}/${container.name}`;
        expect(container.startupProbe?.httpGet?.path, where).toBe("/livez");
        expect(container.livenessProbe?.httpGet?.path, where).toBe("/livez");
        expect(container.readinessProbe?.httpGet?.path, where).toBe("/readyz");
        for (const probe of [container.livenessProbe, container.readinessProbe]) {
          expect(probe?.httpGet?.port, where).toBe("http");
        }
      }
    }
  });

  it("runs the production builds with node, the Next apps from /app with a writable cache", () => {
    for (const [app, { next }] of Object.entries(APPS)) {
      const pod = podSpecOf(named(deployments(), app));
      const container = pod.containers[0]!;
      expect(container.image, app).toMatch(new RegExp(`^fuda/${app}(:|$)`));
      if (next) {
        expect(container.workingDir, app).toBe("/app");
        expect(container.command, app).toEqual(["node", `apps/${app}/server.mjs`]);
        const cache = container.volumeMounts?.find(
          (mount) => mount.mountPath === `/app/apps/${app}/.next/cache`,
        );
        expect(pod.volumes?.find((v) => v.name === cache?.name)?.emptyDir, app).toBeDefined();
      } else {
        expect(container.command, app).toEqual(["node", "dist/main.mjs"]);
      }
    }
  });

  it("migrates before the game API serves: the Job and the same command as an init container", () => {
    const job = named(byKind<IJob>(objects(), "Job"), "fuda-migrate");
    const jobContainer = podSpecOf(job).containers[0]!;
    expect(jobContainer.command).toEqual(["node", "dist/setup.mjs"]);
    expect(podSpecOf(job).restartPolicy).toBe("OnFailure");
    expect(job.spec?.backoffLimit).toBeGreaterThan(0);
    expect(job.spec?.ttlSecondsAfterFinished).toBeGreaterThan(0);
    const gameApi = podSpecOf(named(deployments(), "game-api"));
    const init = gameApi.initContainers?.[0];
    expect(init?.command).toEqual(jobContainer.command);
    expect(init?.image).toBe(gameApi.containers[0]!.image);
    expect(jobContainer.image).toBe(gameApi.containers[0]!.image);
    for (const container of [jobContainer, init!, gameApi.containers[0]!]) {
      expect(envOf(container, "DATABASE_URL")?.valueFrom?.secretKeyRef).toEqual({
        name: "fuda-db-app",
        key: "uri",
      });
    }
  });

  it("gives the game API its secrets by reference and the settings a cluster needs", () => {
    const container = podSpecOf(named(deployments(), "game-api")).containers[0]!;
    expect(envOf(container, "BETTER_AUTH_SECRET")?.valueFrom?.secretKeyRef?.name).toBe("fuda-auth");
    expect(envOf(container, "METRICS_TOKEN")?.valueFrom?.secretKeyRef?.name).toBe("fuda-metrics");
    const configName = container.envFrom?.[0]?.configMapRef?.name ?? "";
    const config = named(byKind<Settings>(objects(), "ConfigMap"), configName);
    expect(config.data).toMatchObject({
      DEALER: "on",
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      PORT: "4000",
      METRICS_PORT: "9464",
    });
    expect(config.data.TRUSTED_PROXIES).toMatch(/^[0-9a-f.:/,]+$/);
    for (const app of ["web", "admin"]) {
      const next = podSpecOf(named(deployments(), app)).containers[0]!;
      const name = next.envFrom?.[0]?.configMapRef?.name ?? "";
      const settings = named(byKind<Settings>(objects(), "ConfigMap"), name);
      expect(settings.data.GAME_API_URL, app).toBe("http://game-api:4000/trpc");
    }
  });

  it("connects the results feed as its read-only role, never as the database's owner", () => {
    const container = podSpecOf(named(deployments(), "results-feed")).containers[0]!;
    // The primary, through the session-mode Pooler: the feed LISTENs and records a key's last
    // use, which the replicas' service (fuda-db-ro) refuses (base/results-feed.yaml)…
    expect(envOf(container, "DATABASE_URL")?.value).toBe(
      "postgresql://fuda_feed_reader:$(FEED_DB_PASSWORD)@fuda-db-pooler-rw:5432/fuda",
    );
    // …and its pages read from the replicas.
    expect(envOf(container, "DATABASE_READ_URL")?.value).toBe(
      "postgresql://fuda_feed_reader:$(FEED_DB_PASSWORD)@fuda-db-ro:5432/fuda",
    );
    const names = container.env!.map((variable) => variable.name);
    expect(names.indexOf("FEED_DB_PASSWORD")).toBeLessThan(names.indexOf("DATABASE_URL"));
    expect(envOf(container, "FEED_DB_PASSWORD")?.valueFrom?.secretKeyRef).toEqual({
      name: "fuda-feed-reader",
      key: "password",
    });
    expect(JSON.stringify(container)).not.toContain("fuda-db-app");
    const cluster = named(byKind<CnpgCluster>(objects(), "Cluster"), "fuda-db");
    const role = cluster.spec.managed?.roles?.find((r) => r.name === "fuda_feed_reader");
    expect(role).toMatchObject({ login: true, passwordSecret: { name: "fuda-feed-reader" } });
    const pooler = named(
      byKind<Manifest & { spec: unknown }>(objects(), "Pooler"),
      "fuda-db-pooler-rw",
    );
    // LISTEN needs a session of its own: transaction pooling would lose the notifications.
    expect(pooler.spec).toMatchObject({ type: "rw", pgbouncer: { poolMode: "session" } });
  });

  it("exposes the metrics port on the game API and the feed to scrapers, not to the Ingress", () => {
    for (const app of ["game-api", "results-feed"]) {
      const deployment = named(deployments(), app);
      const container = podSpecOf(deployment).containers[0]!;
      expect(container.ports?.find((p) => p.name === "metrics")?.containerPort, app).toBe(9464);
      expect(deployment.spec?.template.metadata?.annotations, app).toMatchObject({
        "prometheus.io/scrape": "true",
        "prometheus.io/port": "9464",
      });
    }
    for (const service of byKind<IService>(objects(), "Service")) {
      expect(service.spec?.ports?.map((port) => port.targetPort)).toEqual(["http"]);
    }
  });

  it("routes the public hosts with SSE-friendly settings, and nothing internal", () => {
    const ingress = named(byKind<IIngress>(objects(), "Ingress"), "fuda");
    expect(ingress.metadata?.annotations).toMatchObject({
      "nginx.ingress.kubernetes.io/proxy-buffering": "off",
      "nginx.ingress.kubernetes.io/proxy-read-timeout": "3600",
      "nginx.ingress.kubernetes.io/proxy-send-timeout": "3600",
    });
    const services = byKind<IService>(objects(), "Service").map((s) => s.metadata!.name);
    const routes = ingress.spec!.rules!.flatMap((rule) =>
      rule.http!.paths.map((path) => ({ host: rule.host!, ...path })),
    );
    expect(new Set(routes.map((route) => route.backend.service?.name))).toEqual(
      new Set(Object.keys(APPS)),
    );
    for (const route of routes) {
      expect(services).toContain(route.backend.service?.name);
      expect(route.backend.service?.port?.name).toBe("http");
      expect(route.path).not.toMatch(/metrics|livez|readyz/);
      if (["game-api", "results-feed"].includes(route.backend.service!.name)) {
        // `/` would publish /metrics, /livez and /readyz too.
        expect(route.path, route.host).not.toBe("/");
      }
    }
  });

  it("runs PostgreSQL by CloudNativePG with more instances than synchronous replicas", () => {
    const cluster = named(byKind<CnpgCluster>(objects(), "Cluster"), "fuda-db");
    const synchronous = cluster.spec.postgresql?.synchronous;
    if (synchronous) expect(synchronous.number).toBeLessThan(cluster.spec.instances);
    else expect(cluster.spec.instances).toBe(1);
  });

  it("scales the apps with HPAs and PDBs that point at real Deployments", () => {
    const hpas = byKind<IHorizontalPodAutoscaler>(objects(), "HorizontalPodAutoscaler");
    for (const hpa of hpas) {
      const target = named(deployments(), hpa.spec.scaleTargetRef.name);
      // An applied `replicas` would undo the autoscaler's count at every apply.
      expect(target.spec?.replicas, hpa.metadata!.name).toBeUndefined();
      expect(hpa.spec.minReplicas).toBeLessThanOrEqual(hpa.spec.maxReplicas);
    }
    for (const pdb of byKind<IPodDisruptionBudget>(objects(), "PodDisruptionBudget")) {
      const app = pdb.spec!.selector!.matchLabels!["app.kubernetes.io/name"]!;
      expect(named(deployments(), app).spec?.selector.matchLabels).toEqual(
        pdb.spec!.selector!.matchLabels,
      );
    }
  });

  it("denies ingress by default; only the apps reach PostgreSQL, only the ingress the apps", () => {
    const policies = byKind<INetworkPolicy>(objects(), "NetworkPolicy");
    const deny = named(policies, "default-deny-ingress");
    expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ["Ingress"] });
    /** The app names a policy lets in on `port` (pod selectors of this namespace only). */
    const appsAllowed = (policy: INetworkPolicy, port: number | string) =>
      (policy.spec!.ingress ?? [])
        .filter((rule) => rule.ports?.some((p) => p.port === port))
        .flatMap((rule) => rule.from ?? [])
        .filter((peer) => peer.podSelector && !peer.namespaceSelector)
        .flatMap((peer) => [
          ...(peer.podSelector!.matchExpressions?.flatMap((e) => e.values ?? []) ?? []),
          ...Object.values(peer.podSelector!.matchLabels ?? {}),
        ])
        .sort();
    expect(appsAllowed(named(policies, "fuda-db"), 5432)).toEqual([
      "fuda-db",
      "fuda-db-pooler-rw",
      "fuda-migrate",
      "game-api",
    ]);
    expect(appsAllowed(named(policies, "fuda-db-pooler-rw"), 5432)).toEqual(["results-feed"]);
    expect(appsAllowed(named(policies, "fuda-db-replicas"), 5432)).toEqual(["results-feed"]);
    expect(appsAllowed(named(policies, "game-api"), "http")).toEqual(["admin", "web"]);
    for (const app of Object.keys(APPS)) {
      const policy = named(policies, app);
      const namespaces = (policy.spec!.ingress ?? [])
        .filter((rule) => rule.ports?.some((p) => p.port === "http"))
        .flatMap((rule) => rule.from ?? [])
        .map((peer) => peer.namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"])
        .filter(Boolean);
      expect(namespaces, app).toEqual(["ingress-nginx"]);
    }
  });
});

describe.each(["overlays/dev", "overlays/prod"])("infra/k8s/%s", (dir) => {
  const objects = () => rendered.get(dir)!;

  it("sets its namespace, its image tags and its hosts", () => {
    const namespaces = new Set(objects().map((object) => object.metadata.namespace));
    expect(namespaces.size).toBe(1);
    expect([...namespaces][0]).toMatch(/^fuda/);
    for (const workload of [
      ...byKind<IDeployment>(objects(), "Deployment"),
      ...byKind<IJob>(objects(), "Job"),
    ]) {
      const pod = podSpecOf(workload);
      for (const container of [...(pod.initContainers ?? []), ...pod.containers]) {
        expect(container.image).toMatch(/^fuda\/[a-z-]+:[\w.-]+$/);
        expect(container.image).not.toMatch(/:latest$/);
      }
    }
    const text = JSON.stringify(objects());
    expect(text).not.toContain(".invalid");
  });
});

describe("infra/k8s/overlays/prod", () => {
  const objects = () => rendered.get("overlays/prod")!;

  it("runs three PostgreSQL instances, one of them a synchronous replica", () => {
    const cluster = named(byKind<CnpgCluster>(objects(), "Cluster"), "fuda-db");
    expect(cluster.spec.instances).toBe(3);
    expect(cluster.spec.postgresql?.synchronous).toMatchObject({ method: "any", number: 1 });
  });

  it("archives WAL and backs up daily to the object store", () => {
    const cluster = named(byKind<CnpgCluster>(objects(), "Cluster"), "fuda-db");
    const plugin = cluster.spec.plugins?.find((p) => p.name === "barman-cloud.cloudnative-pg.io");
    expect(plugin?.isWALArchiver).toBe(true);
    named(byKind<Manifest>(objects(), "ObjectStore"), plugin!.parameters!.barmanObjectName!);
    const [backup] = byKind<ScheduledBackup>(objects(), "ScheduledBackup");
    expect(backup?.spec).toMatchObject({ cluster: { name: "fuda-db" }, method: "plugin" });
  });

  it("serves every host over TLS", () => {
    const ingress = named(byKind<IIngress>(objects(), "Ingress"), "fuda");
    const hosts = ingress.spec!.rules!.map((rule) => rule.host);
    expect(ingress.spec!.tls?.flatMap((tls) => tls.hosts)).toEqual(hosts);
    expect(ingress.spec!.tls?.[0]?.secretName).toBeTruthy();
  });

  it("loads the same alert rules as infra/observability/alerts.yaml", () => {
    const rule = named(byKind<PrometheusRule>(objects(), "PrometheusRule"), "fuda");
    expect(rule.spec).toEqual(parse(readFileSync(join(observability, "alerts.yaml"), "utf8")));
  });
});

/** The metrics the servers export (packages/telemetry, prom-client's defaults) and their labels. */
const METRICS: Record<string, { type: "counter" | "gauge" | "histogram"; labels: string[] }> = {
  fuda_http_request_duration_seconds: {
    type: "histogram",
    labels: ["service", "route", "method", "status"],
  },
  fuda_bets_placed_total: { type: "counter", labels: ["game"] },
  fuda_bets_refused_total: { type: "counter", labels: ["reason"] },
  fuda_bet_batch_size: { type: "histogram", labels: [] },
  fuda_bet_batch_duration_seconds: { type: "histogram", labels: [] },
  fuda_round_phases_total: { type: "counter", labels: ["table", "phase"] },
  fuda_round_phase_duration_seconds: { type: "histogram", labels: ["game", "phase"] },
  fuda_table_last_transition_seconds: { type: "gauge", labels: ["table"] },
  fuda_tables_open: { type: "gauge", labels: [] },
  fuda_sse_subscribers: { type: "gauge", labels: ["stream"] },
  fuda_fanout_lag_seconds: { type: "histogram", labels: [] },
  fuda_db_pool_connections: { type: "gauge", labels: ["pool", "state"] },
  fuda_webhook_deliveries_total: { type: "counter", labels: ["outcome"] },
  fuda_feed_requests_total: { type: "counter", labels: ["key", "route", "status"] },
  fuda_ledger_books_balanced: { type: "gauge", labels: [] },
  fuda_ledger_books_checked_seconds: { type: "gauge", labels: [] },
  process_cpu_seconds_total: { type: "counter", labels: [] },
  process_resident_memory_bytes: { type: "gauge", labels: [] },
  nodejs_eventloop_lag_p99_seconds: { type: "gauge", labels: [] },
};
/** Labels every scraped series carries (the scrape's target). */
const TARGET_LABELS = ["instance", "job", "namespace", "pod"];

/**
 * The problems of one PromQL expression: a metric that is not exported, a label (grouping,
 * matcher or legend) that none of its metrics has.
 */
function queryProblems(expr: string, legend = ""): string[] {
  const problems: string[] = [];
  const labels = new Set(TARGET_LABELS);
  const metrics = expr.match(/\b(?:fuda|process|nodejs)_[a-z0-9_]+/g) ?? [];
  if (metrics.length === 0) problems.push(`${expr}: no metric`);
  for (const name of metrics) {
    const base = name.replace(/_(bucket|count|sum)$/, "");
    const metric =
      METRICS[name] ?? (METRICS[base]?.type === "histogram" ? METRICS[base] : undefined);
    if (!metric) {
      problems.push(`${name}: not a metric the servers export`);
      continue;
    }
    for (const label of metric.labels) labels.add(label);
    if (name.endsWith("_bucket")) labels.add("le");
  }
  const used = [
    ...[...expr.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g)].flatMap((m) =>
      m[1]!.split(",").map((label) => label.trim()),
    ),
    ...[...expr.matchAll(/\{([^}]*)\}/g)].flatMap((m) =>
      [...m[1]!.matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]!),
    ),
    ...[...legend.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!),
  ].filter(Boolean);
  for (const label of used) {
    if (!labels.has(label)) problems.push(`${expr}: label ${label} is on none of its metrics`);
  }
  return problems;
}

/** GitHub's anchors of a Markdown file's headings. */
function anchorsOf(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/^#+\s+(.+)$/gm)].map((m) =>
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, "")
        .replace(/ /g, "-"),
    ),
  );
}

describe("infra/observability", () => {
  const operations = readFileSync(join(root, "docs", "operations.md"), "utf8");

  interface Rule {
    alert?: string;
    expr: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  }
  const alertFile = parse(readFileSync(join(observability, "alerts.yaml"), "utf8")) as {
    groups: { name: string; rules: Rule[] }[];
  };
  const rules = alertFile.groups.flatMap((group) => group.rules);

  it("alerts.yaml is a Prometheus rule file whose every alert has a severity and a runbook", () => {
    const ruleFile = ajv.getSchema("prometheus-rule.schema.json#/definitions/ruleFile")!;
    expect(ruleFile(alertFile), explain(ruleFile)).toBe(true);
    expect(rules.map((rule) => rule.alert)).toEqual([
      "FudaTableStuck",
      "FudaBetsRefusedSpike",
      "FudaLedgerBooksUnbalanced",
      "FudaFanoutLagHigh",
      "FudaHttp5xxRate",
    ]);
    const anchors = anchorsOf(operations);
    for (const rule of rules) {
      expect(rule.expr, rule.alert).toBeTruthy();
      expect(["critical", "warning"], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      expect(rule.annotations?.description, rule.alert).toBeTruthy();
      const anchor = /^docs\/operations\.md#(.+)$/.exec(rule.annotations?.runbook_url ?? "")?.[1];
      expect(anchor, rule.alert).toBe(rule.alert!.toLowerCase());
      expect(anchors.has(anchor!), `docs/operations.md has a heading ${rule.alert}`).toBe(true);
    }
  });

  it("alerts.yaml queries only metrics and labels the servers export", () => {
    expect(rules.flatMap((rule) => queryProblems(rule.expr))).toEqual([]);
  });

  interface Panel {
    type: string;
    title: string;
    datasource?: { type: string; uid: string };
    targets?: { expr: string; legendFormat?: string; datasource?: { uid: string } }[];
    panels?: Panel[];
  }
  const dashboard = JSON.parse(
    readFileSync(join(observability, "fuda-dashboard.json"), "utf8"),
  ) as {
    uid: string;
    templating: { list: { name: string; type: string; query: string }[] };
    panels: Panel[];
  };
  const panels = dashboard.panels
    .flatMap((panel) => [panel, ...(panel.panels ?? [])])
    .filter((panel) => panel.type !== "row");

  it("the dashboard reads Prometheus through a data source variable", () => {
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: "datasource", type: "datasource", query: "prometheus" }),
    );
    for (const panel of panels) {
      expect(panel.datasource, panel.title).toEqual({ type: "prometheus", uid: "${datasource}" });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets!) expect(target.datasource?.uid).toBe("${datasource}");
    }
  });

  it("the dashboard's queries use only exported metrics and labels, and show every one", () => {
    const targets = panels.flatMap((panel) => panel.targets!);
    expect(targets.flatMap((t) => queryProblems(t.expr, t.legendFormat))).toEqual([]);
    const shown = targets.map((target) => target.expr).join("\n");
    const missing = Object.keys(METRICS).filter(
      (name) => !new RegExp(`\\b${name}(_bucket|_count|_sum)?\\b`).test(shown),
    );
    expect(missing).toEqual([]);
  });
});

describe("docs/operations.md", () => {
  it("restores with a Cluster that is valid for CloudNativePG", () => {
    const markdown = readFileSync(join(root, "docs", "operations.md"), "utf8");
    const clusters = [...markdown.matchAll(/```yaml\n([\s\S]*?)```/g)]
      .flatMap((block) => parseAllDocuments(block[1]!).map((d) => d.toJS() as Manifest | null))
      .filter((object): object is CnpgCluster => object?.kind === "Cluster");
    const restore = clusters.find((cluster) => JSON.stringify(cluster).includes('"recovery"'));
    expect(restore).toBeDefined();
    expect(schemaErrors([restore!])).toEqual([]);
  });
});
