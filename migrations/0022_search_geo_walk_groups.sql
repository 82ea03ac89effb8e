-- The distance walk (0014) reads a group of documents at a time instead of every kept one. 0014's walk
-- listed the kept documents of every cell of the circle, the units each meets and its bound, and sorted
-- them all before scoring the best: 83 of a search's 90 ms when 45,000 resumes within 50 km of New York
-- had one of its values (docs/benchmarks.md, "The distance walk by groups"). The bound is the same for
-- every document of one cell that meets the same units, so this walk lists those groups, best bound
-- first, builds the bitmap of a bound's groups when it comes to them (a cell's documents, with and
-- without each unit) and scores their documents in ordinal order, with 0014's stopping rule: the
-- `want`-th best score found is above the best bound left, or equal to it with an ordinal below every
-- document left that rounds to it. A search near a city whose centre documents reach their bound stops
-- after one chunk.
--
-- With many groups (units x cells past 1,024: many units, or a wide circle of small cells) listing and
-- sorting the groups would cost more than the documents: those searches keep 0014's walk.

alter function search_geo_walk(bigint, text, bit varying, bit varying[], float8[], text[], float8[], geography, float8, float8, integer)
  rename to search_geo_walk_each;

-- A cell's kept documents: the search's bitmap ANDed with the cell's (its postings while it is rare).
create function search_geo_cell(p_account bigint, p_type text, res bit varying, cell text) returns bit varying
language sql stable
as $$
  select coalesce((select res & case when t.postings is not null
                                     then ordinals_bitmap(array(select o from unnest(t.postings) o where o < length(res)), length(res))
                                     else full_bitmap(t.bitmap, t.recent, t.recent_from) end
                     from search_terms t
                    where t.account_id = p_account and t.index_type = p_type and t.field = 'GeoCell' and t.value = cell),
                  res & ~res)
$$;

-- The documents of `in_cell` that meet exactly the units of `mask` (bit i - 1: units[i]).
create function search_geo_members(in_cell bit varying, units bit varying[], mask integer) returns bit varying
language plpgsql immutable
as $$
declare
  members bit varying := in_cell;
begin
  for i in 1..coalesce(array_length(units, 1), 0) loop
    members := case when (mask >> (i - 1)) & 1 = 1 then members & units[i] else members & ~units[i] end;
  end loop;
  return members;
end
$$;

create function search_geo_walk(p_account bigint, p_type text, res bit varying, units bit varying[], by_mask float8[], cells text[], near float8[],
                                p_point geography, p_radius float8, p_weight float8, want integer) returns integer[]
language plpgsql stable
as $$
declare
  n       integer := coalesce(array_length(units, 1), 0);
  ncells  integer := coalesce(array_length(cells, 1), 0);
  chunk   constant integer := 64;
  -- The groups, best bound first (rounded as scores are), then by cell and mask.
  g_cell  integer[];
  g_mask  integer[];
  g_bound numeric[];
  g       integer := 1;
  -- The kept documents of each cell, built when a group of the cell first comes.
  in_cell bit varying[];
  members bit varying;
  group_members bit varying;
  total   integer;
  taken   integer;
  batch   integer[];
  pool    integer[] := '{}';
  scores  numeric[] := '{}';
  bound   numeric;
begin
  if ncells = 0 then
    return '{}';
  end if;
  if ncells * (1 << n) > 1024 then
    return search_geo_walk_each(p_account, p_type, res, units, by_mask, cells, near, p_point, p_radius, p_weight, want);
  end if;
  res := res || B'';  -- detoasted once here, not by every bit operation
  in_cell := array_fill(null::bit varying, array[ncells]);
  select array_agg(x.c order by x.b desc, x.c, x.m), array_agg(x.m order by x.b desc, x.c, x.m), array_agg(x.b order by x.b desc, x.c, x.m)
    into g_cell, g_mask, g_bound
    from (select c.i as c, m.m, round((by_mask[m.m + 1] + p_weight * greatest(0, 1 - near[c.i] / p_radius))::numeric, 2) as b
            from generate_series(1, ncells) c(i), generate_series(0, (1 << n) - 1) m(m)) x;

  -- A tier: the groups of one bound, whose documents are taken together in ordinal order, as ties rank.
  while g <= cardinality(g_cell) loop
    bound := g_bound[g];
    exit when cardinality(pool) >= want and scores[want] > bound;
    members := null;
    while g <= cardinality(g_cell) and g_bound[g] = bound loop
      if in_cell[g_cell[g]] is null then
        in_cell[g_cell[g]] := search_geo_cell(p_account, p_type, res, cells[g_cell[g]]);
      end if;
      group_members := search_geo_members(in_cell[g_cell[g]], units, g_mask[g]);
      members := coalesce(members | group_members, group_members);
      g := g + 1;
    end loop;
    total := bit_count(members);
    taken := 0;
    while taken < total loop
      if cardinality(pool) >= want then
        exit when scores[want] > bound;
        -- A tie with the bound: every document left in the tier comes after the last one kept.
        exit when scores[want] = bound and pool[want] < (select o from bitmap_ordinals(members, taken, 1) o);
      end if;
      batch := array(select bitmap_ordinals(members, taken, chunk));
      taken := taken + cardinality(batch);
      select coalesce(array_agg(x.ordinal order by x.score desc, x.ordinal), '{}'), coalesce(array_agg(x.score order by x.score desc, x.ordinal), '{}')
        into pool, scores
        from (select y.ordinal, y.score
                from (select unnest(pool) as ordinal, unnest(scores) as score
                      union all
                      select d.ordinal,
                             round((by_mask[b.m + 1] + p_weight * greatest(0, 1 - coalesce(st_distance(d.location, p_point), p_radius) / p_radius))::numeric, 2)
                        from (select o, (select coalesce(sum(get_bit(units[i], o) << (i - 1)), 0) from generate_series(1, n) i)::integer as m
                                from unnest(batch) o) b
                             join documents d on d.account_id = p_account and d.index_type = p_type and d.ordinal = b.o) y
               order by y.score desc, y.ordinal
               limit want) x;
    end loop;
    -- The loop above ends with documents left only when none of them can rank before the pool.
    exit when taken < total;
  end loop;
  return pool;
end
$$;
