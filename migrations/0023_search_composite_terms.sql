-- A composite facet's values are terms of their own, and a facet's walk reads each value's bitmap as
-- stored. Walking the Skill facet (SkillHaveExp + SkillWithoutExp) read two bitmaps a value, joined
-- each to its recent bits (an overlay: three copies of the bitmap) and ORed them; a term of the
-- composite (field '@SkillHaveExp+SkillWithoutExp', the forward rows' slot name) is one bitmap, and its
-- recent bits are counted apart instead of joined (docs/benchmarks.md, "Facets by composite terms").

-- The forward rows as in 0012: a composite's slot keeps the smallest of its keys' term ids for a value,
-- as every row merged before this migration holds it, and not the composite term's id (a value would
-- otherwise count under two ids).
create or replace function search_forward_add(p_account bigint, p_type text) returns void
language plpgsql as $$
declare
  n integer;
begin
  insert into search_forward_slots (account_id, index_type, field, slot)
  select p_account, p_type, s.slot,
         coalesce((select max(x.slot) from search_forward_slots x where x.account_id = p_account and x.index_type = p_type), 0)
           + row_number() over (order by s.slot)
    from (select n.field as slot from merge_delta n where n.field like '@%'
          union
          select c.slot from search_composite_fields(p_type) c) s
   where not exists (select from search_forward_slots x where x.account_id = p_account and x.index_type = p_type and x.field = s.slot);
  select coalesce(max(slot), 0) into n from search_forward_slots where account_id = p_account and index_type = p_type;

  insert into search_forward (account_id, index_type, ordinal, starts, terms)
  with slots as materialized (
    select s.field, s.slot from search_forward_slots s where s.account_id = p_account and s.index_type = p_type),
  composite_fields as materialized (
    select * from search_composite_fields(p_type)),
  composite_values as materialized (
    select v.slot, v.value,
           (select min(x)
              from unnest(array(select (select t.term_id from search_terms t
                                         where t.account_id = p_account and t.index_type = p_type and t.field = k.field and t.value = v.value)
                                  from composite_fields k where k.slot = v.slot)) x) as term_id
      from (select distinct c.slot, n.value from merge_delta n join composite_fields c on c.field = n.field) v),
  entries as materialized (
    select o as ordinal, s.slot, n.term_id
      from merge_delta n join slots s on s.field = n.field, unnest(n.ordinals) o
     where not exists (select from composite_fields c where c.slot = n.field)
    union all
    select distinct o, s.slot, v.term_id
      from merge_delta n
           join composite_fields c on c.field = n.field
           join composite_values v on v.slot = c.slot and v.value = n.value
           join slots s on s.field = c.slot,
           unnest(n.ordinals) o)
  select p_account, p_type, e.ordinal,
         forward_starts(array_agg(e.slot order by e.slot, e.term_id), n), array_agg(e.term_id order by e.slot, e.term_id)
    from entries e
   group by e.ordinal;
end
$$;

-- search_merge as in 0020, and each composite's terms made from its keys' in the step: deriving them per
-- document (document_search_terms) read each document's display once more for each key, and made a
-- merge a third slower.
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
    -- Zeros appended: every bitmap keeps one length.
    update search_terms t
       set bitmap = full_bitmap(t.bitmap, t.recent, t.recent_from) || ordinals_bitmap('{}', cap - seg.capacity),
           recent = null, recent_from = null
     where t.account_id = p_account and t.index_type = p_type and t.bitmap is not null;
    seg.tombstones := seg.tombstones || ordinals_bitmap('{}', cap - seg.capacity);
    seg.folded_upto := (seg.merged_upto + 1) / 8 * 8;
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
                       when t.df + cardinality(n.ordinals) >= common then ordinals_bitmap(t.postings || n.ordinals, cap) end,
         recent = case when t.bitmap is not null then recent_with(t.recent, n.ordinals, seg.folded_upto) end,
         recent_from = case when t.bitmap is not null then seg.folded_upto end
    from merge_delta n
   where t.account_id = p_account and t.index_type = p_type and t.field = n.field and t.value = n.value
  returning t.field, t.value, t.term_id)
  update merge_delta n set term_id = u.term_id from updated u where u.field = n.field and u.value = n.value;
  with inserted as (
  insert into search_terms (account_id, index_type, field, value, df, postings, bitmap)
  select p_account, p_type, n.field, n.value, cardinality(n.ordinals),
         case when cardinality(n.ordinals) < common then n.ordinals end,
         case when cardinality(n.ordinals) >= common then ordinals_bitmap(n.ordinals, cap) end
    from merge_delta n
   where n.term_id is null
  returning field, value, term_id)
  update merge_delta n set term_id = i.term_id from inserted i where i.field = n.field and i.value = n.value;
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

  -- A large step (a bulk load's) leaves no more than 131,072 recent bits unfolded: reading a term joins
  -- them to its bitmap, at a cost that grows with them.
  if upto - seg.folded_upto >= 131072 then
    update search_terms t set bitmap = full_bitmap(t.bitmap, t.recent, t.recent_from), recent = null, recent_from = null
     where t.account_id = p_account and t.index_type = p_type and t.recent is not null;
    seg.folded_upto := (upto + 1) / 8 * 8;
  end if;

  update search_segments
     set merged_upto = upto, capacity = cap, tombstones = seg.tombstones, folded_upto = seg.folded_upto,
         documents = seg.documents, merged_at = now()
   where account_id = p_account and index_type = p_type;
  return merged;
end
$$;

-- 0011's walk stays for a facet of several keys that is no composite (its values' bitmaps ORed).
alter function search_facet_walk(bigint, text, text[], bit varying, integer, integer) rename to search_facet_walk_keys;

