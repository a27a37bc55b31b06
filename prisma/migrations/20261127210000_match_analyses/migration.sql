-- A finished match's analyses (docs/analysis.md): one per engine and look-ahead, so that a later,
-- stronger engine adds its own beside the first. `status` runs queued → running → done or failed;
-- `progress` from 0 to 1 while it runs; `result` holds the analysis (decisions, luck, figures) once
-- done. Written only by the analysis module's repository; the job that runs it is in pg-boss's queue.
-- CreateTable
CREATE TABLE "match_analyses" (
    "id" UUID NOT NULL,
    "match_id" UUID NOT NULL,
    "engine" TEXT NOT NULL,
    "plies" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "requested_by" UUID,
    "result" JSONB,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "match_analyses_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "match_analyses_match_id_engine_plies_key" ON "match_analyses"("match_id", "engine", "plies");

-- CreateIndex
CREATE INDEX "match_analyses_status_created_at_idx" ON "match_analyses"("status", "created_at");

-- AddForeignKey
ALTER TABLE "match_analyses" ADD CONSTRAINT "match_analyses_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_analyses" ADD CONSTRAINT "match_analyses_requested_by_fkey" FOREIGN KEY ("requested_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
