-- The notification outbox (docs/notifications.md, "Durable delivery"). Every statement that appends
-- match events also writes, in the same transaction, one row per match it touched: the match and
-- the last seq written. The relay takes these rows (FOR UPDATE SKIP LOCKED, so two nodes never take
-- the same one), decides from the committed match what to tell whom, queues those notifications in
-- the job queue and deletes the rows, all in one transaction: a crash before that commit leaves the
-- row for the next relay; a crash after it leaves the jobs.
-- CreateTable
CREATE TABLE "notification_outbox" (
    "id" BIGSERIAL NOT NULL,
    "match_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_outbox_pkey" PRIMARY KEY ("id")
);

-- A trigger rather than a clause in each append statement: every writer of match_events is
-- covered, present and future, and the rows cannot be forgotten. Once per statement, from the
-- rows it inserted. No NOTIFY here: one inside the write's transaction would make every commit
-- wait for PostgreSQL's notification lock; the relays hear of writes from the NOTIFY the match
-- store sends apart from the write (docs/architecture.md, "Live streams"), and look every few
-- seconds for what that missed.
CREATE FUNCTION "match_events_to_outbox"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_outbox (match_id, seq)
  SELECT match_id, max(seq) FROM appended GROUP BY match_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER "match_events_fill_outbox"
AFTER INSERT ON "match_events" REFERENCING NEW TABLE AS appended
FOR EACH STATEMENT EXECUTE FUNCTION "match_events_to_outbox"();

-- Deadline reminders sent (docs/notifications.md, "What is sent when"): one per match and deadline,
-- so that nodes sweeping together remind once.
-- CreateTable
CREATE TABLE "deadline_reminders" (
    "match_id" UUID NOT NULL,
    "deadline" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deadline_reminders_pkey" PRIMARY KEY ("match_id", "deadline")
);

-- AddForeignKey
ALTER TABLE "deadline_reminders" ADD CONSTRAINT "deadline_reminders_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The sweeps for reminders and for house bots' timeout claims look for deadlines in a window.
-- CreateIndex
CREATE INDEX "matches_deadline_idx" ON "matches"("deadline");
