-- The documents' GIN indexes take a write's entries into their pending lists again (0002 and 0009 had
-- turned that off). Inserting a resume's ~100 keys into the index one by one was most of a write, and a
-- write holds its index's ordinal counter until it commits (0011), so it bounded how many documents an
-- index takes one at a time: 370 a second at 100k, from one client or three alike; with the lists, 520
-- (docs/benchmarks.md, "GIN pending lists, and a plain write in one statement"). The price is that
-- every scan of an index reads its list whole (about 0.7 µs a document waiting), so the segment merger
-- empties the lists at each look, every second by default (src/db/gin-pending-lists.ts); without it,
-- the write that takes a list past gin_pending_list_limit (4 MB, some 2,000 resumes) empties it. A bulk
-- load into an empty table still builds the indexes after the rows (bench/search/load.ts).
alter index documents_entities set (fastupdate = on);
alter index documents_entities_sample set (fastupdate = on);
alter index documents_custom_value set (fastupdate = on);
