/**
 * `GET /v1/rounds`, the partners' hottest request (they poll it and page through it), served in
 * front of trpc-to-openapi with the same contract: the OpenAPI operation `rounds`, the same
 * input schema, the same output schema, the same bytes (test/rounds-route.test.ts sends every
 * request both ways and compares them).
 *
 * Why: a page is 50 rounds, ~75 kB of JSON. Through the adapter every request validated those
 * rounds against the output schema, serialized them and gzipped them again, though a full page
 * never changes unless one of its rounds is voided or its shoe revealed (finishedRoundPage's
 * version). Here a page's answer is kept serialized, JSON and gzip, by that version: a page asked
 * again costs the one indexed query that reads its keys and versions; a full page (more follow)
 * asked again costs only a read of the feed's revision, which every void and shoe end moves.
 *
 * Anything unusual (a parameter given twice, input the schema refuses, any failure of the page)
 * goes to trpc-to-openapi, which answers it as it always has.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";

import { acceptsGzip } from "@fuda/env";
import { feedRevision, finishedRoundPage, roundPageSchema, roundsInputSchema } from "@fuda/api";
import type { Db } from "@fuda/db";

import { GZIP_FROM_CHARACTERS } from "./compression";

const gzipped = promisify(gzip);

interface Answer {
  /** finishedRoundPage's version: the page, to the byte. */
  version: string;
  json: string;
  /** Made the first time a caller takes gzip; shared by callers asking meanwhile. */
  gzip?: Promise<Buffer>;
  bytes: number;
}

/** Puts `key` last in `map`'s order, the order in which the least recently asked leave first. */
function lastOut<V>(map: Map<string, V>, key: string, value: V): V {
  map.delete(key);
  map.set(key, value);
  return value;
}

/** The query as trpc-to-openapi reads it, or undefined if a name repeats (an array to it). */
function queryInput(search: string): Record<string, string> | undefined {
  const input: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    if (Object.hasOwn(input, name)) return undefined;
    input[name] = value;
  }
  return input;
}

export interface RoundsRoute {
  /**
   * Answers the request when it can; false when it leaves it to trpc-to-openapi (nothing
   * written then).
   */
  serve(req: IncomingMessage, res: ServerResponse, search: string): Promise<boolean>;
}

/**
 * `maxBytes`: how much serialized answers may take (JSON and gzip), least recently asked first
 * out; `maxFullPages`: how many requests of full pages are remembered with their revision.
 */
export function createRoundsRoute({
  db,
  maxBytes = 64 * 1024 * 1024,
  maxFullPages = 10_000,
}: {
  db: Db;
  maxBytes?: number;
  maxFullPages?: number;
}): RoundsRoute {
  const answers = new Map<string, Answer>();
  let bytes = 0;
  /** Full pages by their request's input: the version read and the feed revision it was read at. */
  const fullPages = new Map<string, { version: string; revision: string }>();
  /** Answers being made, by version. */
  const making = new Map<string, Promise<Answer>>();

  const rememberFull = (input: string, page: { version: string; revision: string }) => {
    lastOut(fullPages, input, page);
    if (fullPages.size > maxFullPages) fullPages.delete(fullPages.keys().next().value!);
  };

  const keep = (version: string, answer: Answer) => {
    answers.set(version, answer);
    bytes += answer.bytes;
    for (const [oldest, old] of answers) {
      if (bytes <= maxBytes || oldest === version) break;
      answers.delete(oldest);
      bytes -= old.bytes;
    }
  };

  /** Asked again: the last to leave. */
  const askedAgain = (version: string, answer: Answer): Answer => lastOut(answers, version, answer);

  async function answerOf(search: string): Promise<Answer | undefined> {
    const query = queryInput(search);
    if (query === undefined) return undefined;
    // Numbers come as text in a query: trpc-to-openapi coerces them the same way.
    const parsed = roundsInputSchema.safeParse(
      query.limit === undefined ? query : { ...query, limit: Number(query.limit) },
    );
    if (!parsed.success) return undefined;
    const input = JSON.stringify(parsed.data);
    const full = fullPages.get(input);
    const fullAnswer = full && answers.get(full.version);
    if (full && fullAnswer && (await feedRevision(db)) === full.revision) {
      rememberFull(input, full);
      return askedAgain(full.version, fullAnswer);
    }
    const { version, revision, read } = await finishedRoundPage({ db, input: parsed.data });
    if (revision !== undefined) rememberFull(input, { version, revision });
    const kept = answers.get(version);
    if (kept !== undefined) return askedAgain(version, kept);
    // A page new to every caller is made once: partners following the newest full page, or
    // paging in step, all ask for it in the same moment.
    let made = making.get(version);
    if (made === undefined) {
      made = read().then((page) => {
        const json = JSON.stringify(roundPageSchema.parse(page));
        const answer: Answer = { version, json, bytes: json.length };
        keep(version, answer);
        return answer;
      });
      making.set(version, made);
      const done = () => making.delete(version);
      made.then(done, done);
    }
    return made;
  }

  return {
    async serve(req, res, search) {
      let answer: Answer | undefined;
      try {
        answer = await answerOf(search);
      } catch {
        // trpc-to-openapi meets the same failure and answers it (problem details, logs).
        return false;
      }
      if (answer === undefined) return false;
      // What trpc-to-openapi and the server's `answering` write for a page, in the same order.
      res.statusCode = 200;
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Vary", "Accept-Encoding");
      if (
        !acceptsGzip(req.headers["accept-encoding"]) ||
        answer.json.length < GZIP_FROM_CHARACTERS
      ) {
        res.end(answer.json);
        return true;
      }
      if (answer.gzip === undefined) {
        const made = gzipped(answer.json, { level: 3 });
        answer.gzip = made;
        const kept = answer;
        made.then(
          (body) => {
            // Counted while kept; an answer already let go takes nothing.
            if (answers.get(kept.version) !== kept) return;
            kept.bytes += body.length;
            bytes += body.length;
          },
          () => {
            if (kept.gzip === made) delete kept.gzip;
          },
        );
      }
      let body: Buffer;
      try {
        body = await answer.gzip;
      } catch {
        res.end(answer.json);
        return true;
      }
      res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Content-Length", body.length);
      res.end(body);
      return true;
    },
  };
}
