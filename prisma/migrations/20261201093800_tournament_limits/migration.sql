-- Limits on tournaments (docs/tournaments.md, "Limits"; docs/notifications.md, "Tournaments").
-- An organiser's tournaments, newest first: the creation counts its open ones and those of the last
-- 24 hours, under a transaction lock on the organiser.
-- CreateIndex
CREATE INDEX "tournaments_organiser_id_created_at_idx" ON "tournaments"("organiser_id", "created_at");

-- The instants of the tournament announcements (`tournament.open`) decided for each player in the
-- last 24 hours: the notifications' relay locks the rows of an announcement's audience, keeps the
-- players below TOURNAMENT_ANNOUNCEMENTS_PER_DAY and adds the instant, in the transaction that
-- queues the notifications, so that relays deciding at once on several nodes cannot pass the cap.
-- CreateTable
CREATE TABLE "tournament_announcement_receipts" (
    "user_id" UUID NOT NULL,
    "received_at" TIMESTAMPTZ(3)[] NOT NULL,

    CONSTRAINT "tournament_announcement_receipts_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "tournament_announcement_receipts" ADD CONSTRAINT "tournament_announcement_receipts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
