-- A second GIN index on the entities of one document in sixteen (by a hash of its id), for the match's
-- candidate lookups (docs/matching.md, "Candidates"; src/search/candidate-sql.ts, candidateTiers).
--
-- A tier takes at most 500 documents that share a value with the source, but a GIN lookup builds the
-- bitmap of every document with the value before the first row comes out: at 1M resumes a common
-- skill's (230,000 documents) cost about 100 ms, for 500 of them. A tier now reads this index first and
-- the whole one only when the sixteenth did not fill it, so a common value costs a sixteenth of its
-- bitmap. Which documents an overflowing tier takes was already arbitrary (the first in the table's
-- order); now they are those of the sample, and the same ones every time.
--
-- The predicate must be written exactly so in queries for the planner to use the index
-- (candidate-sql.ts `inSample`). fastupdate off, as documents_entities: a pending list would be scanned
-- by every lookup.
create index documents_entities_sample on documents using gin (entities jsonb_path_ops)
  with (fastupdate = off)
  where (hashtext(document_id) & 15) = 0;
