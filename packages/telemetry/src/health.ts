import type { ServerResponse } from "node:http";

/** One readiness check: resolves when the need is met, rejects saying what is wrong. */
export type ReadinessCheck = () => Promise<unknown>;

/** How long one check may take before it counts as failed: a probe must answer in time. */
const CHECK_TIMEOUT_MS = 2_000;

function withinTimeout(check: ReadinessCheck): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`));
    }, CHECK_TIMEOUT_MS);
    check()
      .then(resolve, reject)
      .finally(() => {
        clearTimeout(timer);
      });
  });
}

/**
 * `GET /livez` and `GET /readyz`, answered when `path` is one of them (returns whether it
 * answered). Liveness is the process answering at all: an orchestrator restarts a process only
 * when it stops answering, never for a database outage, which a restart cannot fix. Readiness
 * runs every check at once: 200 when all pass, 503 naming each failure, so traffic goes
 * elsewhere until they pass again.
 */
export function serveHealth(
  path: string,
  res: ServerResponse,
  checks: Record<string, ReadinessCheck>,
): boolean {
  if (path === "/livez") {
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify({ status: "ok" }));
    return true;
  }
  if (path !== "/readyz") return false;
  const names = Object.keys(checks);
  void Promise.allSettled(names.map((name) => withinTimeout(checks[name]!))).then((results) => {
    const outcome = Object.fromEntries(
      results.map((result, index) => [
        names[index]!,
        result.status === "fulfilled"
          ? "ok"
          : result.reason instanceof Error
            ? result.reason.message
            : String(result.reason),
      ]),
    );
    const ready = results.every((result) => result.status === "fulfilled");
    res.writeHead(ready ? 200 : 503, {
      "content-type": "application/json",
      "cache-control": "no-store",
    });
    res.end(JSON.stringify({ status: ready ? "ok" : "unavailable", checks: outcome }));
  });
  return true;
}
