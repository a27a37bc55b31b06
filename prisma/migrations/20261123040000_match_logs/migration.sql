-- A finished match's whole log in one row (docs/architecture.md, "Finished match logs").
-- Events are appended as a match is played, between the events of every other match under way,
-- so a finished match's events lie one to a page: reading back a 500-event match read 500 pages.
-- Its log, kept whole in one (TOASTed, compressed) value, is read in a few.

-- CreateTable
CREATE TABLE "match_logs" (
    "match_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "events" JSON NOT NULL,

    CONSTRAINT "match_logs_pkey" PRIMARY KEY ("match_id")
);

-- AddForeignKey
ALTER TABLE "match_logs" ADD CONSTRAINT "match_logs_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The log of one match as match_logs keeps it: [[seq, data, actor_id, position_id, created_at], ...].
CREATE FUNCTION "match_log_of"("match" UUID) RETURNS JSON
LANGUAGE sql STABLE AS $$
    SELECT COALESCE(json_agg(json_build_array(e.seq, e.data, e.actor_id, e.position_id, e.created_at) ORDER BY e.seq), '[]'::json)
      FROM match_events e
     WHERE e.match_id = "match"
$$;

-- Written when a match's status becomes finished: at commit (deferred), so that the events the
-- same transaction or statement appends are in it, whichever order it wrote the rows in. Only a
-- whole log is written: a match whose events are not all there by then (rows restored apart, say)
-- gets none and is read from its rows.
CREATE FUNCTION "archive_match_log"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    "log" JSON := match_log_of(NEW.id);
BEGIN
    IF json_array_length("log") = NEW.version THEN
        INSERT INTO match_logs (match_id, version, events)
        VALUES (NEW.id, NEW.version, "log")
        ON CONFLICT (match_id) DO NOTHING;
    END IF;
    RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER "matches_archive_log_when_finished"
    AFTER INSERT OR UPDATE OF "status" ON "matches"
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (NEW."status" = 'finished')
    EXECUTE FUNCTION "archive_match_log"();

-- Like match_events, a log once written is never changed.
CREATE FUNCTION "match_logs_write_once"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'match_logs is write-once: % refused', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER "match_logs_no_update_or_delete"
    BEFORE UPDATE OR DELETE ON "match_logs"
    FOR EACH ROW EXECUTE FUNCTION "match_logs_write_once"();

CREATE TRIGGER "match_logs_no_truncate"
    BEFORE TRUNCATE ON "match_logs"
    FOR EACH STATEMENT EXECUTE FUNCTION "match_logs_write_once"();

-- The matches that finished before this migration (whole logs only, as above).
INSERT INTO match_logs (match_id, version, events)
SELECT f.id, f.version, f.log
  FROM (SELECT m.id, m.version, match_log_of(m.id) AS log FROM matches m WHERE m.status = 'finished') AS f
 WHERE json_array_length(f.log) = f.version;
