import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/** The request a piece of work was caused by: every log line and error answer carries its id. */
const current = new AsyncLocalStorage<string>();

/**
 * What a caller's `x-request-id` may be to be kept (a proxy's or a load balancer's id): short and
 * printable, so it cannot forge log lines or headers. Anything else is replaced by a new id.
 */
const SANE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The id of a request: its `x-request-id` when sane, else a new UUID. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const sent = headers["x-request-id"];
  const id = Array.isArray(sent) ? sent[0] : sent;
  return id !== undefined && SANE_ID.test(id) ? id : randomUUID();
}

/** Runs `work` as caused by request `id`: `currentRequestId()` inside it, and what it awaits. */
export function withRequestId<T>(id: string, work: () => T): T {
  return current.run(id, work);
}

/** The id of the request the running code was caused by, if any. */
export function currentRequestId(): string | undefined {
  return current.getStore();
}
