-- The partners' feed pages one table's finished rounds in their finishing order
-- (`GET /v1/rounds?table=…`): without this index PostgreSQL read every round the table ever
-- dealt and sorted them for each page, a cost growing with the table's history
-- (docs/feed.md, Benchmark).
CREATE INDEX "rounds_table_id_finished_xid_id_idx" ON "rounds" ("table_id", "finished_xid", "id");
