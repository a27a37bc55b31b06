-- Bot accounts (docs/bots.md). Every account is a player's or a bot's. The house bots are the
-- bots the service plays itself, one account each, named by their level: `bot-easy` (the engine's
-- easy level), `bot` (its strong level) and `gnubg` (GNU Backgammon). An outside bot is an account
-- its owner turned into a bot (POST /api/users/me/upgrade-to-bot): a bot with no level.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "kind" VARCHAR(8) NOT NULL DEFAULT 'player',
ADD COLUMN "bot_level" VARCHAR(8);

ALTER TABLE "users" ADD CONSTRAINT "users_kind_check" CHECK ("kind" IN ('player', 'bot'));
ALTER TABLE "users" ADD CONSTRAINT "users_bot_level_check"
  CHECK ("bot_level" IS NULL OR ("kind" = 'bot' AND "bot_level" IN ('bot-easy', 'bot', 'gnubg')));

-- CreateIndex: one account per house bot.
CREATE UNIQUE INDEX "users_bot_level_key" ON "users"("bot_level");

-- The house bots, rated like everyone (1500 to start). Their password hash is no hash at all (no
-- password verifies against it), and the token endpoint refuses house bots besides: nobody logs
-- in as one. A database where someone registered one of these names before stops here (the
-- username is taken): rename that account first.
INSERT INTO "users" ("id", "username", "username_key", "password_hash", "rating", "kind", "bot_level", "updated_at")
VALUES
  (gen_random_uuid(), 'bot-easy', 'bot-easy', '!house-bot: no password', 1500, 'bot', 'bot-easy', CURRENT_TIMESTAMP),
  (gen_random_uuid(), 'bot', 'bot', '!house-bot: no password', 1500, 'bot', 'bot', CURRENT_TIMESTAMP),
  (gen_random_uuid(), 'gnubg', 'gnubg', '!house-bot: no password', 1500, 'bot', 'gnubg', CURRENT_TIMESTAMP);

-- CreateIndex: the money sessions between two games (awaiting a roll that either player may ask
-- for, nobody's turn in particular), where a house bot seated rolls to go on. The bots' sweep
-- finds them by this index; every other pending decision it finds by turn_user_id.
CREATE INDEX "matches_awaiting_turn_colour_idx" ON "matches"("awaiting", "turn_colour");
