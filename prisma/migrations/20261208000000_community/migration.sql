-- Community and moderation (docs/community.md): an account's role and standing, blocks, match
-- messages, reports, the moderators' append-only log, rating adjustments and reserved names.

-- An account's role and standing. A mute and a ban hold from their start until their end (null: until
-- lifted); a closed account keeps its row, so its name stays taken and its matches keep their players.
-- AlterTable
ALTER TABLE "users" ADD COLUMN "role" VARCHAR(16) NOT NULL DEFAULT 'player',
ADD COLUMN "muted_at" TIMESTAMPTZ(3),
ADD COLUMN "mute_ends_at" TIMESTAMPTZ(3),
ADD COLUMN "banned_at" TIMESTAMPTZ(3),
ADD COLUMN "ban_ends_at" TIMESTAMPTZ(3),
ADD COLUMN "ban_reason" TEXT,
ADD COLUMN "rename_required" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "closed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "user_blocks" (
    "blocker_id" UUID NOT NULL,
    "blocked_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_blocks_pkey" PRIMARY KEY ("blocker_id","blocked_id")
);

-- CreateTable
CREATE TABLE "match_messages" (
    "id" UUID NOT NULL,
    "match_id" UUID NOT NULL,
    "author_id" UUID NOT NULL,
    "text" VARCHAR(500) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "match_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reports" (
    "id" UUID NOT NULL,
    "reporter_id" UUID NOT NULL,
    "target_id" UUID NOT NULL,
    "status" VARCHAR(8) NOT NULL,
    "open_slot" BOOLEAN,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),
    "closed_by_id" UUID,
    "resolution" TEXT,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "report_filings" (
    "id" UUID NOT NULL,
    "report_id" UUID NOT NULL,
    "reporter_id" UUID NOT NULL,
    "reason" VARCHAR(24) NOT NULL,
    "match_id" UUID,
    "message_id" UUID,
    "text" VARCHAR(2000),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "report_filings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "moderation_actions" (
    "id" UUID NOT NULL,
    "target_id" UUID NOT NULL,
    "moderator_id" UUID,
    "action" VARCHAR(16) NOT NULL,
    "reason" TEXT NOT NULL,
    "days" INTEGER,
    "ends_at" TIMESTAMPTZ(3),
    "report_id" UUID,
    "details" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "moderation_actions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rating_adjustments" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "points" DOUBLE PRECISION NOT NULL,
    "cause" VARCHAR(16) NOT NULL,
    "match_id" UUID,
    "action_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rating_adjustments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reserved_usernames" (
    "username_key" VARCHAR(24) NOT NULL,
    "user_id" UUID NOT NULL,
    "reserved_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "reserved_usernames_pkey" PRIMARY KEY ("username_key")
);

-- CreateIndex
CREATE INDEX "user_blocks_blocked_id_idx" ON "user_blocks"("blocked_id");

-- CreateIndex
CREATE INDEX "match_messages_match_id_created_at_id_idx" ON "match_messages"("match_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "match_messages_author_id_created_at_idx" ON "match_messages"("author_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "reports_reporter_id_target_id_open_slot_key" ON "reports"("reporter_id", "target_id", "open_slot");

-- CreateIndex
CREATE INDEX "reports_status_updated_at_idx" ON "reports"("status", "updated_at");

-- CreateIndex
CREATE INDEX "reports_target_id_idx" ON "reports"("target_id");

-- CreateIndex
CREATE INDEX "report_filings_report_id_idx" ON "report_filings"("report_id");

-- CreateIndex
CREATE INDEX "report_filings_reporter_id_created_at_idx" ON "report_filings"("reporter_id", "created_at");

-- CreateIndex
CREATE INDEX "moderation_actions_target_id_created_at_idx" ON "moderation_actions"("target_id", "created_at");

-- CreateIndex
CREATE INDEX "moderation_actions_created_at_idx" ON "moderation_actions"("created_at");

-- CreateIndex
CREATE INDEX "rating_adjustments_user_id_created_at_idx" ON "rating_adjustments"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "reserved_usernames_user_id_idx" ON "reserved_usernames"("user_id");

-- AddForeignKey
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_fkey" FOREIGN KEY ("blocker_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_fkey" FOREIGN KEY ("blocked_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_messages" ADD CONSTRAINT "match_messages_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_messages" ADD CONSTRAINT "match_messages_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_id_fkey" FOREIGN KEY ("target_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reports" ADD CONSTRAINT "reports_closed_by_id_fkey" FOREIGN KEY ("closed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "report_filings" ADD CONSTRAINT "report_filings_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_target_id_fkey" FOREIGN KEY ("target_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_moderator_id_fkey" FOREIGN KEY ("moderator_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rating_adjustments" ADD CONSTRAINT "rating_adjustments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reserved_usernames" ADD CONSTRAINT "reserved_usernames_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The moderators' log cannot be changed: a row once written is neither updated nor deleted.
CREATE FUNCTION "moderation_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_actions is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "moderation_actions_append_only" BEFORE UPDATE OR DELETE ON "moderation_actions"
  FOR EACH ROW EXECUTE FUNCTION "moderation_actions_append_only"();
