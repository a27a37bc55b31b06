-- Scores in 64 bits (docs/rules.md M1 and M4, "The highest cube"). A money session's points add up
-- game after game with no end, each game worth up to 3 × 4096 (the highest cube), so a 32-bit
-- column is a limit the rules do not have. The service reads these columns as float8, exact to
-- 2^53 - 1, the largest score it keeps (a JavaScript number's whole numbers).

-- AlterTable
ALTER TABLE "matches" ALTER COLUMN "score_white" SET DATA TYPE BIGINT,
ALTER COLUMN "score_black" SET DATA TYPE BIGINT;
