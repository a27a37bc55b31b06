-- Match messages reach the other player as notifications (docs/notifications.md, "Match messages"):
-- the community module publishes `match.message` (the message's id as the key) in the transaction
-- that stores a message, and the notifications' consumer `notifications.message` decides and queues
-- the notification of each. No table changes: the subscription is a row of the kernel's outbox.
INSERT INTO "outbox_subscriptions" ("type", "consumer", "key_filter") VALUES
  ('match.message', 'notifications.message', NULL);
