-- A common term's bitmap in two pieces, so that folding its recent bits, and growing the capacity, no
-- longer rewrites the whole of it. `bitmap` becomes the head, the bits of the ordinals below the
-- segment's `head_upto`, which only a few folds rewrite; `middle` holds the rest up to the capacity, and
-- `recent` (from `recent_from`, at or above `head_upto`) the ordinals merged since the last fold, as
-- before. A fold sets the recent bits in the middles, and a capacity step appends its zeros to them;
-- the heads are rewritten only when the middles' folded part reaches a quarter of the capacity. At 1M
-- a fold or a step rewrote all 14,750 bitmaps of 128 kB every 65,536 ordinals (the merge that stepped
-- 1,048,576 -> 1,114,112 took 47.6 s, against about 7 s without), about 0.6 ms an ordinal
-- (docs/benchmarks.md, "What a merge costs at 1M"). Reading a bitmap joins its pieces with `||`, which
-- cost a read nothing measurable ("Assembling a bitmap from pieces"). The groups' bitmaps alike.
--
-- An index merged before keeps whole bitmaps (`head_upto` null, no middles) until its next fold or step,
-- which splits them.
alter table search_terms add column middle bit varying;
alter table search_terms alter column middle set storage external, alter column middle set statistics 0;
alter table search_term_groups add column middle bit varying;
alter table search_term_groups alter column middle set storage external, alter column middle set statistics 0;
alter table search_segments add column head_upto integer;

-- Bits from ordinal `first` on, with `recent` (bits from `recent_from` on, inside them) set as well.
create function bits_with_recent(bits bit varying, first integer, recent bit varying, recent_from integer) returns bit varying
language sql immutable parallel safe
as $$
  select case when recent is null then bits
              else overlay(bits placing substring(bits from recent_from - first + 1 for length(recent)) | recent
                           from recent_from - first + 1) end
$$;

-- A term's or a group's whole bitmap: its head, its middle and its recent bits.
drop function full_bitmap(bit varying, bit varying, integer);
create function full_bitmap(b bit varying, middle bit varying, recent bit varying, recent_from integer) returns bit varying
language sql immutable parallel safe
as $$
  select case when middle is null then bits_with_recent(b, 0, recent, recent_from)
              else b || bits_with_recent(middle, length(b), recent, recent_from) end
$$;

-- Where the heads end after a fold up to `folded`: where they did, until the middles' folded part
-- reaches a quarter of the capacity (or the bitmaps are whole), then at `folded`.
create function search_head_at(head_upto integer, folded integer, capacity integer) returns integer
language sql immutable parallel safe
as $$
  select case when head_upto is null or folded - head_upto >= capacity / 4 then folded else head_upto end
$$;

-- Folds every common term's and group's recent bits into its middle and appends `p_grow` zeros (a
-- capacity step); when the heads move (`p_head` is not `p_head_was`), rewrites heads and middles from
-- the whole bitmaps instead.
create function search_fold(p_account bigint, p_type text, p_head_was integer, p_head integer, p_grow integer) returns void
language plpgsql as $$
begin
  if p_head_was is not distinct from p_head then
    update search_terms t
       set middle = bits_with_recent(t.middle, p_head, t.recent, t.recent_from) || zero_bitmap(p_grow), recent = null, recent_from = null
     where t.account_id = p_account and t.index_type = p_type and t.bitmap is not null and (t.recent is not null or p_grow > 0);
    update search_term_groups g
       set middle = bits_with_recent(g.middle, p_head, g.recent, g.recent_from) || zero_bitmap(p_grow), recent = null, recent_from = null
     where g.account_id = p_account and g.index_type = p_type and (g.recent is not null or p_grow > 0);
  else
    -- Each whole bitmap built once, for both its pieces.
    update search_terms t
       set (bitmap, middle) = (select substring(w from 1 for p_head), substring(w from p_head + 1) || zero_bitmap(p_grow)
                                 from full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from) w),
           recent = null, recent_from = null
     where t.account_id = p_account and t.index_type = p_type and t.bitmap is not null;
    update search_term_groups g
       set (bitmap, middle) = (select substring(w from 1 for p_head), substring(w from p_head + 1) || zero_bitmap(p_grow)
                                 from full_bitmap(g.bitmap, g.middle, g.recent, g.recent_from) w),
           recent = null, recent_from = null
     where g.account_id = p_account and g.index_type = p_type;
  end if;
