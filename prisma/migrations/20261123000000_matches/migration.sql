-- AlterTable
ALTER TABLE "users" ADD COLUMN "auto_play_forced" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "matches" (
    "id" UUID NOT NULL,
    "variant" VARCHAR(16) NOT NULL,
    "length" INTEGER NOT NULL,
    "rules" JSONB NOT NULL,
    "days_per_turn" INTEGER,
    "bank_days" INTEGER NOT NULL DEFAULT 0,
    "status" VARCHAR(16) NOT NULL,
    "creator_id" UUID NOT NULL,
    "invited_id" UUID,
    "white_id" UUID,
    "black_id" UUID,
    "score_white" INTEGER NOT NULL DEFAULT 0,
    "score_black" INTEGER NOT NULL DEFAULT 0,
    "game_number" INTEGER NOT NULL DEFAULT 1,
    "crawford" BOOLEAN NOT NULL DEFAULT false,
    "cube_value" INTEGER NOT NULL DEFAULT 1,
    "cube_owner" VARCHAR(5),
    "turn_colour" VARCHAR(5),
    "turn_user_id" UUID,
    "awaiting" VARCHAR(24),
    "turn_started_at" TIMESTAMPTZ(3),
    "deadline" TIMESTAMPTZ(3),
    "bank_white_ms" BIGINT NOT NULL DEFAULT 0,
    "bank_black_ms" BIGINT NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL,
    "dice_commitment" CHAR(64) NOT NULL,
    "dice_seed" CHAR(64) NOT NULL,
    "winner" VARCHAR(5),
    "end_reason" VARCHAR(16),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "matches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "match_events" (
    "match_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" VARCHAR(24) NOT NULL,
    "by_colour" VARCHAR(5),
    "actor_id" UUID,
    "data" JSONB NOT NULL,
    "position_id" VARCHAR(14),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "match_events_pkey" PRIMARY KEY ("match_id","seq")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "user_id" UUID NOT NULL,
    "key" VARCHAR(255) NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "status_code" INTEGER,
    "response" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("user_id","key")
);

-- CreateIndex
CREATE INDEX "matches_status_created_at_idx" ON "matches"("status", "created_at");

-- CreateIndex
CREATE INDEX "matches_turn_user_id_deadline_idx" ON "matches"("turn_user_id", "deadline");

-- CreateIndex
CREATE INDEX "matches_white_id_created_at_idx" ON "matches"("white_id", "created_at");

-- CreateIndex
CREATE INDEX "matches_black_id_created_at_idx" ON "matches"("black_id", "created_at");

-- CreateIndex
CREATE INDEX "matches_invited_id_created_at_idx" ON "matches"("invited_id", "created_at");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_creator_id_fkey" FOREIGN KEY ("creator_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_invited_id_fkey" FOREIGN KEY ("invited_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_white_id_fkey" FOREIGN KEY ("white_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_black_id_fkey" FOREIGN KEY ("black_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The event log is append-only: history is never rewritten (docs/architecture.md, "Persistence").
CREATE FUNCTION "match_events_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'match_events is append-only: % refused', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER "match_events_no_update_or_delete"
    BEFORE UPDATE OR DELETE ON "match_events"
    FOR EACH ROW EXECUTE FUNCTION "match_events_append_only"();

CREATE TRIGGER "match_events_no_truncate"
    BEFORE TRUNCATE ON "match_events"
    FOR EACH STATEMENT EXECUTE FUNCTION "match_events_append_only"();
