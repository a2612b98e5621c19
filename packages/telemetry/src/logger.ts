import { trace } from "@opentelemetry/api";
import pino from "pino";
import type { DestinationStream, Logger } from "pino";
import pretty from "pino-pretty";

import { SECRET_KEY_SET, scrubText } from "./redact";
import { currentRequestId } from "./request-id";

export type { Logger };

export interface LoggerOptions {
  /** LOG_LEVEL: trace, debug, info (default), warn, error, fatal or silent. */
  level?: string;
  /** LOG_FORMAT: "json" (default: one JSON object a line) or "pretty" (`pnpm start`, `pnpm dev`). */
  format?: string;
  /** Where lines go; stdout by default. */
  destination?: DestinationStream;
}

/**
 * `value` with every string scrubbed and every value under a secret key replaced, to three levels
 * down. One walk: pino's own redaction by path (each key at four depths, with wildcards) cost
 * 41–43 µs a request line against 6.3–6.5 µs for this (docs/performance.md, Results feed).
 */
function scrubbed(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth > 3 || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1));
  if (value instanceof Error) {
    return {
      type: value.name,
      message: scrubText(value.message),
      stack: scrubText(value.stack ?? ""),
    };
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY_SET.has(key) ? "[redacted]" : scrubbed(item, depth + 1),
    ]),
  );
}

/**
 * A server process's logger (pino): JSON lines to stdout in production, one readable line each
 * under `pnpm start`/`pnpm dev` (LOG_FORMAT=pretty). Each line carries the service's name, and
 * the request id and trace id of the request that caused it; secrets are redacted by key and
 * by pattern (redact.ts).
 */
export function createLogger(service: string, options: LoggerOptions = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? "info";
  const format = options.format ?? process.env.LOG_FORMAT ?? "json";
  const destination =
    options.destination ??
    (format === "pretty"
      ? pretty({
          sync: true,
          colorize: false,
          singleLine: true,
          translateTime: "HH:MM:ss.l",
          ignore: "pid,hostname,service",
        })
      : pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level,
      base: { service },
      mixin() {
        const requestId = currentRequestId();
        const traceId = trace.getActiveSpan()?.spanContext().traceId;
        return {
          ...(requestId === undefined ? {} : { requestId }),
          ...(traceId === undefined ? {} : { traceId }),
        };
      },
      formatters: {
        log: (object) => scrubbed(object) as Record<string, unknown>,
      },
      hooks: {
        logMethod(args, method) {
          const clean: unknown[] = args.map((arg) =>
            typeof arg === "string" ? scrubText(arg) : arg,
          );
          // An error alone: pino would take its message, unscrubbed, as the line's.
          if (clean.length === 1 && clean[0] instanceof Error)
            clean.push(scrubText(clean[0].message));
          method.apply(this, clean as Parameters<typeof method>);
        },
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