end
$$;

-- How many of `res` a term or a group holds: its head, its middle and its recent bits (never the same
-- ordinal: a merge sets only ordinals above every folded one), or its postings one by one.
drop function search_walk_count(bit varying, bit varying, bit varying, integer, integer[]);
create function search_walk_count(res bit varying, bitmap bit varying, middle bit varying, recent bit varying, recent_from integer, postings integer[]) returns integer
language sql immutable parallel safe
as $$
  select case when bitmap is null then (select count(*)::integer from unnest(postings) o where get_bit(res, o) = 1)
              when middle is null then (bit_count(res & bitmap)
                                        + coalesce(bit_count(substring(res from recent_from + 1 for length(recent)) & recent), 0))::integer
              else (bit_count(substring(res from 1 for length(bitmap)) & bitmap) + bit_count(substring(res from length(bitmap) + 1) & middle)
                    + coalesce(bit_count(substring(res from recent_from + 1 for length(recent)) & recent), 0))::integer end
$$;

-- The readers of bitmaps as before (0011, 0014, 0022, 0023, 0024), reading the middles as well.
create or replace function terms_bitmap(p_account bigint, p_type text, p_fields text[], p_values text[], p_capacity integer) returns bit varying
language sql stable parallel safe
as $$
  with t as (
    select full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from) as bitmap, t.postings
      from unnest(p_fields, p_values) as q(field, value)
           join search_terms t on t.account_id = p_account and t.index_type = p_type and t.field = q.field and t.value = q.value)
  -- A zero bitmap is built only when neither kind is there.
  select coalesce(c.common | r.rare, c.common, r.rare, ordinals_bitmap('{}', p_capacity))
    from (select bit_or(t.bitmap) as common from t) c,
         (select case when count(*) > 0 then ordinals_bitmap(array_agg(o), p_capacity) end as rare
            from t, unnest(t.postings) o) r
$$;

create or replace function search_geo_cell(p_account bigint, p_type text, res bit varying, cell text) returns bit varying
language sql stable
as $$
  select coalesce((select res & case when t.postings is not null
                                     then ordinals_bitmap(array(select o from unnest(t.postings) o where o < length(res)), length(res))
                                     else full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from) end
                     from search_terms t
                    where t.account_id = p_account and t.index_type = p_type and t.field = 'GeoCell' and t.value = cell),
                  res & ~res)
$$;

create or replace function search_facet_walk_keys(p_account bigint, p_type text, p_fields text[], res bit varying, p_limit integer, p_slack integer)
returns json
language plpgsql
stable
as $$
declare
  r      record;
  names  text[] := '{}';
  counts integer[] := '{}';
  kth    integer := 0;
  c      integer;
begin
  res := res || B'';  -- detoasted once here, not by every get_bit
  -- Frequencies only here: counting in this query would count every value before the sort gave the first.
  for r in select t.value, sum(t.df)::integer as df, bool_and(t.bitmap is not null) as common
             from search_terms t
            where t.account_id = p_account and t.index_type = p_type and t.field = any(p_fields)
            group by t.value
            order by 2 desc
  loop
    exit when cardinality(counts) >= p_limit and r.df + p_slack < kth;
    if r.common then
      select bit_count(res & bit_or(full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from))) into c
        from search_terms t
       where t.account_id = p_account and t.index_type = p_type and t.field = any(p_fields) and t.value = r.value;
    else
      select count(distinct o) into c
        from search_terms t,
             unnest(coalesce(t.postings, array(select bitmap_ordinals(full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from), 0, t.df)))) o
       where t.account_id = p_account and t.index_type = p_type and t.field = any(p_fields) and t.value = r.value
         and get_bit(res, o) = 1;
    end if;
    if c > 0 then
      names := names || r.value;
      counts := counts || c;
      if cardinality(counts) >= p_limit then
        kth := (select x from unnest(counts) x order by x desc offset p_limit - 1 limit 1);
      end if;
    end if;
  end loop;
  return (select coalesce(json_agg(json_build_object('value', f.v, 'count', f.n)), '[]'::json)
            from unnest(names, counts) f(v, n)
           where f.n + p_slack >= kth);
