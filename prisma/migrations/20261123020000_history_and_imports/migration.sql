-- Imported matches: read from a .mat or JSON file, finished and read-only. Their players are named
-- as the file names them (they need not be users here); a match played here has no such names.
-- AlterTable
ALTER TABLE "matches" ADD COLUMN "source" VARCHAR(8) NOT NULL DEFAULT 'played',
ADD COLUMN "imported_white" VARCHAR(64),
ADD COLUMN "imported_black" VARCHAR(64);

-- A player's history against one opponent, from either seat; and every match, newest first.
-- CreateIndex
CREATE INDEX "matches_white_id_black_id_created_at_idx" ON "matches"("white_id", "black_id", "created_at");

-- CreateIndex
CREATE INDEX "matches_black_id_white_id_created_at_idx" ON "matches"("black_id", "white_id", "created_at");

-- CreateIndex
CREATE INDEX "matches_created_at_idx" ON "matches"("created_at");
