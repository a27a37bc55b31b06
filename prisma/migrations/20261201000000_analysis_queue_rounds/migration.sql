-- The analyses' queue is served round-robin by requesting account (docs/analysis.md "Running"):
-- each analysis is queued in a round, an account's next analysis in the round after its previous
-- one still waiting (or in the round under way), and rounds run in order. Analyses queued before
-- this migration are all in round 0.
-- AlterTable
ALTER TABLE "match_analyses" ADD COLUMN "queue_round" INTEGER NOT NULL DEFAULT 0;
