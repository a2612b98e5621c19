import { timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's metrics (prom-client), served at `/metrics` (serveMetrics). Names and labels
 * are the dashboard's (infra/observability); labels never hold a secret or a player's id.
 */
export const registry = new Registry();
// Event-loop lag sampled every 100 ms: prom-client's default, every 10 ms, woke an idle process a
// hundred times a second and was half of its CPU.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });

const seconds = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: "fuda_http_request_duration_seconds",
  help: "HTTP requests by route and status: time to the end of the answer (streams: until closed)",
  labelNames: ["service", "route", "method", "status"] as const,
  buckets: seconds,
  registers: [registry],
});

export const betsPlaced = new Counter({
  name: "fuda_bets_placed_total",
  help: "Bets accepted by the bet desk",
  labelNames: ["game"] as const,
  registers: [registry],
});

export const betsRefused = new Counter({
  name: "fuda_bets_refused_total",
  help: "Bets refused, by the rule that refused them (BETTING_CLOSED, INSUFFICIENT_FUNDS…)",
  labelNames: ["reason"] as const,
  registers: [registry],
});

export const betBatchSize = new Histogram({
  name: "fuda_bet_batch_size",
  help: "Slips (placements) written together in one group commit",
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
  registers: [registry],
});

export const betBatchDuration = new Histogram({
  name: "fuda_bet_batch_duration_seconds",
  help: "Time to write one batch of bets (one transaction)",
  buckets: seconds,
  registers: [registry],
});

export const roundPhases = new Counter({
  name: "fuda_round_phases_total",
  help: "Rounds entering a phase, by table",
  labelNames: ["table", "phase"] as const,
  registers: [registry],
});

export const roundPhaseDuration = new Histogram({
  name: "fuda_round_phase_duration_seconds",
  help: "How long rounds stay in a phase, by game",
  labelNames: ["game", "phase"] as const,
  buckets: [0.1, 0.5, 1, 2, 5, 10, 15, 20, 30, 60, 120, 300],
  registers: [registry],
});

export const tableLastTransition = new Gauge({
  name: "fuda_table_last_transition_seconds",
  help: "Unix time of the table's last phase change, on the node dealing it",
  labelNames: ["table"] as const,
  registers: [registry],
});

export const tablesOpen = new Gauge({
  name: "fuda_tables_open",
  help: "Open tables this node deals",
  registers: [registry],
});

export const sseSubscribers = new Gauge({
  name: "fuda_sse_subscribers",
  help: "Open server-sent event streams, by stream",
  labelNames: ["stream"] as const,
  registers: [registry],
});

export const fanoutLag = new Histogram({
  name: "fuda_fanout_lag_seconds",
  help: "From an event's commit to its write to the viewers' streams",
  buckets: seconds,
  registers: [registry],
});

export const eventsPublished = new Counter({
  name: "fuda_events_published_total",
  help: "Table events the outbox relay published to NATS JetStream (acknowledged)",
  registers: [registry],
});

export const webhookDeliveries = new Counter({
  name: "fuda_webhook_deliveries_total",
  help: "Webhook delivery attempts, by outcome",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const feedRequests = new Counter({
  name: "fuda_feed_requests_total",
  help: "Results feed requests by API key id (never its text), route and status",
  labelNames: ["key", "route", "status"] as const,
  registers: [registry],
});

export const booksBalanced = new Gauge({
  name: "fuda_ledger_books_balanced",
  help: "1 when the last books check found every balance, transfer and entry in order, else 0",
  registers: [registry],
});

export const booksChecked = new Gauge({
  name: "fuda_ledger_books_checked_seconds",
  help: "Unix time of the last books check",
  registers: [registry],
});

/** What the pool gauge reads: node-postgres' pool counters. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const pools = new Map<string, PoolCounts>();

new Gauge({
  name: "fuda_db_pool_connections",
  help: "PostgreSQL pool connections by state (in_use, idle, waiting: callers queued for one)",
  labelNames: ["pool", "state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [pool, counts] of pools) {
      this.set({ pool, state: "in_use" }, counts.totalCount - counts.idleCount);
      this.set({ pool, state: "idle" }, counts.idleCount);
      this.set({ pool, state: "waiting" }, counts.waitingCount);
    }
  },
});

/** Reports `pool`'s connections under `name` at every scrape. */
export function watchPool(name: string, pool: PoolCounts): void {
  pools.set(name, pool);
}

/** Unix time now, in seconds, for the `_seconds` timestamp gauges. */
export function unixSeconds(): number {
  return Date.now() / 1000;
}

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus' text format, for a caller with `Authorization: Bearer <token>`.
 * Without a token configured the route does not exist (404), so metrics are never public by
 * accident; a wrong or missing bearer is 401. `token: null` serves without a check (the
 * separate METRICS_PORT listener, reachable only inside the cluster).
 */
export async function serveMetrics(
  req: IncomingMessage,
  res: ServerResponse,
  token: string | null | undefined,
): Promise<void> {
  if (token === undefined || token === "") {
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    res.end("not found: metrics are served with METRICS_TOKEN set, or on METRICS_PORT\n");
    return;
  }
  if (token !== null) {
    const sent = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (sent === undefined || !sameToken(sent, token)) {
      res.writeHead(401, {
        "content-type": "text/plain; charset=utf-8",
        "www-authenticate": 'Bearer realm="metrics"',
      });
      res.end("unauthorized: send Authorization: Bearer <METRICS_TOKEN>\n");
      return;
    }
  }
  const text = await registry.metrics();
  res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" });
  res.end(req.method === "HEAD" ? undefined : text);
}

/**
 * METRICS_PORT's listener: `/metrics` without a bearer, for a scraper inside the cluster (the
 * port is not in any Service an Ingress routes to, and a NetworkPolicy admits only Prometheus).
 */
export function metricsListener(
  host: string,
  port: number,
  log: { info(message: string): void; error(message: string): void },
): Server {
  const server = createServer((req, res) => {
    if (req.url === "/metrics" && (req.method === "GET" || req.method === "HEAD")) {
      void serveMetrics(req, res, null);
      return;
    }
    res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
    res.end("not found: this port serves GET /metrics only\n");
  });
  server.on("error", (error) => {
    log.error(`metrics: cannot listen on ${host}:${port}: ${error.message}`);
  });
  server.listen(port, host, () => {
    log.info(`metrics on http://${host}:${port}/metrics`);
  });
  return server;
}

/**
 * The current value of metric `name` in this process (a counter's or gauge's; a histogram's with
 * `_count` or `_sum` appended), summed over the series whose labels include `labels`; 0 when
 * none matches. For tests and tools that read a process's own metrics.
 */
export async function sample(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric =
    registry.getSingleMetric(name) ?? registry.getSingleMetric(name.replace(/_(count|sum)$/, ""));
  if (metric === undefined) throw new Error(`no metric ${name}`);
  const read = await metric.get();
  return read.values
    .filter((value) => ((value as { metricName?: string }).metricName ?? read.name) === name)
    .filter((value) =>
      Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === wanted),
    )
    .reduce((sum, value) => sum + value.value, 0);
}
