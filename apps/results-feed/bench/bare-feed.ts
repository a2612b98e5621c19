/**
 * The feed bench's baseline (bench/rounds.ts): a bare `node:http` server answering the same
 * `GET /v1/rounds` requests with one SQL statement through `pg` each, its rows written as JSON.
 * No key, no rate limit, no validation, no bet results, no compression: what serving those pages
 * costs at the least on this machine. `PORT`, `DATABASE_URL`.
 */
import { createServer } from "node:http";

import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

// The feed's order and filters (packages/api/src/domain/feed-rounds.ts), in one statement.
const SQL = `
  SELECT r.id, t.slug AS table, t.game, t.variant, r.shoe_id AS shoe, r.number, r.phase,
         r.cards, r.outcome, r.state, r.opened_at, coalesce(r.settled_at, r.closed_at, r.opened_at) AS finished_at,
         r.voided_at, r.void_reason, r.finished_xid
  FROM rounds r JOIN tables t ON t.id = r.table_id
  WHERE r.finished_xid IS NOT NULL
    AND r.finished_xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint
    AND ($1::text IS NULL OR t.slug = $1)
    AND ($2::"Game" IS NULL OR t.game = $2)
    AND ($3::timestamptz IS NULL OR coalesce(r.settled_at, r.closed_at, r.opened_at) >= $3)
    AND ($4::timestamptz IS NULL OR coalesce(r.settled_at, r.closed_at, r.opened_at) < $4)
    AND ($5::bigint IS NULL OR (r.finished_xid, r.id) > ($5::bigint, $6::uuid))
  ORDER BY r.finished_xid, r.id
  LIMIT $7`;

const GAMES: Record<string, string> = {
  baccarat: "BACCARAT",
  "pok-deng": "POK_DENG",
  "joker-blackjack": "JOKER_BLACKJACK",
};

const server = createServer((req, res) => {
  const query = new URL(req.url ?? "/", "http://bare").searchParams;
  const limit = Number(query.get("limit") ?? 50);
  const cursor = query.get("cursor");
  const [xid, id] =
    cursor === null
      ? [null, null]
      : (JSON.parse(Buffer.from(cursor, "base64url").toString()) as [string, string]);
  const game = query.get("game");
  pool
    .query<{ finished_xid: string; id: string }>(SQL, [
      query.get("table"),
      game === null ? null : (GAMES[game] ?? game),
      query.get("from"),
      query.get("to"),
      xid,
      id,
      limit + 1,
    ])
    .then(({ rows }) => {
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const body = JSON.stringify({
        rounds: page,
        nextCursor:
          last === undefined
            ? cursor
            : Buffer.from(JSON.stringify([last.finished_xid, last.id])).toString("base64url"),
        hasMore: rows.length > limit,
      });
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(body);
    })
    .catch((error: unknown) => {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
});

server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => {
  server.close();
  void pool.end();
});
