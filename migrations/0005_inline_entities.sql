-- Keep `entities` uncompressed inside the table row.
--
-- Every document a search matches is tested against `entities` several times: the bitmap heap scan
-- rechecks each ORed containment test (jsonb_path_ops is lossy), and the score evaluates its own.
-- Stored the default way (EXTENDED), the ~2 kB of entities is compressed and, with the parser output
-- beside it, moved out of line to TOAST: each test fetched and decompressed it again. Measured on
-- 40,000 resumes, the same broad searches ran 2.2 to 2.6 times faster with entities inline and
-- uncompressed (docs/benchmarks.md).
--
-- STORAGE MAIN: compressed or moved out only as a last resort, after the other large columns
-- (parsed, display) have been. toast_tuple_target 4096: rows are squeezed only above 4 kB, so a
-- typical row keeps its entities whole beside pointers to the rest (about two rows per page).
--
-- Applies to rows written from now on; rows already stored keep their layout until they are
-- re-indexed (both are read the same way).
alter table documents set (toast_tuple_target = 4096);
alter table documents alter column entities set storage main;
