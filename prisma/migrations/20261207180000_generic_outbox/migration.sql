-- One outbox for every producer (docs/architecture.md, "The outbox"), replacing notification_outbox,
-- tournament_outbox, tournament_steps and tournament_notification_outbox. A producer publishes a
-- message (a type and a key: the stream it is about, a match or a tournament) in its own
-- transaction with outbox_publish; the message goes to every consumer subscribed to its type, one
-- row per consumer and key: a newer message of the same key renews the row (and frees it from a
-- lease) instead of adding one. The one consumer (src/database/outbox/) takes rows with a short
-- lease (SKIP LOCKED), renews it while its subscriber works, deletes the row once done unless it was
-- renewed meanwhile, and leaves a failed row for a while before taking it again. Owned by the kernel
-- (src/database/outbox/); producers reach it only through outbox_publish.

-- Who hears of which type of message: a consumer's name, and optionally the name of a SQL function
-- of its own module that keeps, of the keys of a message, those it wants (uuid[] -> uuid[]).
-- CreateTable
CREATE TABLE "outbox_subscriptions" (
    "type" TEXT NOT NULL,
    "consumer" TEXT NOT NULL,
    "key_filter" TEXT,

    CONSTRAINT "outbox_subscriptions_pkey" PRIMARY KEY ("type","consumer")
);

-- CreateTable
CREATE TABLE "outbox" (
    "consumer" TEXT NOT NULL,
    "key" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB,
    "available_at" TIMESTAMPTZ(6) NOT NULL,
    "taken_until" TIMESTAMPTZ(3),
    "taken_by" UUID,

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("consumer","key")
);

-- CreateIndex
CREATE INDEX "outbox_consumer_available_at_idx" ON "outbox"("consumer", "available_at");

-- Publishes a message of `message_type` about each of `keys`, at `available_at` (now when null), to
-- every subscriber of the type: one row per subscriber and key, renewed when it is there already.
CREATE FUNCTION "outbox_publish"(message_type TEXT, keys UUID[], message_payload JSONB DEFAULT NULL,
                                 available TIMESTAMPTZ DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s record;
  wanted UUID[];
BEGIN
  FOR s IN SELECT consumer, key_filter FROM outbox_subscriptions WHERE type = message_type ORDER BY consumer LOOP
    wanted := keys;
    IF s.key_filter IS NOT NULL THEN
      EXECUTE format('SELECT %I($1)', s.key_filter) INTO wanted USING keys;
    END IF;
    INSERT INTO outbox (consumer, key, type, payload, available_at)
    SELECT s.consumer, k, message_type, message_payload, coalesce(available, clock_timestamp())
      FROM (SELECT DISTINCT unnest(wanted) AS k) u WHERE k IS NOT NULL ORDER BY k
    ON CONFLICT (consumer, key) DO UPDATE
      SET type = EXCLUDED.type, payload = EXCLUDED.payload, available_at = EXCLUDED.available_at,
          taken_until = NULL, taken_by = NULL;
  END LOOP;
END
$$;

-- The tournaments' filter of match messages: the keys that are tournament matches (one primary-key
-- probe each; owned by the tournaments module, which owns tournament_matches).
CREATE FUNCTION "tournament_matches_of"(keys UUID[]) RETURNS UUID[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(t.match_id), '{}') FROM tournament_matches t WHERE t.match_id = ANY(keys)
$$;

INSERT INTO "outbox_subscriptions" ("type", "consumer", "key_filter") VALUES
  ('match.appended', 'notifications.match', NULL),
  ('match.appended', 'tournaments.result', 'tournament_matches_of'),
  ('tournament.appended', 'notifications.tournament', NULL),
  ('tournament.step-due', 'tournaments.step', NULL);

-- What the old outboxes held, moved over (a lease held in them is dropped: the row is free to take).
INSERT INTO "outbox" ("consumer", "key", "type", "available_at")
SELECT 'notifications.match', match_id, 'match.appended', min(created_at) FROM notification_outbox GROUP BY match_id;
INSERT INTO "outbox" ("consumer", "key", "type", "available_at")
SELECT 'tournaments.result', match_id, 'match.appended', created_at FROM tournament_outbox;
INSERT INTO "outbox" ("consumer", "key", "type", "available_at")
SELECT 'tournaments.step', tournament_id, 'tournament.step-due', due_at FROM tournament_steps;
INSERT INTO "outbox" ("consumer", "key", "type", "available_at")
SELECT 'notifications.tournament', tournament_id, 'tournament.appended', min(created_at)
  FROM tournament_notification_outbox GROUP BY tournament_id;

-- The matches' trigger publishes `match.appended` for the matches a statement appended to: every
-- writer of match_events is covered. No NOTIFY here (docs/architecture.md, "Live streams": the
-- match store sends its own apart from the write).
DROP TRIGGER "match_events_fill_outbox" ON "match_events";
DROP TRIGGER "match_events_fill_tournament_outbox" ON "match_events";
DROP FUNCTION "match_events_to_outbox"();
DROP FUNCTION "match_events_to_tournament_outbox"();

CREATE FUNCTION "match_events_publish"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM outbox_publish('match.appended', ARRAY(SELECT DISTINCT match_id FROM appended));
  RETURN NULL;
END
$$;

CREATE TRIGGER "match_events_publish_appended"
AFTER INSERT ON "match_events" REFERENCING NEW TABLE AS appended
FOR EACH STATEMENT EXECUTE FUNCTION "match_events_publish"();

-- The tournaments' trigger publishes `tournament.appended`, and NOTIFYs as before (a tournament is
-- written a few times a day; most of its events come with no match write to wake the consumers).
DROP TRIGGER "tournament_events_fill_notification_outbox" ON "tournament_events";
DROP FUNCTION "tournament_events_to_notification_outbox"();

CREATE FUNCTION "tournament_events_publish"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM outbox_publish('tournament.appended', ARRAY(SELECT DISTINCT tournament_id FROM appended));
  PERFORM pg_notify('nardy_tournament_notifications', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER "tournament_events_publish_appended"
AFTER INSERT ON "tournament_events" REFERENCING NEW TABLE AS appended
FOR EACH STATEMENT EXECUTE FUNCTION "tournament_events_publish"();

-- DropTable
DROP TABLE "notification_outbox";
DROP TABLE "tournament_outbox";
DROP TABLE "tournament_steps";
DROP TABLE "tournament_notification_outbox";

-- The reminders sweep reads the reminders sent for deadlines still ahead (their match's facts come
-- from the matches module: docs/notifications.md, "What is sent when").
-- CreateIndex
CREATE INDEX "deadline_reminders_deadline_idx" ON "deadline_reminders"("deadline");
