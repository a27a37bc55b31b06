-- Limits on creating matches and on rating farming (README "Configuration", docs/rules.md "Ratings").

-- Why a match to N points is unrated although created rated: 'pair-daily-limit' when its two
-- players already had as many rated matches in the day as allowed.
-- AlterTable
ALTER TABLE "matches" ADD COLUMN "unrated_reason" VARCHAR(16);

-- The refusal of a new match past its creator's limits, or NULL: open challenges waiting for an
-- opponent, invitations waiting for an answer, and those to one player. The creator (and the invited
-- player) are locked first, in id order, so that two creations at once are counted one after the
-- other: the counts run after the lock, each on a fresh snapshot, and the lock holds until the
-- statement that inserts the match commits.
CREATE FUNCTION "match_slot_refusal"(
  "creator" UUID, "invited" UUID,
  "open_limit" INTEGER, "invitations_limit" INTEGER, "per_target_limit" INTEGER
) RETURNS VARCHAR LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" IN ("creator", "invited") ORDER BY "id" FOR UPDATE;
  IF "invited" IS NULL THEN
    IF (SELECT count(*) FROM "matches" WHERE "creator_id" = "creator" AND "status" = 'invited'
          AND "invited_id" IS NULL) >= "open_limit" THEN
      RETURN 'too-many-open-challenges';
    END IF;
    RETURN NULL;
  END IF;
  IF (SELECT count(*) FROM "matches" WHERE "creator_id" = "creator" AND "status" = 'invited'
        AND "invited_id" IS NOT NULL) >= "invitations_limit" THEN
    RETURN 'too-many-invitations';
  END IF;
  IF (SELECT count(*) FROM "matches" WHERE "creator_id" = "creator" AND "status" = 'invited'
        AND "invited_id" = "invited") >= "per_target_limit" THEN
    RETURN 'too-many-invitations-to-player';
  END IF;
  RETURN NULL;
END;
$$;

-- Whether two players may start one more rated match: fewer than "per_day" rated matches between
-- them (invitations waiting for an answer included; aborted and declined ones not) created since
-- "since". Both players are locked in id order first, as record_rated_match locks them, so that two
-- matches of the pair cannot both take the last slot.
CREATE FUNCTION "rated_pair_slot_free"(
  "a" UUID, "b" UUID, "per_day" INTEGER, "since" TIMESTAMPTZ
) RETURNS BOOLEAN LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "users" WHERE "id" IN ("a", "b") ORDER BY "id" FOR UPDATE;
  RETURN (
    SELECT count(*) FROM "matches"
     WHERE "creator_id" IN ("a", "b") AND "created_at" >= "since" AND "rated"
       AND "status" NOT IN ('aborted', 'declined')
       AND (("creator_id" = "a" AND "b" IN ("invited_id", "white_id", "black_id"))
         OR ("creator_id" = "b" AND "a" IN ("invited_id", "white_id", "black_id")))
  ) < "per_day";
END;
$$;
