-- Refresh families ended by the reuse of one of their tokens (docs/architecture.md, "Refresh
-- tokens"): the access tokens issued from such a family carry its id (`fam`) and are refused from
-- then on, on every node. A row is kept until the last of those access tokens has expired
-- (`expires_at`: the revocation plus the access tokens' lifetime and a margin); the hourly purge
-- deletes it after. An account's rows go with it.
-- CreateTable
CREATE TABLE "revoked_refresh_families" (
    "family_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "revoked_refresh_families_pkey" PRIMARY KEY ("family_id")
);

-- CreateIndex
CREATE INDEX "revoked_refresh_families_expires_at_idx" ON "revoked_refresh_families"("expires_at");

-- CreateIndex
CREATE INDEX "revoked_refresh_families_user_id_idx" ON "revoked_refresh_families"("user_id");

-- AddForeignKey
ALTER TABLE "revoked_refresh_families" ADD CONSTRAINT "revoked_refresh_families_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
