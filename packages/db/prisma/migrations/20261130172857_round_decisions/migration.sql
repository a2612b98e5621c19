-- AlterTable
ALTER TABLE "rounds" ADD COLUMN     "acts_by" TIMESTAMPTZ(3),
ADD COLUMN     "moves" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "round_actions" (
    "id" BIGSERIAL NOT NULL,
    "round_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "hand" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "player_id" TEXT,
    "request_id" TEXT,
    "timed_out" BOOLEAN NOT NULL DEFAULT false,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "round_actions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "round_actions_round_id_id_idx" ON "round_actions"("round_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "round_actions_player_id_request_id_key" ON "round_actions"("player_id", "request_id");

-- AddForeignKey
ALTER TABLE "round_actions" ADD CONSTRAINT "round_actions_round_id_fkey" FOREIGN KEY ("round_id") REFERENCES "rounds"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
