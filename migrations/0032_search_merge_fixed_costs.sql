-- What every merge paid at 1M whatever its size: a merge of 2,000 documents cost as much again as the
-- documents themselves (docs/benchmarks.md, "What a merge pays whatever its size").

-- No planner statistics for the segment's arrays and bitmaps: no query filters, joins or sorts on them,
-- and analyze, which the merger runs on search_terms after nearly every merge, computed element
-- statistics of every sampled postings array (0.93 s at 1M, 0.18 s without; search_forward's arrays
-- 0.60 s, 0.17 s without).
alter table search_terms
  alter column postings set statistics 0,
  alter column bitmap set statistics 0,
  alter column recent set statistics 0;
alter table search_term_groups
  alter column bitmap set statistics 0,
  alter column recent set statistics 0;
alter table search_forward
  alter column starts set statistics 0,
  alter column terms set statistics 0;
alter table search_segments alter column tombstones set statistics 0;

-- Recent bits compressed with lz4 rather than pglz: a merge rewrites those of every common term its
-- documents have, and pglz compressing them took a fifth of a merge's time at 1M (recompressing all
-- 14,887 took 0.79 s with pglz, 0.09 s with lz4). A server built without lz4 (PGlite) keeps pglz; the
-- values read the same either way, a value written before keeps its method until a merge rewrites it.
do $$
begin
  alter table search_terms alter column recent set compression lz4;
  alter table search_term_groups alter column recent set compression lz4;
exception when feature_not_supported then
  null;
end
$$;