-- One facet's walk (search_facets): its values by document frequency, counting each among `res`, until
-- the next value's frequency plus the slack is below the current p_limit-th count: no value left can
-- reach it. A composite reads its own terms. A common term's recent bits are counted apart from its
-- folded ones: a merge sets only ordinals above every folded one, so the two never share a document.
create function search_facet_walk(p_account bigint, p_type text, p_fields text[], res bit varying, p_limit integer, p_slack integer) returns json
language plpgsql stable
as $$
declare
  term   text := search_forward_slot(p_fields);
  r      record;
  names  text[] := '{}';
  counts integer[] := '{}';
  kth    integer := 0;
  c      integer;
begin
  if cardinality(p_fields) > 1 and not exists (select from search_composite_fields(p_type) x where x.slot = term) then
    return search_facet_walk_keys(p_account, p_type, p_fields, res, p_limit, p_slack);
  end if;
  res := res || B'';  -- detoasted once here, not by every operation
  for r in select t.value, t.df, t.bitmap, t.recent, t.recent_from, t.postings
             from search_terms t
            where t.account_id = p_account and t.index_type = p_type and t.field = term
            order by t.df desc
  loop
    exit when cardinality(counts) >= p_limit and r.df + p_slack < kth;
    if r.bitmap is not null then
      c := bit_count(res & r.bitmap);
      if r.recent is not null then
        c := c + bit_count(substring(res from r.recent_from + 1 for length(r.recent)) & r.recent);
      end if;
    else
      c := (select count(*) from unnest(r.postings) o where get_bit(res, o) = 1);
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

