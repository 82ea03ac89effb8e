-- The documents' JSON and terms compressed with lz4 rather than pglz: every write compresses them, and
-- pglz was about a fifth of a bulk insert's time (docs/benchmarks.md). A server built without lz4
-- (PGlite) keeps pglz; a value written before keeps its method until the row is written again.
do $$
begin
  alter table documents
    alter column parsed set compression lz4,
    alter column entities set compression lz4,
    alter column display set compression lz4,
    alter column terms set compression lz4;
exception when feature_not_supported then
  null;
end
$$;
