-- A user's matches by creation time: the hourly import cap counts a creator's imports of the last hour.
CREATE INDEX "matches_creator_id_created_at_idx" ON "matches"("creator_id", "created_at");
