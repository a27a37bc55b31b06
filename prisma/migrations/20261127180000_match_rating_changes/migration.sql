-- How far the end of a rated match moved each player's rating (docs/architecture.md, "Ratings and
-- records"): written with the event that ends it, in the same statement as the new ratings, so the
-- match page can say "+7.9" to the winner and "-7.9" to the loser. Null for every other match, and
-- for the rated matches that ended before this column (their changes were not kept).
-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "rating_change_winner" DOUBLE PRECISION,
ADD COLUMN     "rating_change_loser" DOUBLE PRECISION;
