-- Tournament notifications (docs/notifications.md, "Tournaments"), as the matches' are: every
-- statement that appends tournament events also writes, in its transaction, one row per tournament
-- it touched (the tournament and the last version written). The notifications' relay takes these
-- rows (FOR UPDATE SKIP LOCKED), reads the tournament's events after the last version it decided,
-- decides what they tell whom, queues it and deletes the rows, all in one transaction: a crash
-- before that commit leaves the rows for the next relay; a crash after it leaves the jobs.
-- CreateTable
CREATE TABLE "tournament_notification_outbox" (
    "id" BIGSERIAL NOT NULL,
    "tournament_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tournament_notification_outbox_pkey" PRIMARY KEY ("id")
);

-- The last version of each tournament that the relay decided notifications from (as
-- notification_decisions for matches). The relay locks the row, decides the events after it and
-- raises it, in its transaction: a second transaction (another outbox row of the same tournament,
-- another node, a relay run again) waits for the first's commit and then finds those events
-- decided. A relay that rolls back leaves the row as it was.
-- CreateTable
CREATE TABLE "tournament_notification_decisions" (
    "tournament_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,

    CONSTRAINT "tournament_notification_decisions_pkey" PRIMARY KEY ("tournament_id")
);

-- A trigger, as on match_events: every writer of tournament events is covered, and the tournaments
-- module knows nothing of notifications. Unlike the matches' trigger it also NOTIFYs (delivered at
-- commit, so only once the events are there): a tournament is written a few times a day, not at
-- every move, so waiting for PostgreSQL's notification lock costs nothing that matters, and most of
-- its events (a creation, an entry, a start) come with no match write to wake the relays. A lost
-- NOTIFY is found by the relays' periodic look.
CREATE FUNCTION "tournament_events_to_notification_outbox"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tournament_notification_outbox (tournament_id, version)
  SELECT tournament_id, max(version) FROM appended GROUP BY tournament_id;
  PERFORM pg_notify('nardy_tournament_notifications', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER "tournament_events_fill_notification_outbox"
AFTER INSERT ON "tournament_events" REFERENCING NEW TABLE AS appended
FOR EACH STATEMENT EXECUTE FUNCTION "tournament_events_to_notification_outbox"();
