-- Ratings and records (docs/rules.md "Ratings"): every player starts at 1500 with experience 0;
-- a finished rated match moves both players' ratings by the FIBS formula and counts in their records.
UPDATE "users" SET "rating" = 1500 WHERE "rating" IS NULL;

-- AlterTable
ALTER TABLE "users" ALTER COLUMN "rating" SET NOT NULL,
ALTER COLUMN "rating" SET DEFAULT 1500,
ADD COLUMN "experience" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "matches_won" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "matches_lost" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "gammons_won" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "gammons_lost" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "backgammons_won" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "backgammons_lost" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "matches" ADD COLUMN "rated" BOOLEAN NOT NULL DEFAULT false;

-- The leaderboard: highest rating first (the index read backwards).
-- CreateIndex
CREATE INDEX "users_rating_id_idx" ON "users"("rating", "id");

-- A finished rated match, counted for both players in the transaction that ends it (called by the
-- match's last append). The FIBS formula: with D the winner's rating minus the loser's and N the
-- match length, the chance that the loser would have won is P = 1 / (10^(D * sqrt(N) / 2000) + 1);
-- the winner gains, and the loser loses, 4 * sqrt(N) * P, each times their own experience boost
-- max(1, 5 - experience / 100) (experience before the match); both gain N experience. Gammons and
-- backgammons (mars and koks in long nardy) are the games of the match won by two or three points'
-- worth. The two players are locked in id order, so that two matches ending at once cannot deadlock
-- nor lose an update.
CREATE FUNCTION "record_rated_match"(
  "winner_id" UUID, "loser_id" UUID, "match_length" INTEGER,
  "winner_gammons" INTEGER, "winner_backgammons" INTEGER,
  "loser_gammons" INTEGER, "loser_backgammons" INTEGER
) RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  "winner" "users"%ROWTYPE;
  "loser" "users"%ROWTYPE;
  "change" DOUBLE PRECISION;
BEGIN
  PERFORM 1 FROM "users" WHERE "id" IN ("winner_id", "loser_id") ORDER BY "id" FOR UPDATE;
  SELECT * INTO STRICT "winner" FROM "users" WHERE "id" = "winner_id";
  SELECT * INTO STRICT "loser" FROM "users" WHERE "id" = "loser_id";
  "change" := 4 * sqrt("match_length")
    / (power(10, ("winner"."rating" - "loser"."rating") * sqrt("match_length") / 2000) + 1);
  UPDATE "users" SET
    "rating" = "rating" + "change" * greatest(1, 5 - "winner"."experience" / 100.0),
    "experience" = "experience" + "match_length",
    "matches_won" = "matches_won" + 1,
    "gammons_won" = "gammons_won" + "winner_gammons",
    "backgammons_won" = "backgammons_won" + "winner_backgammons",
    "gammons_lost" = "gammons_lost" + "loser_gammons",
    "backgammons_lost" = "backgammons_lost" + "loser_backgammons"
  WHERE "id" = "winner_id";
  UPDATE "users" SET
    "rating" = "rating" - "change" * greatest(1, 5 - "loser"."experience" / 100.0),
    "experience" = "experience" + "match_length",
    "matches_lost" = "matches_lost" + 1,
    "gammons_won" = "gammons_won" + "loser_gammons",
    "backgammons_won" = "backgammons_won" + "loser_backgammons",
    "gammons_lost" = "gammons_lost" + "winner_gammons",
    "backgammons_lost" = "backgammons_lost" + "winner_backgammons"
  WHERE "id" = "loser_id";
END;
$$;
