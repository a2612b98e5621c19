/**
 * A table's chat (docs/chat.md): its lines are rows of `chat_messages` and, in the same
 * transaction, `chat.message` table events, so they reach every viewer on the table's own stream,
 * in order with the round's events and resumable by id.
 *
 * Lines are group-committed (@fuda/db `groupCommit`): a line alone is written at once; lines
 * sent while a write runs, or within 100 ms of the last, go together in the next. Each write is
 * one hub read, and so one pass over the table's sockets whatever the lines in it: the cost of a
 * busy chat to 10,000 viewers is the passes, not the lines (docs/performance.md, Table chat).
 *
 * Two paces keep a chat readable and its fan-out bounded, both refusing with the wait rather than
 * queueing: each writer's (a line a second, three at once) and each table's (what a reader can
 * follow; past it every line is noise and costs every viewer).
 */
import { setTimeout as sleep } from "node:timers/promises";

import type { ChatLine, ChatRole } from "@fuda/contracts";
import type { Db } from "@fuda/db";
import { groupCommit } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import type { Pacer, Rate } from "@fuda/limits";
import { createMemoryPacer, secondsOf } from "@fuda/limits";

import { appendEvents } from "./events";
import type { NewEvent } from "./events";

export interface ChatPaces {
  /** Each writer's, across tables. */
  writer: Rate;
  /** Each table's lines. */
  table: Rate;
}

export const DEFAULT_CHAT_PACES: ChatPaces = {
  writer: { perSecond: 1, burst: 3 },
  table: { perSecond: 20, burst: 20 },
};

/** A refusal for going faster than `rule`'s pace, saying how long to wait. */
export function tooFast(rule: "TOO_FAST" | "CHAT_BUSY", retryAfterMs: number): FudaError {
  const wait = secondsOf(retryAfterMs);
  return new FudaError(
    "RATE_LIMITED",
    rule === "TOO_FAST"
      ? `text: one line a second (three at once): wait ${wait}`
      : `text: the table's chat is at its pace: wait ${wait}`,
    { field: "text", rule, retryAfterMs },
  );
}

export interface ChatWriter {
  userId: string;
  name: string;
  role: ChatRole;
}

/** A line to post: its text normalised and checked by the caller. */
export interface NewChatLine {
  tableId: string;
  writer: ChatWriter;
  text: string;
  /** The writer's key for this send: the same key again answers the first line. */
  requestId: string;
}

export interface ChatDesk {
  /** Throws RATE_LIMITED (TOO_FAST) when the writer is past their pace; takes a token else. */
  paceWriter(userId: string): Promise<void>;
  /** Throws RATE_LIMITED (CHAT_BUSY) when the table's chat is at its pace; takes a token else. */
  paceTable(tableId: string): Promise<void>;
  /** Posts a line (paced by the caller); a retried request id answers its first line. */
  post(line: NewChatLine): Promise<ChatLine>;
  close(): Promise<void>;
}

export interface ChatDeskOptions {
  db: Db;
  paces?: Partial<ChatPaces>;
  /** Where the paces' buckets are: every node's (Redis) or this process's (by default). */
  pacer?: Pacer;
  now?: () => number;
  /** How often lines past their table's retention are deleted; 0: never (tests). */
  sweepEveryMs?: number;
  /** The least time between two writes of lines (docs/performance.md, Table chat). */
  writeGapMs?: number;
}

/** A `chat_messages` row as read (its table id as text). */
export interface ChatLineRow {
  id: bigint;
  table_id: string;
  user_id: string;
  name: string;
  role: ChatRole;
  text: string;
  created_at: Date;
}

interface PostedRow extends ChatLineRow {
  request_id: string;
  inserted: boolean;
}

export const chatLineOf = (row: ChatLineRow): ChatLine => ({
  id: row.id.toString(),
  tableId: row.table_id,
  userId: row.user_id,
  name: row.name,
  role: row.role,
  text: row.text,
  at: row.created_at.toISOString(),
});

/** The event a posted line is announced with. */
export const chatMessageEvent = (line: ChatLine): NewEvent => ({
  tableId: line.tableId,
  type: "chat.message",
  payload: {
    messageId: line.id,
    userId: line.userId,
    name: line.name,
    role: line.role,
    text: line.text,
  },
});

/**
 * Writes a batch of lines in one transaction: the new ones inserted and announced, a retried
 * request id answered with the line it posted first (announced then, not again).
 */