end
$$;


create or replace function search_geo_walk_each(p_account bigint, p_type text, res bit varying, units bit varying[], by_mask double precision[], cells text[], near double precision[], p_point geography, p_radius double precision, p_weight double precision, want integer)
returns integer[]
language plpgsql
stable
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
                   else array(select bitmap_ordinals(res & full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from), 0, 2147483647)) end;
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


-- The first facet walk of 0024, reading the middles as well.
create or replace function search_facet_walk(p_account bigint, p_type text, p_fields text[], res bit varying, p_limit integer, p_slack integer) returns json
language plpgsql stable
as $$
declare
  term   text := search_forward_slot(p_fields);
  r      record;
  m      record;
  names  text[] := '{}';
  counts integer[] := '{}';
  kth    integer := 0;
  c      integer;
begin
  if cardinality(p_fields) > 1 and not exists (select from search_composite_fields(p_type) x where x.slot = term) then
    return search_facet_walk_keys(p_account, p_type, p_fields, res, p_limit, p_slack);
  end if;
  res := res || B'';  -- detoasted once here, not by every operation
  for r in select g.grp, g.df_max as df, null::text as value, g.bitmap, g.middle, g.recent, g.recent_from, null::integer[] as postings
             from search_term_groups g
            where g.account_id = p_account and g.index_type = p_type and g.field = term
           union all
           select null, t.df, t.value, t.bitmap, t.middle, t.recent, t.recent_from, t.postings
             from search_terms t
            where t.account_id = p_account and t.index_type = p_type and t.field = term and t.grp is null
           order by df desc
  loop
    exit when cardinality(counts) >= p_limit and r.df + p_slack < kth;
    if r.grp is null then
      c := search_walk_count(res, r.bitmap, r.middle, r.recent, r.recent_from, r.postings);
      if c > 0 then
        names := names || r.value;
        counts := counts || c;
        kth := search_kth_count(counts, p_limit);
      end if;
    elsif cardinality(counts) < p_limit or search_walk_count(res, r.bitmap, r.middle, r.recent, r.recent_from, null) + p_slack >= kth then
      for m in select t.value, t.df, t.bitmap, t.middle, t.recent, t.recent_from
                 from search_terms t
                where t.account_id = p_account and t.index_type = p_type and t.field = term and t.grp = r.grp
                order by t.df desc
      loop
        exit when cardinality(counts) >= p_limit and m.df + p_slack < kth;
        c := search_walk_count(res, m.bitmap, m.middle, m.recent, m.recent_from, null);
        if c > 0 then
          names := names || m.value;
          counts := counts || c;
          kth := search_kth_count(counts, p_limit);
        end if;
      end loop;
    end if;
  end loop;
  return (select coalesce(json_agg(json_build_object('value', f.v, 'count', f.n)), '[]'::json)
            from unnest(names, counts) f(v, n)
           where f.n + p_slack >= kth);
end
$$;


