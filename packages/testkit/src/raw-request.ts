import { request } from "node:http";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request with any method, target and headers, exactly as given: what fetch() refuses
 * to send (TRACE, `*`, `//[`, odd headers) is what servers must still answer. A server-sent
 * event stream never ends by itself: its answer is what arrived in its first `streamMs`.
 */
export function rawRequest(
  origin: string,
  method: string,
  target: string,
  options: {
    headers?: Record<string, string>;
    body?: string | Buffer;
    timeoutMs?: number;
    streamMs?: number;
  } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method,
        path: target,
        headers: options.headers,
        // A connection of its own: a refused request may leave it unusable, by design.
        agent: false,
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        const answer = (): void => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        };
        res.on("end", answer);
        res.on("error", reject);
        if (res.headers["content-type"]?.startsWith("text/event-stream") === true) {
          setTimeout(() => {
            answer();
            req.destroy();
          }, options.streamMs ?? 500);
        }
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${target}: no answer in time`)));
    req.on("error", reject);
    req.end(options.body);
  });
}
