import { request } from "node:http";
import { StringDecoder } from "node:string_decoder";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as text (UTF-8). */
  body: string;
  /** The body's bytes as they came over the wire, undecoded (fetch would gunzip them). */
  bytes: Buffer;
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
        // A stream's answer may end inside a character: the decoder holds its first bytes back.
        const text = new StringDecoder("utf8");
        const chunks: Buffer[] = [];
        let body = "";
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          body += text.write(chunk);
        });
        const answer = (): void => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            bytes: Buffer.concat(chunks),
          });
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
