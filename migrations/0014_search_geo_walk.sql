-- A search whose score has a distance part (simple search with geoSearch, boolean search with
-- geoSearchScore) ranks from the segment too (issue 19). The conditions' part of a document's score
-- comes from which units it meets (one get_bit per unit), the distance's share from its location (the
-- covering index below, no row). Each kept document has a bound on its score: its units' sum plus the
-- distance's share at the nearest its cell can be. The walk scores documents exactly in the order of
-- their bounds (then ordinals), a chunk at a time, and stops once the `want`-th best score found is above
-- the next bound (rounded as scores are), or equal to it with an ordinal below those of the documents
-- left that round to it: no document left can rank before it. A broad search near a city then scores the documents of the best subsets in the cells
-- around its centre, not the thousands the circle holds.
--
-- `by_mask[m + 1]` is the units' sum of mask m before rounding (float8, added in the conditions'
-- order, as the statement adds them); `cells` the circle's cells, `near` a distance no document of
-- each is nearer than. Returns the candidates' ordinals, best first, ties by ordinal.
create function search_geo_walk(p_account bigint, p_type text, res bit varying, units bit varying[], by_mask float8[], cells text[], near float8[],
                                p_point geography, p_radius float8, p_weight float8, want integer) returns integer[]
language plpgsql stable
as $$
declare
  n      integer := coalesce(array_length(units, 1), 0);
  chunk  constant integer := 64;
  ords   integer[] := '{}';
  reach  float8[] := '{}';
  met    integer[];
  u      bit varying;
  sorted integer[];
  bounds float8[];
  bound  numeric;
  masks  integer[];
  pool   integer[] := '{}';
  scores numeric[] := '{}';
  at     integer := 1;
  t      search_terms;
  found_ integer[];
begin
  res := res || B'';  -- detoasted once here, not by every bit operation
  -- The kept documents of each cell, with the distance's best share there.
  for c in 1..coalesce(array_length(cells, 1), 0) loop
    select * into t from search_terms s
     where s.account_id = p_account and s.index_type = p_type and s.field = 'GeoCell' and s.value = cells[c];
    continue when not found;
    found_ := case when t.postings is not null
                   then array(select o from unnest(t.postings) o where o < length(res) and get_bit(res, o) = 1)
                   else array(select bitmap_ordinals(res & full_bitmap(t.bitmap, t.recent, t.recent_from), 0, 2147483647)) end;
    ords := ords || found_;
    reach := reach || array_fill(p_weight * greatest(0, 1 - near[c] / p_radius), array[cardinality(found_)]);
  end loop;
  met := array_fill(0, array[cardinality(ords)]);
  for i in 1..n loop
    u := units[i];
    met := array(select x.m | (get_bit(u, x.o) << (i - 1)) from unnest(ords, met) with ordinality x(o, m, j) order by x.j);
  end loop;
  -- One sort, by the bound before rounding (rounding every bound first took twice as long), its order
  -- kept by the aggregates.
  select coalesce(array_agg(x.o), '{}'), coalesce(array_agg(x.bound), '{}'), coalesce(array_agg(x.m), '{}')
    into sorted, bounds, masks
    from (select y.o, y.m, by_mask[y.m + 1] + y.r as bound
            from unnest(ords, met, reach) y(o, m, r)
           order by 3 desc, 1) x;
  while at <= cardinality(sorted) loop
    if cardinality(pool) >= want then
      bound := round(bounds[at]::numeric, 2);
      exit when scores[want] > bound;
      -- A tie with the best bound left: the documents left that may round to it must all come later.
      exit when scores[want] = bound
                and pool[want] < (select min(x.o) from unnest(sorted[at:], bounds[at:]) x(o, b)
                                   where x.b > bound - 0.01 and round(x.b::numeric, 2) = bound);
    end if;
    select coalesce(array_agg(x.ordinal order by x.score desc, x.ordinal), '{}'), coalesce(array_agg(x.score order by x.score desc, x.ordinal), '{}')
      into pool, scores
      from (select y.ordinal, y.score
              from (select unnest(pool) as ordinal, unnest(scores) as score
                    union all
                    select d.ordinal,
                           round((by_mask[c.m + 1] + p_weight * greatest(0, 1 - coalesce(st_distance(d.location, p_point), p_radius) / p_radius))::numeric, 2)
                      from unnest(sorted[at:at + chunk - 1], masks[at:at + chunk - 1]) c(o, m)
                           join documents d on d.account_id = p_account and d.index_type = p_type and d.ordinal = c.o) y
             order by y.score desc, y.ordinal
             limit want) x;
    at := at + chunk;
  end loop;
  return pool;
end
$$;

-- The location of a document by its ordinal, read from the index alone.
create unique index documents_ordinal_location on documents (account_id, index_type, ordinal) include (location);
drop index documents_ordinal;
alter index documents_ordinal_location rename to documents_ordinal;
