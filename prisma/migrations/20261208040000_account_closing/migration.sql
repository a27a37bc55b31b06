-- Closing an account (docs/accounts.md, "Closing"): the users module publishes `account.closed` in the
-- statement that closes the account; the notifications delete its e-mail address, push subscriptions
-- and webhooks on it.
INSERT INTO "outbox_subscriptions" ("type", "consumer", "key_filter") VALUES
  ('account.closed', 'notifications.account-closed', NULL);
