-- Every bearer token carries its account's token version; a token whose version is not the account's
-- current one is refused. Logging out everywhere and changing the password raise it (docs/architecture.md,
-- "API conventions").
ALTER TABLE "users" ADD COLUMN "token_version" INTEGER NOT NULL DEFAULT 0;
