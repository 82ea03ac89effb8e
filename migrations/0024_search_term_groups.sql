-- Groups of a facet's values, so that a facet's walk can pass over values that cannot reach its top
-- counts four at a time. The walk visits every value whose document frequency reaches the current
-- tenth count; among a title's 14,000 resumes at 1M that is 300-390 skills and every city, most of them
-- counting a few dozen. A group's bitmap is the union of its members', so its count among the result
-- bounds each member's: one AND instead of four when it falls below the tenth count
-- (docs/benchmarks.md, "Facets by groups of values").
--
-- The shown values ('@' fields and composites) are grouped when they become common, four at a time in
-- order of frequency within a field; a rare value (postings) is walked alone, as before. A group keeps
-- its bits as a term does: folded ones in `bitmap`, the ordinals merged since the last fold in `recent`,
-- and df_max, the largest frequency of its members, which orders the walk and ends it. The bitmap may
-- hold more than its members' union (a document gone since), never less: a bound, not a count.

create table search_term_groups (
  account_id  bigint not null references accounts on delete cascade,
  index_type  text not null check (index_type in ('Resume', 'JD')),
  field       text not null,
  grp         integer not null,
  df_max      integer not null,
  bitmap      bit varying not null,
  recent      bit varying,
  recent_from integer,
  primary key (account_id, index_type, field, grp)
);
alter table search_term_groups alter column bitmap set storage external;
alter table search_term_groups enable row level security;
create policy tenant_search_term_groups on search_term_groups
  using (account_id = nullif(current_setting('resume_search.account_id', true), '')::bigint);
grant select, insert, update on search_term_groups to resume_search_tenant;

-- A common shown value's group; null for a rare one and for the fields facets do not count. Set once,
-- by the merge that makes the value common.
alter table search_terms add column grp integer;
create index search_terms_group on search_terms (account_id, index_type, field, grp) where grp is not null;

-- Groups for those of the given terms (fields and values) that are common shown values without a group
-- yet, four a group in order of frequency, numbered after the field's groups. Each term is read by its
-- key alone (a lateral subquery, kept apart by `offset 0`, its conditions outside it) and updated by it,
-- one at a time: with the statistics of an account new to them, a plain join was planned as a scan of
-- the account's terms around a scan of the given ones, and a condition on `grp` inside made a scan of a
-- field's groups.
create function search_groups_add(p_account bigint, p_type text, p_fields text[], p_values text[]) returns void
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
  insert into search_term_groups (account_id, index_type, field, grp, df_max, bitmap)
  select p_account, p_type, f.field, f.grp, max(t.df), bit_or(full_bitmap(t.bitmap, t.recent, t.recent_from))
    from unnest(fields, vals, grps) f(field, value, grp)
         cross join lateral (select x.df, x.bitmap, x.recent, x.recent_from from search_terms x
                              where x.account_id = p_account and x.index_type = p_type and x.field = f.field and x.value = f.value
                             offset 0) t
   group by f.field, f.grp;
end
$$;

-- search_merge as in 0023, keeping the groups: grown and folded with the terms, the step's ordinals in
-- the recent bits of their members' groups, new common values grouped.
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
    update search_term_groups g
       set bitmap = full_bitmap(g.bitmap, g.recent, g.recent_from) || ordinals_bitmap('{}', cap - seg.capacity),
           recent = null, recent_from = null
     where g.account_id = p_account and g.index_type = p_type;
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
  perform search_groups_add(p_account, p_type, array_agg(n.field), array_agg(n.value)) from merge_delta n where n.field like '@%';
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
    update search_term_groups g set bitmap = full_bitmap(g.bitmap, g.recent, g.recent_from), recent = null, recent_from = null
     where g.account_id = p_account and g.index_type = p_type and g.recent is not null;
    seg.folded_upto := (upto + 1) / 8 * 8;
  end if;

  update search_segments
     set merged_upto = upto, capacity = cap, tombstones = seg.tombstones, folded_upto = seg.folded_upto,
         documents = seg.documents, merged_at = now()
   where account_id = p_account and index_type = p_type;
  return merged;
