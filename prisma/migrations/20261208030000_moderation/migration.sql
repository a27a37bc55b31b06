-- The moderators' tools (docs/moderation.md): when the player last saw their warnings (those after it
-- are shown on their next page view), and the moderators' mails as a consumer of the moderation log.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "warnings_seen_at" TIMESTAMPTZ(3);

-- The moderation mails: each action appended to the log is a message to the notifications' mailer.
INSERT INTO "outbox_subscriptions" ("type", "consumer", "key_filter") VALUES
  ('moderation.action', 'notifications.moderation', NULL);
