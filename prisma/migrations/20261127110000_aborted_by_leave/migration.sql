-- Matches aborted by a leave (docs/rules.md "Ratings"): a rated match left, or timed out, before
-- both players made 3 real decisions ends unrated (`unrated_reason` 'aborted-by-leave', which fits
-- its VARCHAR(16)), and the leaver's public record counts such matches.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "aborted_by_leave" INTEGER NOT NULL DEFAULT 0;