-- search_facets as in 0012, walking from 12 x sqrt(capacity) documents (12,288 at 1M, 4,344 at
-- 131,072) instead of 1/48 of the capacity. The walk is cheaper now, and where it pays off does not
-- scale with the index: the forward rows cost the same per document at any size, a value's walk has a
-- fixed part besides its bitmap's length. The two ways cost the same near 12,500 documents at 1M for
-- City, Skill and TotalExperienceRange, and from 2,730 to 4,369 at 100k (docs/benchmarks.md, "Facets
-- by composite terms").
create or replace function search_facets(p_account bigint, p_type text, p_facets jsonb, res bit varying, p_capacity integer, p_limit integer, p_slack integer) returns json
language plpgsql stable
as $$
declare
  hits      integer;
  walked    bigint[];
  facet     bigint[];
  slot      integer[];
  sliced    text;
  bounds    text;
  tagged    text;
  forward   json;
begin
  res := res || B'';  -- detoasted once here, not by every bit operation
  hits := bit_count(res);
  -- Walked: every facet of a large result, and a composite the forward rows do not know.
  select coalesce(array_agg(f.i order by f.i), '{}')
    into walked
    from jsonb_array_elements(p_facets) with ordinality f(keys, i)
   where hits >= 12 * sqrt(p_capacity)
      or (jsonb_array_length(f.keys) > 1
          and not exists (select from search_composite_fields(p_type) c
                           where c.slot = search_forward_slot(array(select jsonb_array_elements_text(f.keys)))));
  -- The others by their slots (a facet no merged document has has none: it counts nothing here).
  select array_agg(f.i order by f.i), array_agg(s.slot order by f.i)
    into facet, slot
    from jsonb_array_elements(p_facets) with ordinality f(keys, i)
         join search_forward_slots s on s.account_id = p_account and s.index_type = p_type
                                    and s.field = search_forward_slot(array(select jsonb_array_elements_text(f.keys)))
   where not (f.i = any(walked));
  if facet is not null then
    -- Each document's row is read once and its facets' slices unnested as one array; an element's
    -- place in it says whose it is (a slot beyond a row's `starts` is null: empty, length 0).
    select string_agg(format('w.terms[w.starts[%s] : w.starts[%s] - 1]', x.s, x.s + 1), ' || ' order by x.j),
           string_agg(format('%s as e%s',
                             (select string_agg(format('coalesce(w.starts[%s] - w.starts[%s], 0)', y.s + 1, y.s), ' + ')
                                from unnest(slot) with ordinality y(s, j) where y.j <= x.j), x.j), ', ' order by x.j),
           'case ' || string_agg(format('when u.k <= b.e%s then %s', x.j, x.j), ' ' order by x.j) || ' end'
      into sliced, bounds, tagged
      from unnest(slot) with ordinality x(s, j);
    execute format($q$
      with counted as (
        select %s as j, u.t as term_id, count(*)::integer as n
          from search_forward w
               -- Where each facet's slice ends in the unnested array, computed once per document.
               cross join lateral (select %s offset 0) b,
               unnest(%s) with ordinality u(t, k)
         where w.account_id = $1 and w.index_type = $2 and w.ordinal = any($3)
         group by 1, 2),
      shown as (
        select r.j, r.term_id, r.n
          from (select c.j, c.term_id, c.n,
                       coalesce(nth_value(c.n, $4) over (partition by c.j order by c.n desc rows between unbounded preceding and unbounded following), 0) as kth
                  from counted c) r
         where r.n + $5 >= r.kth)
      select json_object_agg(x.j, x.counts)
        from (select s.j, json_agg(json_build_object('value', (select t.value from search_terms t where t.term_id = s.term_id and t.account_id = $1 and t.index_type = $2), 'count', s.n)) as counts
                from shown s group by s.j) x$q$, tagged, bounds, sliced)
      into forward
      using p_account, p_type, array(select bitmap_ordinals(res, 0, hits)), p_limit, p_slack;
  end if;
  return (
    select json_agg(case when f.i = any(walked)
                         then search_facet_walk(p_account, p_type, array(select jsonb_array_elements_text(f.keys)), res, p_limit, p_slack)
                         else coalesce(forward -> (array_position(facet, f.i))::text, '[]'::json) end
                    order by f.i)
      from jsonb_array_elements(p_facets) with ordinality f(keys, i));
end
$$;

-- The composites' terms of every index merged before this migration, from their keys' terms: a value
-- with a common key gets the union of its keys' bits as its bitmap, one with only rare keys the union
-- of their postings (a bitmap if that makes it common). A document's value under two keys counts once.
do $$
declare
  s      record;
  common integer;
begin
  for s in select account_id, index_type, capacity from search_segments loop
    common := greatest(s.capacity / 1024, 1);
    insert into search_terms (account_id, index_type, field, value, df, bitmap)
    select s.account_id, s.index_type, k.slot, k.value, bit_count(k.bits), k.bits
      from (select c.slot, t.value,
                   bit_or(coalesce(full_bitmap(t.bitmap, t.recent, t.recent_from), ordinals_bitmap(t.postings, s.capacity))) as bits
              from search_composite_fields(s.index_type) c
                   join search_terms t on t.account_id = s.account_id and t.index_type = s.index_type and t.field = c.field
             group by 1, 2
            having bool_or(t.bitmap is not null)) k;
    insert into search_terms (account_id, index_type, field, value, df, postings, bitmap)
    select s.account_id, s.index_type, k.slot, k.value, cardinality(k.postings),
           case when cardinality(k.postings) < common then k.postings end,
           case when cardinality(k.postings) >= common then ordinals_bitmap(k.postings, s.capacity) end
      from (select c.slot, t.value, array_agg(distinct o order by o) as postings
              from search_composite_fields(s.index_type) c
                   join search_terms t on t.account_id = s.account_id and t.index_type = s.index_type and t.field = c.field,
                   unnest(t.postings) o
             where not exists (select from search_terms x
                                where x.account_id = s.account_id and x.index_type = s.index_type and x.value = t.value and x.bitmap is not null
                                  and x.field in (select y.field from search_composite_fields(s.index_type) y where y.slot = c.slot))
             group by 1, 2) k;
  end loop;
end
$$;
