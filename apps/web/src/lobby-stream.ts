import { z } from "zod";

import { lobbyTableSchema } from "@fuda/api/types";

import type { LobbyTable } from "~/game-api";
import { parseStreamData } from "./stream-data";

/** The list `tables.watch` sends: the procedure's own output schema (`@fuda/api/types`). */
const tablesSchema = z.array(lobbyTableSchema);

/** The table list in one `data:` payload of the stream, or undefined for anything else. */
export const parseTables = (data: string): LobbyTable[] | undefined =>
  parseStreamData(data, tablesSchema);

/**
 * Whether one server-sent event (its lines, without the blank line that ends it) may reach the
 * browser: named events (tRPC's `connected`, `ping`) and comments pass; a message passes only
 * when its data is a table list the lobby can show.
 */
function isShowable(event: string): boolean {
  const lines = event.split("\n");
  if (lines.some((line) => line.startsWith("event:") && line.slice(6).trim() !== "message")) {
    return true;
  }
  const data = lines.filter((line) => line.startsWith("data:"));
  if (data.length === 0) return true;
  return (
    parseTables(data.map((line) => line.slice(line.startsWith("data: ") ? 6 : 5)).join("\n")) !==
    undefined
  );
}

/**
 * The game API's `tables.watch` stream with every message checked against the API's own schema
 * here, on the server, so the browser's lobby only parses JSON: the schema library never reaches
 * the lobby's bundle (its budget is 150 kB, test/bundle-budget.e2e.test.ts).
 */
export function checkedTableEvents(
  upstream: ReadableStream<Uint8Array>,
): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  const flushEvents = (controller: TransformStreamDefaultController<Uint8Array>): void => {
    // SSE lines may end in CRLF, LF or CR (the HTML standard's event stream format); a CR at the
    // end of a piece waits for the next one, which may begin with its LF.
    const heldCr = pending.endsWith("\r");
    pending = pending.slice(0, heldCr ? -1 : undefined).replace(/\r\n?/g, "\n");
    let end = pending.indexOf("\n\n");
    while (end !== -1) {
      const event = pending.slice(0, end);
      pending = pending.slice(end + 2);
      if (isShowable(event)) controller.enqueue(encoder.encode(`${event}\n\n`));
      end = pending.indexOf("\n\n");
    }
    if (heldCr) pending += "\r";
  };
  return upstream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        pending += decoder.decode(chunk, { stream: true });
        flushEvents(controller);
      },
    }),
  );
}