-- search_groups_add as in 0024, the new groups' bitmaps split where the terms' are (`p_head`, the merge's).
drop function search_groups_add(bigint, text, text[], text[]);
create function search_groups_add(p_account bigint, p_type text, p_fields text[], p_values text[], p_head integer) returns void
language plpgsql as $$
declare
  fields text[];
  vals   text[];
  grps   integer[];
begin
  select array_agg(f.field), array_agg(f.value), array_agg(f.grp)
    into fields, vals, grps
    from (select t.field, t.value,
                 coalesce((select max(g.grp) from search_term_groups g
                            where g.account_id = p_account and g.index_type = p_type and g.field = t.field), 0)
                   + ((row_number() over (partition by t.field order by t.df desc, t.value) + 3) / 4)::integer as grp
            from unnest(p_fields, p_values) c(field, value)
                 cross join lateral (select x.field, x.value, x.df, x.grp, x.bitmap is not null as common from search_terms x
                                      where x.account_id = p_account and x.index_type = p_type and x.field = c.field and x.value = c.value
                                     offset 0) t
           where c.field like '@%' and t.common and t.grp is null) f;
  if fields is null then
    return;
  end if;
  for i in 1 .. cardinality(fields) loop
    update search_terms t set grp = grps[i]
     where t.account_id = p_account and t.index_type = p_type and t.field = fields[i] and t.value = vals[i];
  end loop;
  insert into search_term_groups (account_id, index_type, field, grp, df_max, bitmap, middle)
  select p_account, p_type, u.field, u.grp, u.df_max,
         case when p_head is null then u.bits else substring(u.bits from 1 for p_head) end,
         case when p_head is not null then substring(u.bits from p_head + 1) end
    from (select f.field, f.grp, max(t.df) as df_max, bit_or(full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from)) as bits
            from unnest(fields, vals, grps) f(field, value, grp)
                 cross join lateral (select x.df, x.bitmap, x.middle, x.recent, x.recent_from from search_terms x
                                      where x.account_id = p_account and x.index_type = p_type and x.field = f.field and x.value = f.value
                                     offset 0) t
           group by f.field, f.grp) u;
end
$$;


-- search_capacity_fit as in 0024 (an index whose capacity doubling left twice too large): the middles
-- are cut when the bitmaps are split.
create or replace function search_capacity_fit(p_account bigint, p_type text) returns integer
language plpgsql as $$
declare
  seg search_segments;
  cap integer;
begin
  perform from accounts a where a.account_id = p_account for key share;
  select * into seg from search_segments where account_id = p_account and index_type = p_type for update;
  if not found then
    return null;
  end if;
  cap := search_capacity(seg.merged_upto);
  if cap < seg.capacity then
    if seg.head_upto is null then
      update search_terms t set bitmap = substring(t.bitmap from 1 for cap)
       where t.account_id = p_account and t.index_type = p_type and t.bitmap is not null;
      update search_term_groups g set bitmap = substring(g.bitmap from 1 for cap)
       where g.account_id = p_account and g.index_type = p_type;
    else
      update search_terms t set middle = substring(t.middle from 1 for cap - seg.head_upto)
       where t.account_id = p_account and t.index_type = p_type and t.bitmap is not null;
      update search_term_groups g set middle = substring(g.middle from 1 for cap - seg.head_upto)
       where g.account_id = p_account and g.index_type = p_type;
    end if;
    update search_segments s set capacity = cap, tombstones = substring(s.tombstones from 1 for cap)
     where s.account_id = p_account and s.index_type = p_type;
    return cap;
  end if;
  return seg.capacity;
end
$$;

-- search_merge as in 0034: a capacity step and a fold set the recent bits in the middles (search_fold),
-- and a term that becomes common, or a new group, gets its bitmap split where the others' are.
create or replace function search_merge(p_account bigint, p_type text, p_most integer default 200000) returns integer
language plpgsql as $$
declare
  seg      search_segments;
  upto     integer;
  cap      integer;
  common   integer;
  merged   integer;
  counted  integer[];
  dead     integer[];
  step     record;
  fold_at  integer;
  folded   integer;
  head     integer;
