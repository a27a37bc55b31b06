-- The game's last checker play (who, the dice, the moves, gnubg's text), kept in the match's row with
-- the rest of its projection, so that the match lists can say "bob played 6-4: 24/14" without reading
-- the log (docs/architecture.md, "Match history"). Written by every append from then on; a match
-- untouched since has none until its next event (verify:replay compares it only where it is kept).
-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "last_play" JSONB;
