-- Webhooks (docs/webhooks.md): an account's HTTP endpoints, each subscribed to some event types,
-- with the secret deliveries are signed with (Standard Webhooks). The secret is stored as is: the
-- service needs it to sign, so a hash would not do. A webhook failing for 3 days is disabled
-- (disabled_at, disabled_reason); failing_since is its first failure since its last success.
-- An account's webhooks go with it, and a webhook's delivery record with it.
-- CreateTable
CREATE TABLE "webhooks" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "events" VARCHAR(32)[] NOT NULL,
    "secret" VARCHAR(100) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "failing_since" TIMESTAMPTZ(3),
    "disabled_at" TIMESTAMPTZ(3),
    "disabled_reason" VARCHAR(200),

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- The last tries at delivering to each webhook (the newest 50 are kept), for its owner to read.
-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "type" VARCHAR(32) NOT NULL,
    "attempt" INTEGER NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL,
    "status" INTEGER,
    "error" VARCHAR(200),
    "duration_ms" INTEGER NOT NULL,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhooks_user_id_created_at_idx" ON "webhooks"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_attempted_at_idx" ON "webhook_deliveries"("webhook_id", "attempted_at");

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
