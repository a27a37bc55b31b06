-- A cap on each person's matches under way against each house bot (docs/bots.md, "Fair turns";
-- README "Configuration", BOT_MATCHES_PER_USER).

-- match_slot_refusal with a sixth argument, "bot_limit": when it is not NULL (the invited player is a
-- house bot), the creator's matches against that bot still waiting for its answer or being played
-- are counted too, and 'too-many-bot-matches' refuses one more at the cap. A house bot creates no
-- match and joins no open challenge, so every match with one was its opponent's invitation to it.
-- The five-argument function stays one release, for the nodes of the previous one.
CREATE FUNCTION "match_slot_refusal"(
  "creator" UUID, "invited" UUID,
  "open_limit" INTEGER, "invitations_limit" INTEGER, "per_target_limit" INTEGER, "bot_limit" INTEGER
) RETURNS VARCHAR LANGUAGE plpgsql AS $$
DECLARE
  "refusal" VARCHAR := "match_slot_refusal"("creator", "invited", "open_limit", "invitations_limit", "per_target_limit");
BEGIN
  IF "refusal" IS NOT NULL OR "invited" IS NULL OR "bot_limit" IS NULL THEN
    RETURN "refusal";
  END IF;
  IF (SELECT count(*) FROM "matches" WHERE "status" IN ('invited', 'playing') AND "invited_id" = "invited"
        AND "creator_id" = "creator") >= "bot_limit" THEN
    RETURN 'too-many-bot-matches';
  END IF;
  RETURN NULL;
END;
$$;
