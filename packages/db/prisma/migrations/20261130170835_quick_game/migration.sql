-- CreateTable
CREATE TABLE "quick_sessions" (
    "player_id" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quick_sessions_pkey" PRIMARY KEY ("player_id")
);

-- CreateTable
CREATE TABLE "quick_hands" (
    "id" UUID NOT NULL,
    "player_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "shoe_id" UUID NOT NULL,
    "shoe_round" INTEGER NOT NULL,
    "cards" INTEGER[],
    "outcome" JSONB NOT NULL,
    "bets" JSONB NOT NULL,
    "points_before" BIGINT NOT NULL,
    "points_after" BIGINT NOT NULL,
    "dealt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quick_hands_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "quick_hands_player_id_dealt_at_idx" ON "quick_hands"("player_id", "dealt_at");

-- CreateIndex
CREATE UNIQUE INDEX "quick_hands_player_id_number_key" ON "quick_hands"("player_id", "number");

-- AddForeignKey
ALTER TABLE "quick_sessions" ADD CONSTRAINT "quick_sessions_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quick_hands" ADD CONSTRAINT "quick_hands_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
