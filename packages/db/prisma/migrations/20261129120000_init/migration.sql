-- CreateEnum
CREATE TYPE "Game" AS ENUM ('BACCARAT', 'QUICK_BACCARAT', 'POK_DENG', 'JOKER_BLACKJACK');

-- CreateEnum
CREATE TYPE "TableStatus" AS ENUM ('OPEN', 'PAUSED', 'CLOSED');

-- CreateTable
CREATE TABLE "tables" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "game" "Game" NOT NULL,
    "variant" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" "TableStatus" NOT NULL DEFAULT 'OPEN',
    "limits" JSONB NOT NULL,
    "countdown_seconds" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "tables_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "tables_slug_key" ON "tables"("slug");

-- CreateIndex
CREATE INDEX "tables_game_status_idx" ON "tables"("game", "status");

-- Added by hand (Prisma's schema has no CHECK constraints): limits is a { betId: { min, max } }
-- object and a countdown is never negative.
ALTER TABLE "tables" ADD CONSTRAINT "tables_limits_object" CHECK (jsonb_typeof("limits") = 'object');
ALTER TABLE "tables" ADD CONSTRAINT "tables_countdown_seconds_non_negative" CHECK ("countdown_seconds" >= 0);
