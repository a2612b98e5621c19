-- AlterTable
ALTER TABLE "rounds" ADD COLUMN     "finished_xid" BIGINT;

-- CreateIndex
CREATE INDEX "rounds_finished_xid_id_idx" ON "rounds"("finished_xid", "id");

-- The results feed pages finished rounds by the id of the transaction that finished them: a
-- reader lists only rounds below its snapshot's xmin (every transaction there has ended), so a
-- round that commits later always sorts after what the reader has seen (docs/feed.md, Paging).
CREATE FUNCTION "rounds_set_finished_xid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.phase IN ('settled', 'cancelled') AND NEW.finished_xid IS NULL THEN
    NEW.finished_xid := pg_current_xact_id()::text::bigint;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "rounds_finished_xid" BEFORE INSERT OR UPDATE OF "phase" ON "rounds"
  FOR EACH ROW EXECUTE FUNCTION "rounds_set_finished_xid"();

-- Rounds finished before this migration: negative numbers, below every transaction id, in the
-- order they finished.
UPDATE "rounds" AS r SET "finished_xid" = o.rank - o.total - 1
FROM (
  SELECT "id",
         row_number() OVER (ORDER BY coalesce("settled_at", "closed_at", "opened_at"), "id") AS rank,
         count(*) OVER () AS total
  FROM "rounds" WHERE "phase" IN ('settled', 'cancelled')
) AS o
WHERE r."id" = o."id";
