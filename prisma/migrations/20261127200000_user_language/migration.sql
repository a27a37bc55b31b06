-- The language a person chose for the web client and the API's messages to them: en, ru, lt or hy
-- (docs/architecture.md, "Languages"); null until chosen, when the browser's languages decide.
-- AlterTable
ALTER TABLE "users" ADD COLUMN     "language" VARCHAR(8);
