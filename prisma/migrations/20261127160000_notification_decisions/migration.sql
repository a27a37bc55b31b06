-- The last version of each match that the outbox relay decided notifications from
-- (docs/notifications.md, "The first try"). Two outbox rows of one match may be taken by two relay
-- transactions after the match stopped changing: both would decide the same notifications, and the
-- relay tries webhooks itself, with no job id to make the second a no-op. Each transaction raises
-- the row to the version it read, in its transaction; one that finds it there already decides
-- nothing for that match. A relay that rolls back leaves the row as it was.
-- CreateTable
CREATE TABLE "notification_decisions" (
    "match_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,

    CONSTRAINT "notification_decisions_pkey" PRIMARY KEY ("match_id")
);
