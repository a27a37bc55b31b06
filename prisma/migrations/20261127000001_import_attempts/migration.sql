-- Every import a user asks for, stored or refused, for the hourly import cap (docs/architecture.md,
-- "Interchange"): a refused file costs a worker thread as much as a stored one, so it counts too.
-- A row is taken, under a lock on the user, before the file is read; rows older than the window
-- are no longer counted.
-- CreateTable
CREATE TABLE "import_attempts" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "import_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "import_attempts_user_id_created_at_idx" ON "import_attempts"("user_id", "created_at");

-- AddForeignKey
ALTER TABLE "import_attempts" ADD CONSTRAINT "import_attempts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
