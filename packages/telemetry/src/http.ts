import type { IncomingMessage, ServerResponse } from "node:http";

import { trace } from "@opentelemetry/api";

import type { Logger } from "./logger";
import { httpRequestDuration } from "./metrics";
import { requestIdOf, withRequestId } from "./request-id";

export interface ObservedRequest {
  /** The server's name in metrics ("game-api", "results-feed"). */
  service: string;
  log: Logger;
  /**
   * The request's route for metrics and logs, read when the answer ends: a small set of names
   * (a procedure, an OpenAPI path template), never raw paths, which would make a label per id.
   */
  route: (req: IncomingMessage) => string;
  /** Told of every answer's end, with its route and status (a service's own counters). */
  onEnd?: (req: IncomingMessage, route: string, status: number) => void;
}

/**
 * Serves one request observed: its id (the caller's `x-request-id` when sane, else new) goes on
 * the request's headers, the answer's `x-request-id`, the trace's span and every log line the
 * handling causes; when the answer ends, one log line and one histogram sample by route and
 * status (5xx at error level, others at info).
 */
export function observeRequest(
  { service, log, route, onEnd }: ObservedRequest,
  req: IncomingMessage,
  res: ServerResponse,
  handle: () => void,
): void {
  const requestId = requestIdOf(req.headers);
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  trace.getActiveSpan()?.setAttribute("fuda.request_id", requestId);
  const started = process.hrtime.bigint();
  const done = (): void => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const name = route(req);
    const status = res.headersSent ? res.statusCode : 499;
    httpRequestDuration.observe(
      { service, route: name, method: req.method ?? "?", status: String(status) },
      seconds,
    );
    onEnd?.(req, name, status);
    withRequestId(requestId, () => {
      const line = { method: req.method, route: name, status, ms: Math.round(seconds * 1000) };
      if (status >= 500) log.error(line, "request failed");
      else log.info(line, "request");
    });
  };
  res.once("close", done);
  withRequestId(requestId, handle);
}
