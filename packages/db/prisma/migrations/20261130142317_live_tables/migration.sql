-- CreateEnum
CREATE TYPE "round_phase" AS ENUM ('betting', 'dealing', 'settled', 'cancelled');

-- CreateEnum
CREATE TYPE "bet_status" AS ENUM ('open', 'settled', 'refunded');

-- CreateTable
CREATE TABLE "shoes" (
    "id" UUID NOT NULL,
    "table_id" UUID NOT NULL,
    "commitment" TEXT NOT NULL,
    "cards" BYTEA NOT NULL,
    "state" JSONB NOT NULL,
    "position" INTEGER NOT NULL,
    "burned" INTEGER[],
    "first_burn" JSONB NOT NULL,
    "road" JSONB NOT NULL DEFAULT '[]',
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),
    "reveal" JSONB,

    CONSTRAINT "shoes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rounds" (
    "id" UUID NOT NULL,
    "table_id" UUID NOT NULL,
    "shoe_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "phase" "round_phase" NOT NULL DEFAULT 'betting',
    "betting_closes_at" TIMESTAMPTZ(3) NOT NULL,
    "state" JSONB NOT NULL,
    "cards" INTEGER[],
    "outcome" JSONB,
    "version" INTEGER NOT NULL DEFAULT 0,
    "opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(3),
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "rounds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "bets" (
    "id" UUID NOT NULL,
    "round_id" UUID NOT NULL,
    "player_id" TEXT NOT NULL,
    "slip_id" UUID NOT NULL,
    "request_id" TEXT NOT NULL,
    "line" INTEGER NOT NULL,
    "bet" TEXT NOT NULL,
    "seat" INTEGER,
    "stake" BIGINT NOT NULL,
    "reserved" BIGINT NOT NULL,
    "status" "bet_status" NOT NULL DEFAULT 'open',
    "returned" BIGINT,
    "placed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "settled_at" TIMESTAMPTZ(3),

    CONSTRAINT "bets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "table_events" (
    "id" BIGSERIAL NOT NULL,
    "table_id" UUID NOT NULL,
    "round_id" UUID,
    "player_id" TEXT,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "table_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "shoes_table_id_started_at_idx" ON "shoes"("table_id", "started_at");

-- CreateIndex
CREATE INDEX "rounds_table_id_opened_at_idx" ON "rounds"("table_id", "opened_at");

-- CreateIndex
CREATE INDEX "rounds_phase_idx" ON "rounds"("phase");

-- CreateIndex
CREATE UNIQUE INDEX "rounds_shoe_id_number_key" ON "rounds"("shoe_id", "number");

-- CreateIndex
CREATE INDEX "bets_round_id_player_id_idx" ON "bets"("round_id", "player_id");

-- CreateIndex
CREATE INDEX "bets_player_id_placed_at_idx" ON "bets"("player_id", "placed_at");

-- CreateIndex
CREATE UNIQUE INDEX "bets_player_id_request_id_line_key" ON "bets"("player_id", "request_id", "line");

-- CreateIndex
CREATE INDEX "table_events_table_id_id_idx" ON "table_events"("table_id", "id");

-- CreateIndex
CREATE INDEX "table_events_round_id_idx" ON "table_events"("round_id");

-- AddForeignKey
ALTER TABLE "shoes" ADD CONSTRAINT "shoes_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_shoe_id_fkey" FOREIGN KEY ("shoe_id") REFERENCES "shoes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bets" ADD CONSTRAINT "bets_round_id_fkey" FOREIGN KEY ("round_id") REFERENCES "rounds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "bets" ADD CONSTRAINT "bets_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Added by hand (Prisma's schema cannot state these).
-- A table deals one round at a time from one shoe: a second dealer could not open another.
CREATE UNIQUE INDEX "rounds_one_live_per_table" ON "rounds"("table_id") WHERE "phase" IN ('betting', 'dealing');
CREATE UNIQUE INDEX "shoes_one_open_per_table" ON "shoes"("table_id") WHERE "ended_at" IS NULL;
ALTER TABLE "bets" ADD CONSTRAINT "bets_stake_positive" CHECK ("stake" > 0);
ALTER TABLE "bets" ADD CONSTRAINT "bets_reserved_covers_stake" CHECK ("reserved" >= "stake");
ALTER TABLE "bets" ADD CONSTRAINT "bets_returned_when_done" CHECK (("status" = 'open') = ("returned" IS NULL) AND coalesce("returned", 0) >= 0);
ALTER TABLE "rounds" ADD CONSTRAINT "rounds_number_positive" CHECK ("number" >= 1);

-- Every new event wakes the processes listening on `table_events` with its id only; they read the
-- rows themselves (docs/live-tables.md, Events to browsers).
CREATE FUNCTION table_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_events', NEW.id::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER "table_events_notify" AFTER INSERT ON "table_events"
  FOR EACH ROW EXECUTE FUNCTION table_events_notify();
