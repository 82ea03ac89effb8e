-- Searches run under row-level security (migrations/0001), and PostgreSQL only lets an index serve a
-- condition under a policy when the condition's function is LEAKPROOF: it cannot reveal rows of other
-- accounts through an error. Without this every search scans the whole table: at 100,000 documents a
-- two-entity count took 1,524 ms under the tenant role, 0.19 ms once jsonb_contains was leakproof
-- (npm run bench:search, docs/benchmarks.md).
--
-- These functions compare their arguments and raise no data-dependent errors. Marking them needs a
-- superuser: without one the migration warns, searches stay correct but slow, and a DBA can run the
-- statements below later (README, "Configuration").
do $$
begin
  alter function jsonb_contains(jsonb, jsonb) leakproof;                                      -- entities @> ...
  alter function geography_overlaps(geography, geography) leakproof;                         -- the && ST_DWithin adds
  alter function overlaps_geog(geography, gidx) leakproof;
  alter function st_dwithin(geography, geography, double precision, boolean) leakproof;      -- the radius itself
  alter function _st_dwithin(geography, geography, double precision, boolean) leakproof;
exception when insufficient_privilege then
  raise warning 'searches use indexes under row-level security only when jsonb_contains and PostGIS''s geography '
    'overlap and distance functions are LEAKPROOF; run migrations/0003_leakproof_search_functions.sql as a superuser';
end
$$;
