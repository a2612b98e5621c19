-- CreateTable
CREATE TABLE "feed_revision" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "changes" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "feed_revision_pkey" PRIMARY KEY ("id")
);

INSERT INTO "feed_revision" ("id", "changes") VALUES (1, 0);

-- A full page of the results feed changes only when one of its finished rounds is voided or its
-- shoe ends (docs/feed.md, Pages kept serialized). Counting those changes in the changing
-- transaction itself lets the feed answer a full page it has already read by reading this one
-- row: a reader sees the new count exactly when it would see the void or the shoe's end.
CREATE FUNCTION "feed_revision_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "feed_revision" SET "changes" = "changes" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER "feed_revision_round_voided" AFTER UPDATE OF "voided_at" ON "rounds"
  FOR EACH ROW WHEN (OLD."voided_at" IS DISTINCT FROM NEW."voided_at")
  EXECUTE FUNCTION "feed_revision_count_change"();

CREATE TRIGGER "feed_revision_shoe_ended" AFTER UPDATE OF "ended_at" ON "shoes"
  FOR EACH ROW WHEN (OLD."ended_at" IS DISTINCT FROM NEW."ended_at")
  EXECUTE FUNCTION "feed_revision_count_change"();
