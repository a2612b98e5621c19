/**
 * A partner's server-sent events client, as small as the format: it reads `GET /v1/stream` over
 * fetch, splits the events on blank lines and keeps the comments apart (heartbeats).
 */
export interface StreamEvent {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

export interface OpenStream {
  status: number;
  contentType: string;
  /** The next `count` events, failing after `ms`. */
  read(count: number, ms?: number): Promise<StreamEvent[]>;
  /** Events until one with an id above `id` (that one included). */
  readPast(id: bigint, ms?: number): Promise<StreamEvent[]>;
  /** Whatever comes in the next `ms`: events, and comments into `comments`. */
  readFor(ms: number): Promise<StreamEvent[]>;
  comments: string[];
  retry?: number;
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string>) {
  const closing = new AbortController();
  const response = await fetch(url, { headers, signal: closing.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const queue: StreamEvent[] = [];
  let buffer = "";
  /** The read under way: one that timed out is awaited again next time, so no chunk is lost. */
  let pending: ReturnType<typeof reader.read> | undefined;
  const stream: OpenStream = {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    comments: [],
    close: () => {
      closing.abort();
    },
    async read(count, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (queue.length < count) await pull(deadline);
      return queue.splice(0, count);
    },
    async readFor(ms) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) await pull(deadline).catch(() => undefined);
      return queue.splice(0, queue.length);
    },
    async readPast(id, ms = 30_000) {
      const deadline = Date.now() + ms;
      const read: StreamEvent[] = [];
      while (read.length === 0 || BigInt(read.at(-1)!.id) <= id) {
        if (queue.length === 0) await pull(deadline);
        read.push(...queue.splice(0, queue.length));
      }
      return read;
    },
  };

  /** Reads the next chunk and parses what it completes. */
  async function pull(deadline: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`stream: no event in time (${queue.length} waiting)`));
      }, deadline - Date.now());
    });
    pending ??= reader.read();
    const { value, done } = await Promise.race([pending, late]).finally(() => {
      clearTimeout(timer);
    });
    pending = undefined;
    if (done) throw new Error("stream: ended");
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields: Record<string, string> = {};
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) stream.comments.push(line.slice(1).trim());
        else {
          const colon = line.indexOf(":");
          fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, "");
        }
      }
      if (fields.retry !== undefined) stream.retry = Number(fields.retry);
      if (fields.data !== undefined) {
        queue.push({
          id: fields.id!,
          event: fields.event!,
          data: JSON.parse(fields.data) as Record<string, unknown>,
        });
      }
    }
  }
  return stream;
}
