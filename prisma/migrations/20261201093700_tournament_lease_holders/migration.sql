-- Who holds a lease on a row of the tournaments' relay (docs/tournaments.md, "Progress"): each relay
-- renews the leases of the rows it is working on every second, and only its own. A lease is short (5 s)
-- so that the rows of a node that dies (kill -9, a machine lost) go to another node within seconds,
-- while a node at work keeps them however long the work takes.
-- AlterTable
ALTER TABLE "tournament_outbox" ADD COLUMN "taken_by" UUID;

-- AlterTable
ALTER TABLE "tournament_steps" ADD COLUMN "taken_by" UUID;
