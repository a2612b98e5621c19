/**
 * The partners' webhook deliverer (docs/feed.md, Webhooks), run by the results feed. State lives
 * only in PostgreSQL: each pass claims due deliveries (FOR UPDATE SKIP LOCKED, so several feed
 * processes share the work), POSTs each signed event, and records the attempt and the outcome.
 * A 2xx is final; anything else is retried with exponential backoff until 24 h after the event.
 */
import { createHmac } from "node:crypto";
import { lookup as dnsLookup } from "node:dns";
import type { LookupAddress, LookupAllOptions } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

import type { Db } from "@fuda/db";
import { isDatabaseUnreachable } from "@fuda/db";
import type { LiveLog } from "@fuda/live";
import { createLogger, webhookDeliveries } from "@fuda/telemetry";

import { firstNotPublic, privateLiteralAddress } from "./public-address";
import type { WebhookPrivateTargets } from "./public-address";

/** Header names (docs/feed.md, Webhooks: Headers). */
export const WEBHOOK_HEADERS = {
  id: "Fuda-Webhook-Id",
  type: "Fuda-Webhook-Type",
  timestamp: "Fuda-Webhook-Timestamp",
  signature: "Fuda-Webhook-Signature",
} as const;

/**
 * `v1=` and the hex HMAC-SHA256, keyed by the endpoint's secret (its UTF-8 bytes), of the
 * timestamp (Unix seconds, as sent in the header), a full stop, and the body exactly as sent.
 */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export interface WebhookDelivererOptions {
  db: Db;
  /** The first retry's delay; each further one doubles it (default 30 s). */
  backoffMs?: number;
  /** No retry waits longer than this (default 1 h). */
  maxBackoffMs?: number;
  /** How long after its event a delivery is retried before it is marked failed (default 24 h). */
  retryForMs?: number;
  /** How often the deliverer looks for due deliveries when idle (default 1 s). */
  pollMs?: number;
  /** How long a receiver has to answer one POST (default 10 s). */
  timeoutMs?: number;
  /** Deliveries claimed (and sent concurrently) at once (default 20). */
  batchSize?: number;
  /**
   * `refuse` (the default): a delivery whose host is, or resolves to, an address that is not
   * public (loopback, private, link-local…) fails without being sent. `allow`: tests and a
   * receiver inside our own network.
   */
  privateTargets?: WebhookPrivateTargets;
  /**
   * A warn line per failed attempt (the target's host, never its secret or signature) and per
   * pass the database cut short; an error line for anything else that fails a pass. Default:
   * JSON lines on stdout, as the servers' own.
   */
  log?: LiveLog;
}

export interface WebhookDeliverer {
  /** Sends what is due now, pass after pass until nothing is; returns how many were attempted. */
  drain(): Promise<number>;
  /** Stops polling and waits for the attempts in flight to be recorded. */
  stop(): Promise<void>;
}

interface Claimed {
  id: string;
  attempts: number;
  event_id: string;
  type: string;
  payload: unknown;
  created_at: Date;
  url: string;
  secret: string;
}

interface Outcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const DEFAULTS = {
  backoffMs: 30_000,
  maxBackoffMs: 3_600_000,
  retryForMs: 24 * 3_600_000,
  pollMs: 1_000,
  timeoutMs: 10_000,
  batchSize: 20,
  privateTargets: "refuse" as WebhookPrivateTargets,
};

/** The body of every attempt of one event: the same bytes to every endpoint, every time. */
export const webhookBody = (event: {
  id: string;
  type: string;
  createdAt: Date;
  payload: unknown;
}): string =>
  JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    data: event.payload,
  });

/** A delivery refused before any connection: its target is inside our network. */
class NotPublicTarget extends Error {
  constructor(address: string) {
    super(`target address ${address} is not public`);
    this.name = "NotPublicTarget";
  }
}

