-- E-mail and notification preferences (docs/email.md). An account's verified address, one account
-- per address (address_key, the address lower-cased, is unique); its unsubscribe key signs the
-- one-click unsubscribe links of its mail. An address goes with its account.
-- CreateTable
CREATE TABLE "email_addresses" (
    "user_id" UUID NOT NULL,
    "address" VARCHAR(254) NOT NULL,
    "address_key" VARCHAR(254) NOT NULL,
    "verified_at" TIMESTAMPTZ(3) NOT NULL,
    "unsubscribe_key" BYTEA NOT NULL,

    CONSTRAINT "email_addresses_pkey" PRIMARY KEY ("user_id")
);

-- Single-use tokens sent by mail: an address's verification (with a short code as well) and a
-- password reset. Only SHA-256 hashes of the values are stored; the rows are counted for the
-- per-account and per-address limits on mail sent.
-- CreateTable
CREATE TABLE "email_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "purpose" VARCHAR(16) NOT NULL,
    "address" VARCHAR(254) NOT NULL,
    "address_key" VARCHAR(254) NOT NULL,
    "token_hash" BYTEA NOT NULL,
    "code_hash" BYTEA,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "email_tokens_pkey" PRIMARY KEY ("id")
);

-- An account's choices per notification kind; a kind without a row has the defaults.
-- CreateTable
CREATE TABLE "notification_preferences" (
    "user_id" UUID NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "email" VARCHAR(16) NOT NULL,
    "push" BOOLEAN NOT NULL,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("user_id","kind")
);

-- Notifications kept for an account's daily digest mail, until it is sent.
-- CreateTable
CREATE TABLE "email_digest_items" (
    "notification_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_digest_items_pkey" PRIMARY KEY ("notification_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_addresses_address_key_key" ON "email_addresses"("address_key");

-- CreateIndex
CREATE UNIQUE INDEX "email_tokens_token_hash_key" ON "email_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "email_tokens_user_id_created_at_idx" ON "email_tokens"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "email_tokens_address_key_created_at_idx" ON "email_tokens"("address_key", "created_at");

-- CreateIndex
CREATE INDEX "email_digest_items_user_id_created_at_idx" ON "email_digest_items"("user_id", "created_at");

-- AddForeignKey
ALTER TABLE "email_addresses" ADD CONSTRAINT "email_addresses_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_digest_items" ADD CONSTRAINT "email_digest_items_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
