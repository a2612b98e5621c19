-- AlterTable
ALTER TABLE "tables" ADD COLUMN     "settings" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "seats" (
    "table_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "player_id" TEXT NOT NULL,
    "sit_down_balance" BIGINT NOT NULL,
    "sat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaving" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "seats_pkey" PRIMARY KEY ("table_id","seat")
);

-- CreateIndex
CREATE INDEX "seats_player_id_idx" ON "seats"("player_id");

-- AddForeignKey
ALTER TABLE "seats" ADD CONSTRAINT "seats_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "seats" ADD CONSTRAINT "seats_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: what Prisma cannot express.
ALTER TABLE "seats" ADD CONSTRAINT "seats_seat_positive" CHECK ("seat" >= 1);
ALTER TABLE "seats" ADD CONSTRAINT "seats_sit_down_balance_nonnegative" CHECK ("sit_down_balance" >= 0);

-- Tables made before seats: joker blackjack is dealt to seven seats (docs/rules/joker-blackjack.md).
UPDATE "tables" SET "settings" = '{"seats": 7}' WHERE "game" = 'JOKER_BLACKJACK' AND "settings" = '{}';