async function postLines(db: Db, lines: NewChatLine[]): Promise<ChatLine[]> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<PostedRow[]>`
      WITH input AS (
        SELECT * FROM unnest(
          ${lines.map((l) => l.tableId)}::uuid[], ${lines.map((l) => l.writer.userId)}::text[],
          ${lines.map((l) => l.writer.name)}::text[], ${lines.map((l) => l.writer.role)}::text[],
          ${lines.map((l) => l.text)}::text[], ${lines.map((l) => l.requestId)}::text[]
        ) WITH ORDINALITY AS i(table_id, user_id, name, role, text, request_id, n)
      ), inserted AS (
        INSERT INTO chat_messages (table_id, user_id, name, role, text, request_id)
        SELECT table_id, user_id, name, role, text, request_id FROM input ORDER BY n
        ON CONFLICT (user_id, request_id) DO NOTHING
        RETURNING id, table_id, user_id, name, role, text, request_id, created_at
      )
      SELECT coalesce(a.id, b.id) AS id, coalesce(a.table_id, b.table_id) AS table_id,
             i.user_id, coalesce(a.name, b.name) AS name, coalesce(a.role, b.role) AS role,
             coalesce(a.text, b.text) AS text, i.request_id,
             coalesce(a.created_at, b.created_at) AS created_at, a.id IS NOT NULL AS inserted
      FROM input i
      LEFT JOIN inserted a ON a.user_id = i.user_id AND a.request_id = i.request_id
      LEFT JOIN chat_messages b ON a.id IS NULL
        AND b.user_id = i.user_id AND b.request_id = i.request_id
      ORDER BY i.n`;
    // The same request id twice in one batch: the insert took the first, both answer it.
    const announced = new Set<bigint>();
    const events: NewEvent[] = [];
    for (const row of rows) {
      if (row.inserted && !announced.has(row.id)) {
        announced.add(row.id);
        events.push(chatMessageEvent(chatLineOf(row)));
      }
    }
    await appendEvents(tx, events);
    return rows.map(chatLineOf);
  });
}

/** Deletes the lines (and their events) older than each table's retention. */
export async function sweepChat(db: Db): Promise<{ lines: number }> {
  const retention = `coalesce((t.settings->>'chatRetentionDays')::int, 30)`;
  const lines = await db.$executeRawUnsafe(`
    DELETE FROM chat_messages c USING tables t
    WHERE c.table_id = t.id AND c.created_at < now() - make_interval(days => ${retention})`);
  await db.$executeRawUnsafe(`
    DELETE FROM table_events e USING tables t
    WHERE e.table_id = t.id AND e.type IN ('chat.message', 'chat.deleted')
      AND e.created_at < now() - make_interval(days => ${retention})`);
  return { lines };
}

const HOUR_MS = 3_600_000;

export function createChatDesk({
  db,
  paces = {},
  pacer = createMemoryPacer(),
  now = Date.now,
  sweepEveryMs = HOUR_MS,
  writeGapMs = 100,
}: ChatDeskOptions): ChatDesk {
  const writerPace: Rate = paces.writer ?? DEFAULT_CHAT_PACES.writer;
  const tablePace: Rate = paces.table ?? DEFAULT_CHAT_PACES.table;
  let lastWrite = 0;
  const lines = groupCommit<NewChatLine, ChatLine>(
    async (batch) => {
      // At most one write per `writeGapMs`: a line alone is written at once, lines of a busy
      // chat wait for the gap and go together (each write is one pass over every viewer).
      const wait = lastWrite + writeGapMs - now();
      if (wait > 0) await sleep(wait);
      lastWrite = now();
      return (await postLines(db, batch)).map((line) => ({ ok: true as const, value: line }));
    },
    {
      maxBatch: 512,
      maxInFlight: 1,
      closedError: () =>
        new FudaError("CONFLICT", "the chat is closed: this process is shutting down"),
    },
  );
  const sweep =
    sweepEveryMs > 0
      ? setInterval(() => {
          sweepChat(db).catch(() => undefined);
        }, sweepEveryMs)
      : undefined;
  sweep?.unref();

  return {
    async paceWriter(userId) {
      const wait = await pacer.take(`chat:writer:${userId}`, writerPace);
      if (wait > 0) throw tooFast("TOO_FAST", wait);
    },
    async paceTable(tableId) {
      const wait = await pacer.take(`chat:table:${tableId}`, tablePace);
      if (wait > 0) throw tooFast("CHAT_BUSY", wait);
    },
    post: (line) => lines.run(line),
    async close() {
      if (sweep !== undefined) clearInterval(sweep);
      await lines.close();
    },
  };
}
