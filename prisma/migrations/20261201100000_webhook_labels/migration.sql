-- A webhook's label: its owner's name for it, held to the text policy for names people type
-- (docs/architecture.md, "Text people type"), at most 100 characters; null when none was given,
-- as for every webhook registered before.
-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN "label" VARCHAR(100);
