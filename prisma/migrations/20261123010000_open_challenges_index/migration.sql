-- The open challenges (status 'invited', nobody named), newest first: an index that also holds
-- invited_id, so named invitations are not read and filtered out row by row.
-- DropIndex
DROP INDEX "matches_status_created_at_idx";

-- CreateIndex
CREATE INDEX "matches_status_invited_id_created_at_idx" ON "matches"("status", "invited_id", "created_at");
