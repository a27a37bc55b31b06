-- Tournaments (docs/tournaments.md). `tournament_events` is a tournament's append-only, versioned log;
-- `tournaments` is its projection (the folded state as JSON, at `version`, with the columns the
-- lists filter on), written in the transaction that appends. `tournament_players` lists who entered
-- (a player's tournaments); `tournament_matches` says which match plays which slot of which round,
-- one match per slot. Written only by the tournaments module's repository.
-- CreateTable
CREATE TABLE "tournaments" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "organiser_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "state" JSONB NOT NULL,
    "starts_at" TIMESTAMPTZ(3),
    "entries_close_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tournaments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tournament_events" (
    "tournament_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "actor_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tournament_events_pkey" PRIMARY KEY ("tournament_id","version")
);

-- CreateTable
CREATE TABLE "tournament_players" (
    "tournament_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "entered_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tournament_players_pkey" PRIMARY KEY ("tournament_id","user_id")
);

-- CreateTable
CREATE TABLE "tournament_matches" (
    "match_id" UUID NOT NULL,
    "tournament_id" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "slot" INTEGER NOT NULL,

    CONSTRAINT "tournament_matches_pkey" PRIMARY KEY ("match_id")
);

-- CreateTable
CREATE TABLE "tournament_outbox" (
    "match_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "taken_until" TIMESTAMPTZ(3),

    CONSTRAINT "tournament_outbox_pkey" PRIMARY KEY ("match_id")
);

-- Tournaments with a step to take (docs/tournaments.md, "Progress"): marked in the transaction that
-- appends what asks for one (the start, a result, a withdrawal); the relay takes the row with a lease,
-- takes the step, and deletes the row unless it was marked again meanwhile.
-- CreateTable
CREATE TABLE "tournament_steps" (
    "tournament_id" UUID NOT NULL,
    "due_at" TIMESTAMPTZ(6) NOT NULL,
    "taken_until" TIMESTAMPTZ(3),

    CONSTRAINT "tournament_steps_pkey" PRIMARY KEY ("tournament_id")
);

-- AddForeignKey
ALTER TABLE "tournament_steps" ADD CONSTRAINT "tournament_steps_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "tournaments_status_created_at_id_idx" ON "tournaments"("status", "created_at", "id");

-- CreateIndex
CREATE INDEX "tournaments_status_starts_at_idx" ON "tournaments"("status", "starts_at");

-- CreateIndex
CREATE INDEX "tournament_players_user_id_idx" ON "tournament_players"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "tournament_matches_tournament_id_round_slot_key" ON "tournament_matches"("tournament_id", "round", "slot");

-- AddForeignKey
ALTER TABLE "tournaments" ADD CONSTRAINT "tournaments_organiser_id_fkey" FOREIGN KEY ("organiser_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tournament_events" ADD CONSTRAINT "tournament_events_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tournament_players" ADD CONSTRAINT "tournament_players_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tournament_matches" ADD CONSTRAINT "tournament_matches_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A tournament's log is append-only, as a match's is.
CREATE FUNCTION "tournament_events_append_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'tournament_events is append-only: % refused', TG_OP
        USING ERRCODE = 'restrict_violation';
END;
$$;

CREATE TRIGGER "tournament_events_no_update_or_delete"
    BEFORE UPDATE OR DELETE ON "tournament_events"
    FOR EACH ROW EXECUTE FUNCTION "tournament_events_append_only"();

CREATE TRIGGER "tournament_events_no_truncate"
    BEFORE TRUNCATE ON "tournament_events"
    FOR EACH STATEMENT EXECUTE FUNCTION "tournament_events_append_only"();

-- The tournaments' outbox (docs/tournaments.md, "Progress"): every statement appending events of a
-- tournament's match also writes, in its transaction, that match's row here (one per match; a new
-- statement renews it, and frees it from a relay's lease). The tournaments' relay takes rows with a
-- lease, records a finished match's result in its tournament, and deletes the row only if it was not
-- renewed meanwhile: a relay that dies leaves the row to the next once the lease ends. A trigger, as for the notification outbox, so that the
-- match store's hot path is unchanged; for a match of no tournament it costs one primary-key probe.
CREATE FUNCTION "match_events_to_tournament_outbox"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tournament_outbox (match_id)
  SELECT DISTINCT a.match_id FROM appended a JOIN tournament_matches t ON t.match_id = a.match_id
  ON CONFLICT (match_id) DO UPDATE SET created_at = clock_timestamp(), taken_until = NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER "match_events_fill_tournament_outbox"
AFTER INSERT ON "match_events" REFERENCING NEW TABLE AS appended
FOR EACH STATEMENT EXECUTE FUNCTION "match_events_to_tournament_outbox"();