end
$$;

-- How many of `res` a term or a group holds: its folded bits and its recent ones (never the same
-- ordinal: a merge sets only ordinals above every folded one), or its postings one by one.
create function search_walk_count(res bit varying, bitmap bit varying, recent bit varying, recent_from integer, postings integer[]) returns integer
language sql immutable parallel safe
as $$
  select case when bitmap is null then (select count(*)::integer from unnest(postings) o where get_bit(res, o) = 1)
              when recent is null then bit_count(res & bitmap)::integer
              else (bit_count(res & bitmap) + bit_count(substring(res from recent_from + 1 for length(recent)) & recent))::integer end
$$;

-- The k-th largest of `counts`, or 0 while there are fewer: the count a value must reach to be shown.
create function search_kth_count(counts integer[], k integer) returns integer
language sql immutable parallel safe
as $$
  select coalesce((select x from unnest(counts) x order by x desc offset k - 1 limit 1), 0)
$$;

-- One facet's walk as in 0023, by groups: the field's groups and its ungrouped values in order of
-- frequency (a group's is its largest member's). Once p_limit values are counted, a group whose count
-- among `res` plus the slack is below the current p_limit-th count is passed over whole: none of its
-- members can reach it. The walk still ends at the first value or group whose frequency cannot.
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
  for r in select g.grp, g.df_max as df, null::text as value, g.bitmap, g.recent, g.recent_from, null::integer[] as postings
             from search_term_groups g
            where g.account_id = p_account and g.index_type = p_type and g.field = term
           union all
           select null, t.df, t.value, t.bitmap, t.recent, t.recent_from, t.postings
             from search_terms t
            where t.account_id = p_account and t.index_type = p_type and t.field = term and t.grp is null
           order by df desc
  loop
    exit when cardinality(counts) >= p_limit and r.df + p_slack < kth;
    if r.grp is null then
      c := search_walk_count(res, r.bitmap, r.recent, r.recent_from, r.postings);
      if c > 0 then
        names := names || r.value;
        counts := counts || c;
        kth := search_kth_count(counts, p_limit);
      end if;
    elsif cardinality(counts) < p_limit or search_walk_count(res, r.bitmap, r.recent, r.recent_from, null) + p_slack >= kth then
      for m in select t.value, t.df, t.bitmap, t.recent, t.recent_from
                 from search_terms t
                where t.account_id = p_account and t.index_type = p_type and t.field = term and t.grp = r.grp
                order by t.df desc
      loop
        exit when cardinality(counts) >= p_limit and m.df + p_slack < kth;
        c := search_walk_count(res, m.bitmap, m.recent, m.recent_from, null);
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

-- search_facets as in 0023, walking from capacity^0.75 / 4 documents (8,192 at 1M, 1,722 at 131,072)
-- instead of 12 x sqrt(capacity): walking by groups costs about half what it did, and the two ways now
-- cost the same near 7,500 resumes at 1M and 1,600 at 100k (docs/benchmarks.md, "Facets by groups of
-- values").
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
   where hits >= p_capacity ^ 0.75 / 4
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

-- search_capacity_fit as in 0020, cutting the groups' bitmaps with the terms'.
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
    update search_terms t set bitmap = substring(t.bitmap from 1 for cap)
     where t.account_id = p_account and t.index_type = p_type and t.bitmap is not null;
    update search_term_groups g set bitmap = substring(g.bitmap from 1 for cap)
     where g.account_id = p_account and g.index_type = p_type;
    update search_segments s set capacity = cap, tombstones = substring(s.tombstones from 1 for cap)
     where s.account_id = p_account and s.index_type = p_type;
    return cap;
  end if;
  return seg.capacity;
end
$$;

-- The groups of every index merged before this migration.
select search_groups_add(s.account_id, s.index_type, array_agg(t.field), array_agg(t.value))
  from search_segments s
       join search_terms t on t.account_id = s.account_id and t.index_type = s.index_type and t.field like '@%' and t.bitmap is not null
 group by s.account_id, s.index_type;