/**
 * DNS resolution that refuses a host with any address that is not public. It runs when the
 * connection is made, so a name that resolved to a public address at registration and
 * resolves to 10.0.0.5 now (DNS rebinding) is refused too.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  const all: LookupAllOptions = { ...options, all: true };
  dnsLookup(hostname, all, (error, addresses: LookupAddress[]) => {
    if (error) {
      callback(error, []);
      return;
    }
    const refused = firstNotPublic(addresses);
    const [first] = addresses;
    if (refused !== undefined) {
      callback(new NotPublicTarget(refused), []);
    } else if (first === undefined) {
      callback(Object.assign(new Error(`${hostname}: no address`), { code: "ENOTFOUND" }), []);
    } else if (options.all === true) {
      callback(null, addresses);
    } else {
      callback(null, first.address, first.family);
    }
  });
};

/** Why a POST got no answer, in a few words (the attempt log's `error`). */
function describeFailure(failure: unknown, timeoutMs: number): string {
  if (!(failure instanceof Error)) return String(failure).slice(0, 500);
  // An aborted request's cause is the signal's reason: the timeout.
  if ((failure.cause as Error | undefined)?.name === "TimeoutError") {
    return `no answer within ${timeoutMs} ms`;
  }
  if (failure instanceof NotPublicTarget) return failure.message;
  // A socket's error carries what went wrong as its code (ECONNREFUSED, ENOTFOUND…).
  const code = (failure as { code?: unknown }).code;
  if (typeof code === "string") return code;
  return failure.message.slice(0, 500);
}

/**
 * One POST with node:http(s) rather than fetch: only they let the connection's DNS lookup be
 * ours. Resolves with the status once the answer's head arrives; redirects are not followed.
 */
