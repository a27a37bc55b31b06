-- Closing an account (docs/accounts.md, "Closing"): the users module publishes `account.closed` in the
-- statement that closes the account; the notifications delete its e-mail address, push subscriptions
-- and webhooks on it.
INSERT INTO "outbox_subscriptions" ("type", "consumer", "key_filter") VALUES
  ('account.closed', 'notifications.account-closed', NULL);

-- The exports of an account's data (docs/accounts.md, "Your data"): each one asked, counted against
-- ACCOUNT_EXPORTS_PER_DAY across every node.
-- CreateTable
CREATE TABLE "account_exports" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_exports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "account_exports_user_id_created_at_idx" ON "account_exports"("user_id", "created_at");

-- AddForeignKey
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
