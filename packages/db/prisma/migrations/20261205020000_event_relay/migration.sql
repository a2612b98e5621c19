-- CreateTable
CREATE TABLE "event_relay" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "published_id" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_relay_pkey" PRIMARY KEY ("id")
);

-- The relay starts after the events that exist when it is first deployed: older ones are read
-- from PostgreSQL by any viewer that asks for them.
INSERT INTO "event_relay" ("id", "published_id") SELECT 1, coalesce(max("id"), 0) FROM "table_events";