function send(
  url: URL,
  headers: Record<string, string>,
  body: string,
  settings: { timeoutMs: number; privateTargets: WebhookPrivateTargets },
): Promise<number> {
  return new Promise((resolve, reject) => {
    // A literal address is connected to without any lookup: judged here.
    const literal =
      settings.privateTargets === "refuse" ? privateLiteralAddress(url.hostname) : undefined;
    if (literal !== undefined) {
      reject(new NotPublicTarget(literal));
      return;
    }
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        signal: AbortSignal.timeout(settings.timeoutMs),
        ...(settings.privateTargets === "refuse" ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        // The receiver's answer is not read, only let go of, so the connection can be reused.
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function post(
  delivery: Claimed,
  settings: { timeoutMs: number; privateTargets: WebhookPrivateTargets },
): Promise<Outcome> {
  const body = webhookBody({
    id: delivery.event_id,
    type: delivery.type,
    createdAt: delivery.created_at,
    payload: delivery.payload,
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  try {
    // A redirect is not an acknowledgement: the signed body goes only where it was registered.
    const status = await send(
      new URL(delivery.url),
      {
        "Content-Type": "application/json",
        "User-Agent": "Fuda-Webhooks/1",
        [WEBHOOK_HEADERS.id]: delivery.event_id,
        [WEBHOOK_HEADERS.type]: delivery.type,
        [WEBHOOK_HEADERS.timestamp]: timestamp,
        [WEBHOOK_HEADERS.signature]: signWebhook(delivery.secret, timestamp, body),
      },
      body,
      settings,
    );
    const ok = status >= 200 && status < 300;
    return { statusCode: status, error: ok ? null : `HTTP ${status}`, durationMs: duration() };
  } catch (failure) {
    return {
      statusCode: null,
      error: describeFailure(failure, settings.timeoutMs),
      durationMs: duration(),
    };
  }
}

/** Starts delivering: a pass at once, then one every `pollMs` (and at once while work remains). */
export function startWebhookDeliverer(options: WebhookDelivererOptions): WebhookDeliverer {
  const { db, log = createLogger("webhooks") } = options;
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  // A claimed delivery is not claimed again until the POST has surely ended (or this process
  // died mid-attempt: then it is retried once the lease is over).
  const leaseMs = settings.timeoutMs + 30_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);

  /** Due deliveries of live endpoints, marked as leased, oldest due first. */
  const claim = () =>
    db.$queryRaw<Claimed[]>`
      UPDATE webhook_deliveries d
      SET next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
      FROM webhook_events e, webhook_endpoints ep
      WHERE d.id IN (
          SELECT id FROM webhook_deliveries
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT ${settings.batchSize}
          FOR UPDATE SKIP LOCKED)
        AND e.id = d.event_id AND ep.id = d.endpoint_id AND ep.revoked_at IS NULL
      RETURNING d.id::text, d.attempts, e.id::text AS event_id, e.type, e.payload, e.created_at,
                ep.url, ep.secret`;

  /** The attempt logged and the delivery's next state, in one transaction. */
  async function record(delivery: Claimed, outcome: Outcome): Promise<void> {
    const acknowledged = outcome.error === null;
    // Attempt n (from 1) that failed waits backoff × 2^(n-1) before the next, at most the cap.
    const delayMs = Math.min(
      settings.backoffMs * 2 ** Math.min(delivery.attempts, 40),
      settings.maxBackoffMs,
    );
    await db.$transaction([
      db.$executeRaw`
        INSERT INTO webhook_attempts (id, delivery_id, status_code, error, duration_ms)
        VALUES (gen_random_uuid(), ${delivery.id}::uuid, ${outcome.statusCode}, ${outcome.error},
                ${outcome.durationMs})`,
      acknowledged
        ? db.$executeRaw`
            UPDATE webhook_deliveries
            SET status = 'delivered', attempts = attempts + 1, delivered_at = now(),
                next_attempt_at = NULL
            WHERE id = ${delivery.id}::uuid AND status = 'pending'`
        : db.$executeRaw`
            UPDATE webhook_deliveries d
            SET attempts = d.attempts + 1,
                status = CASE WHEN x.give_up THEN 'failed' ELSE 'pending' END
                  ::"WebhookDeliveryStatus",
                failed_at = CASE WHEN x.give_up THEN now() END,
                next_attempt_at = CASE WHEN x.give_up THEN NULL ELSE x.next END
            FROM (SELECT now() + ${delayMs} * interval '1 millisecond' AS next,
                         now() + ${delayMs} * interval '1 millisecond'
                           > e.created_at + ${settings.retryForMs} * interval '1 millisecond'
                           AS give_up
                  FROM webhook_events e WHERE e.id = ${delivery.event_id}::uuid) x
            WHERE d.id = ${delivery.id}::uuid AND d.status = 'pending'`,
    ]);
  }

  /** One attempt: sent, counted, a failure told, then recorded. */
  async function attempt(delivery: Claimed): Promise<void> {
    const outcome = await post(delivery, settings);
    const delivered = outcome.error === null;
    webhookDeliveries.inc({ outcome: delivered ? "delivered" : "failed" });
    if (!delivered) {
      log.warn(
        {
          host: hostOf(delivery.url),
          event: delivery.event_id,
          type: delivery.type,
          attempt: delivery.attempts + 1,
          status: outcome.statusCode,
          reason: outcome.error,
        },
        "webhook delivery failed",
      );
    }
    await record(delivery, outcome);
  }

  async function pass(): Promise<number> {
    const claimed = await claim();
    await Promise.all(claimed.map(attempt));
    return claimed.length;
  }

  async function drain(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const count = await pass();
      attempted += count;
      if (count < settings.batchSize || stopped) return attempted;
    }
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = drain().catch((failure: unknown) => {
        // The database away is retried at the next poll; anything else is a fault to look at.
        if (isDatabaseUnreachable(failure)) {
          log.warn(
            { reason: String(failure).replace(/\s+/g, " ") },
            "webhook deliveries: database unreachable",
          );
        } else {
          log.error({ err: failure }, "webhook deliveries: a pass failed");
        }
        return 0;
      });
      void running.finally(() => {
        schedule(settings.pollMs);
      });
    }, delay);
  }

  schedule(0);
  return {
    drain: () => {
      const next = running.then(drain);
      running = next.catch(() => 0);
      return next;
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Where a delivery goes, for the log: the host and port only (no path, query or credentials). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(not a URL)";
  }
}

/** Options given as `undefined` (an unset env var) keep their defaults. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}