begin
  select coalesce(max(last_ordinal), 0) into upto from search_ordinals where account_id = p_account and index_type = p_type;
  -- Nothing waiting: no write at all (a search that merges first may be refused and must change nothing).
  if upto <= coalesce((select s.merged_upto from search_segments s where s.account_id = p_account and s.index_type = p_type), 0)
     and not exists (select from search_tombstones t where t.account_id = p_account and t.index_type = p_type) then
    return 0;
  end if;
  -- The account first, as writers take it (documents_take_ordinal), then the segment: merges of one index
  -- run one at a time. The counter is read again under the lock: a merge that waited must not go back.
  perform from accounts a where a.account_id = p_account for key share;
  insert into search_segments (account_id, index_type, tombstones)
  values (p_account, p_type, ordinals_bitmap('{}', 1024))
  on conflict do nothing;
  select * into seg from search_segments where account_id = p_account and index_type = p_type for update;
  select least(coalesce(max(last_ordinal), 0), seg.merged_upto + p_most) into upto
    from search_ordinals where account_id = p_account and index_type = p_type;

  -- A step that reaches past the capacity grows it to the next multiple of 65,536 and folds the recent
  -- bits into the bitmaps in the same pass, before this step's bits: both rewrite every common term's
  -- bitmap. One document at a time, that is once every 65,536 ordinals, the fold's old cadence.
  cap := greatest(seg.capacity, search_capacity(upto));
  common := greatest(cap / 1024, 1);
  if cap > seg.capacity then
    -- Terms no longer common at this capacity go back to postings, out of their groups.
    update search_terms t
       set postings = (select array(select bitmap_ordinals(b, 0, bit_count(b)::integer))
                         from full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from) b),
           bitmap = null, middle = null, recent = null, recent_from = null, grp = null
     where t.account_id = p_account and t.index_type = p_type and t.bitmap is not null and t.df < common;
    delete from search_term_groups g
     where g.account_id = p_account and g.index_type = p_type
       and not exists (select from search_terms t
                        where t.account_id = g.account_id and t.index_type = g.index_type and t.field = g.field and t.grp = g.grp);
    -- The recent bits folded and the zeros appended, in the middles: every bitmap keeps one length.
    folded := (seg.merged_upto + 1) / 8 * 8;
    head := search_head_at(seg.head_upto, folded, cap);
    perform search_fold(p_account, p_type, seg.head_upto, head, cap - seg.capacity);
    seg.tombstones := seg.tombstones || ordinals_bitmap('{}', cap - seg.capacity);
    seg.folded_upto := folded;
    seg.head_upto := head;
  end if;

  create temporary table if not exists merge_delta (field text, value text, ordinals integer[], term_id integer) on commit drop;
  truncate merge_delta;
  insert into merge_delta (field, value, ordinals)
  select t.field, t.value, array_agg(d.ordinal)
    from documents d,
         lateral document_search_terms(d.entities, d.display, d.sub_user_id, d.experience_months, d.experience_max_months, d.custom_value) t
   where d.account_id = p_account and d.index_type = p_type and d.ordinal > seg.merged_upto and d.ordinal <= upto
   group by 1, 2;
  -- Each composite's values from its keys' (spec 2.4): a document once, whichever of its keys hold the
  -- value. A value under one key only (most) takes its ordinals as they are, without sorting them again.
  insert into merge_delta (field, value, ordinals)
  with keyed as materialized (
    select c.slot, n.value, n.ordinals, count(*) over (partition by c.slot, n.value) as keys
      from merge_delta n join search_composite_fields(p_type) c on c.field = n.field)
  select k.slot, k.value, k.ordinals from keyed k where k.keys = 1
  union all
  select k.slot, k.value, array_agg(distinct o order by o) from keyed k, unnest(k.ordinals) o where k.keys > 1 group by 1, 2;
  -- The documents counted in: those of this step that still exist now (one may go while this runs).
  select coalesce(array_agg(d.ordinal), '{}') into counted from documents d
   where d.account_id = p_account and d.index_type = p_type and d.ordinal > seg.merged_upto and d.ordinal <= upto;
  merged := cardinality(counted);
  seg.documents := seg.documents + merged;

  -- Each term's id noted beside it for the forward rows.
  with updated as (
  update search_terms t
     set df = t.df + cardinality(n.ordinals),
         postings = case when t.bitmap is null and t.df + cardinality(n.ordinals) < common then t.postings || n.ordinals end,
         bitmap = case when t.bitmap is not null then t.bitmap
                       when t.df + cardinality(n.ordinals) >= common then ordinals_bitmap(t.postings || n.ordinals, coalesce(seg.head_upto, cap)) end,
         middle = case when t.bitmap is not null then t.middle
                       when t.df + cardinality(n.ordinals) >= common and seg.head_upto is not null
                       then ordinals_bitmap(t.postings || n.ordinals, cap - seg.head_upto, seg.head_upto) end,
         recent = case when t.bitmap is not null then recent_with(t.recent, n.ordinals, seg.folded_upto) end,
         recent_from = case when t.bitmap is not null then seg.folded_upto end
    from merge_delta n
   where t.account_id = p_account and t.index_type = p_type and t.field = n.field and t.value = n.value
  returning t.field, t.value, t.term_id)
  update merge_delta n set term_id = u.term_id from updated u where u.field = n.field and u.value = n.value;
  with inserted as (
  insert into search_terms (account_id, index_type, field, value, df, postings, bitmap, middle)
  select p_account, p_type, n.field, n.value, cardinality(n.ordinals),
         case when cardinality(n.ordinals) < common then n.ordinals end,
         case when cardinality(n.ordinals) >= common then ordinals_bitmap(n.ordinals, coalesce(seg.head_upto, cap)) end,
         case when cardinality(n.ordinals) >= common and seg.head_upto is not null then ordinals_bitmap(n.ordinals, cap - seg.head_upto, seg.head_upto) end
    from merge_delta n
   where n.term_id is null
  returning field, value, term_id)
  update merge_delta n set term_id = i.term_id from inserted i where i.field = n.field and i.value = n.value;
  -- The groups of the step's common shown values: those grouped before take the step's ordinals in
  -- their recent bits, those common from now on make new groups.
  -- Terms and groups looked up by their keys, one at a time: joined in one statement, with the statistics
  -- of an account new to them, the planner scanned the step's groups once for every group of the index.
  for step in select t.field, t.grp, max(t.df) as df_max, array_agg(o) as ordinals
             from merge_delta n
                  cross join lateral (select x.field, x.grp, x.df from search_terms x
                                       where x.account_id = p_account and x.index_type = p_type and x.field = n.field and x.value = n.value
                                      offset 0) t,
                  unnest(n.ordinals) o
            where n.field like '@%' and t.grp is not null
            group by 1, 2
  loop
    update search_term_groups g
       set df_max = greatest(g.df_max, step.df_max),
           recent = recent_with(g.recent, step.ordinals, seg.folded_upto),
           recent_from = seg.folded_upto
     where g.account_id = p_account and g.index_type = p_type and g.field = step.field and g.grp = step.grp;
  end loop;
  perform search_groups_add(p_account, p_type, array_agg(n.field), array_agg(n.value), seg.head_upto) from merge_delta n where n.field like '@%';
  -- The documents' forward facet rows.
  perform search_forward_add(p_account, p_type);

  -- Tombstones of merged ordinals join the bitmap; those of ordinals merged only now are this merge's
  -- too (their documents went while it ran, and their terms are in the bitmaps now).
  with taken as (
    delete from search_tombstones s
     where s.account_id = p_account and s.index_type = p_type and s.ordinal <= upto
    returning s.ordinal)
  select array_agg(ordinal) into dead from taken;
  if dead is not null then
    seg.tombstones := seg.tombstones | ordinals_bitmap(dead, cap);
    -- Counted out: the documents merged before and those counted in above; a document that went before
    -- the count above was never counted.
    seg.documents := seg.documents - (select count(*) from unnest(dead) o where o <= seg.merged_upto or o = any(counted));
    delete from search_forward w where w.account_id = p_account and w.index_type = p_type and w.ordinal = any(dead);
  end if;

  -- Recent bits are folded from max(16,384, capacity / 16) ordinals on (`fold_at`): every merge rewrites
  -- those of the terms it touches, and reading a term joins them to its bitmap. Not when the next step
  -- of the capacity, which folds them anyway, is nearer than that, unless twice as many are waiting
  -- (a bulk load's step): the middles would be rewritten twice in a row.
  fold_at := greatest(16384, cap / 16);
  if upto - seg.folded_upto >= 2 * fold_at or (upto - seg.folded_upto >= fold_at and cap - upto >= fold_at) then
    folded := (upto + 1) / 8 * 8;
    head := search_head_at(seg.head_upto, folded, cap);
    perform search_fold(p_account, p_type, seg.head_upto, head, 0);
    seg.folded_upto := folded;
    seg.head_upto := head;
  end if;

  update search_segments
     set merged_upto = upto, capacity = cap, tombstones = seg.tombstones, folded_upto = seg.folded_upto, head_upto = seg.head_upto,
         documents = seg.documents, merged_at = now()
   where account_id = p_account and index_type = p_type;
  return merged;
end
$$;
