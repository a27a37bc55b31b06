-- The FIBS formula (docs/rules.md "Ratings") moved out of the database into the service
-- (src/users/fibs-rating.ts): the end of a rated match now locks its two players in id order, reads
-- their ratings and experience, computes the new ones and writes them, with the records, in the
-- statement that appends the match's end, all in one transaction (docs/architecture.md "Ratings and
-- records"). The function that computed them here is called no more.
DROP FUNCTION "record_rated_match"(UUID, UUID, INTEGER, INTEGER, INTEGER, INTEGER, INTEGER);
