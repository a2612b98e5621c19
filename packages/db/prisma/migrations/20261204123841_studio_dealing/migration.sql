-- CreateEnum
CREATE TYPE "dealing" AS ENUM ('automatic', 'studio');

-- AlterTable
ALTER TABLE "tables" ADD COLUMN     "dealing" "dealing" NOT NULL DEFAULT 'automatic';

-- AlterTable
ALTER TABLE "shoes" ADD COLUMN     "dealing" "dealing" NOT NULL DEFAULT 'automatic';

-- AlterTable
ALTER TABLE "rounds" ADD COLUMN     "studio" JSONB;

-- CreateTable
CREATE TABLE "table_dealers" (
    "table_id" UUID NOT NULL,
    "dealer_id" TEXT NOT NULL,
    "assigned_by" TEXT NOT NULL,
    "assigned_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "table_dealers_pkey" PRIMARY KEY ("table_id","dealer_id")
);

-- CreateTable
CREATE TABLE "studio_consoles" (
    "table_id" UUID NOT NULL,
    "dealer_id" TEXT NOT NULL,
    "console_id" TEXT NOT NULL,
    "opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "studio_consoles_pkey" PRIMARY KEY ("table_id")
);

-- CreateTable
CREATE TABLE "studio_actions" (
    "id" BIGSERIAL NOT NULL,
    "table_id" UUID NOT NULL,
    "round_id" UUID,
    "dealer_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "detail" JSONB NOT NULL DEFAULT '{}',
    "request_id" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "studio_actions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "table_dealers_dealer_id_idx" ON "table_dealers"("dealer_id");

-- CreateIndex
CREATE INDEX "studio_actions_table_id_id_idx" ON "studio_actions"("table_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "studio_actions_dealer_id_request_id_key" ON "studio_actions"("dealer_id", "request_id");

-- AddForeignKey
ALTER TABLE "table_dealers" ADD CONSTRAINT "table_dealers_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "studio_consoles" ADD CONSTRAINT "studio_consoles_table_id_fkey" FOREIGN KEY ("table_id") REFERENCES "tables"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A fourth role: a dealer runs the studio console of the tables an admin assigns (docs/studio.md).
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('player', 'operator', 'admin', 'dealer'));

-- A dealer's assignment names a user; the studio log is append-only, as the audit log is.
ALTER TABLE "table_dealers" ADD CONSTRAINT "table_dealers_dealer_id_fkey" FOREIGN KEY ("dealer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE FUNCTION studio_actions_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'studio_actions is append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END $$;
CREATE TRIGGER "studio_actions_append_only" BEFORE UPDATE OR DELETE ON "studio_actions"
  FOR EACH ROW EXECUTE FUNCTION studio_actions_refuse_change();
