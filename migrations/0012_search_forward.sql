-- Forward facet rows (docs/search-core.md, "How a search reads it"): per merged document, the term ids
-- of its shown values, grouped by field and by composite. Counting a facet over a mid-sized result
-- reads these rows by ordinal instead of each document's `display`, or instead of ANDing the
-- result with a bitmap per value of the field (a quarter of a millisecond each at 1M: a skill facet
-- visits hundreds).

-- Term ids: one integer per (account, index type, field, value), from one sequence, so that a term
-- created later always has a larger id.
create sequence search_term_ids as integer;
alter table search_terms add column term_id integer;
update search_terms set term_id = nextval('search_term_ids');
alter table search_terms alter column term_id set default nextval('search_term_ids');
alter table search_terms alter column term_id set not null;
-- Ids are unique across accounts (one sequence), so this index leads with the id: led by the account,
-- it served a lookup by account alone as well as the primary key did, and the planner took it for
-- lookups by value when it had no statistics yet.
create unique index search_terms_term_id on search_terms (term_id);
grant usage on sequence search_term_ids to resume_search_tenant;

-- The composite facets of spec 2.4 (src/search/search-entities.ts holds the same list): a value
-- counts once per document under any of their keys.
create function search_composites(p_type text) returns setof text[]
language sql immutable parallel safe
as $$
  select c.keys
    from (values ('Resume', array['SkillHaveExp', 'SkillWithoutExp']),
                 ('JD', array['RequiredSkillSet', 'PreferredSkillSet']),
                 ('JD', array['QualificationsRequired', 'QualificationsPreferred'])) c(index_type, keys)
   where c.index_type = p_type
$$;

-- A facet's slot in the forward arrays: '@City' for one key, '@SkillHaveExp+SkillWithoutExp' for a
-- composite (keys as '@' display fields, as search_facets receives them).
create function search_forward_slot(keys text[]) returns text
language sql immutable parallel safe
as $$
  select case when cardinality(keys) = 1 then keys[1] else '@' || array_to_string(array(select ltrim(k, '@') from unnest(keys) k), '+') end
$$;

-- Each composite's slot and its keys' display fields, in the composite's order.
create function search_composite_fields(p_type text) returns table (slot text, field text, key_order integer)
language sql immutable parallel safe
as $$
  select search_forward_slot(array(select '@' || k from unnest(c.keys) k)), '@' || k.key, k.n::integer
    from search_composites(p_type) c(keys), unnest(c.keys) with ordinality k(key, n)
$$;

-- Slots are numbered per account and index type as merges meet them.
create table search_forward_slots (
  account_id bigint not null references accounts on delete cascade,
  index_type text not null check (index_type in ('Resume', 'JD')),
  field      text not null,
  slot       integer not null,
  primary key (account_id, index_type, field),
  unique (account_id, index_type, slot)
);

-- terms[starts[s] : starts[s + 1] - 1] are the document's term ids of slot s, ascending; a slot
-- numbered after the document was merged lies beyond `starts` (the slice is then null: no values). A
-- composite's slot holds each of its values once, as one term id per value (search_forward_add).
create table search_forward (
  account_id bigint not null references accounts on delete cascade,
  index_type text not null check (index_type in ('Resume', 'JD')),
  ordinal    integer not null,
  starts     integer[] not null,
  terms      integer[] not null,
  primary key (account_id, index_type, ordinal)
);
-- Integers do not compress; a row of a few hundred bytes stays in line.
alter table search_forward alter column starts set storage external;
alter table search_forward alter column terms set storage external;

alter table search_forward_slots enable row level security;
alter table search_forward enable row level security;
create policy tenant_search_forward_slots on search_forward_slots
  using (account_id = nullif(current_setting('resume_search.account_id', true), '')::bigint);
create policy tenant_search_forward on search_forward
  using (account_id = nullif(current_setting('resume_search.account_id', true), '')::bigint);
grant select, insert on search_forward_slots to resume_search_tenant;
grant select, insert, delete on search_forward to resume_search_tenant;

-- Where each slot's terms start in a document's forward row, for slots 1 to n + 1, from the slot of
-- each of its terms in order (`slots`, ascending); a slot the document lacks starts where the next does.
create function forward_starts(slots integer[], n integer) returns integer[]
language plpgsql immutable parallel safe
as $$
declare
  starts integer[] := array_fill(0, array[n + 1]);
  len    integer := coalesce(cardinality(slots), 0);
  i      integer := 1;
begin
  for s in 1..n + 1 loop
    while i <= len and slots[i] < s loop
      i := i + 1;
    end loop;
    starts[s] := i;
  end loop;
  return starts;
end
$$;

-- The forward rows of the documents in `merge_delta` (field, value, ordinals, term_id: a merge's terms
-- with their ids), a temporary table the caller fills: the merge, or the backfill below.
create function search_forward_add(p_account bigint, p_type text) returns void
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
  -- A composite's value stands for the smallest id among its keys' terms of that value: the same for
  -- every document, whichever key it has the value under, and never changed by a later merge (a later
  -- term has a larger id). Each key's term is looked up by its whole primary key.
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

-- Documents already merged get their rows now, 100,000 at a time.
do $$
declare
  s record;
  f integer;
begin
  create temporary table merge_delta (field text, value text, ordinals integer[], term_id integer) on commit drop;
  for s in select * from search_segments loop
    f := 0;
    while f < s.merged_upto loop
      truncate merge_delta;
      -- The documents' shown values as the merge groups them (the rows need no others).
      insert into merge_delta
      select x.field, x.value, x.ordinals, t.term_id
        from (select x.field, x.value, array_agg(d.ordinal) as ordinals
                from documents d,
                     lateral document_search_terms(d.entities, d.display, d.sub_user_id, d.experience_months, d.experience_max_months) x
               where d.account_id = s.account_id and d.index_type = s.index_type
                 and d.ordinal > f and d.ordinal <= least(f + 100000, s.merged_upto) and x.field like '@%'
               group by 1, 2) x
             join search_terms t on t.account_id = s.account_id and t.index_type = s.index_type and t.field = x.field and t.value = x.value;
      perform search_forward_add(s.account_id, s.index_type);
      f := f + 100000;
    end loop;
  end loop;
  drop table merge_delta;
end
$$;

-- Folds the delta and the pending tombstones into the segment of one account and index type: new
-- terms enter the dictionary, rare terms' postings grow, common terms' recent bits take the new
-- documents' (folded into their bitmaps every 65,536 ordinals), and a term that became common trades
-- its postings for a bitmap. A term is common
-- from capacity / 1024 documents on (1,024 at 1M): its bitmap is then at most 1,024 times its postings.
-- At most `p_most` ordinals are taken at a time, so that a large load merges in steps of bounded memory.
-- Returns how many documents it merged. Searches go on reading the previous state until it commits.
create or replace function search_merge(p_account bigint, p_type text, p_most integer default 200000) returns integer
language plpgsql as $$
declare
  seg      search_segments;
  upto     integer;
  cap      integer;
  common   integer;
  merged   integer;
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

  cap := seg.capacity;
  while cap <= upto loop
    cap := cap * 2;
  end loop;
  common := greatest(cap / 1024, 1);
  if cap > seg.capacity then
    -- Zeros appended: every bitmap keeps one length.
    update search_terms t set bitmap = t.bitmap || ordinals_bitmap('{}', cap - seg.capacity)
     where t.account_id = p_account and t.index_type = p_type and t.bitmap is not null;
    seg.tombstones := seg.tombstones || ordinals_bitmap('{}', cap - seg.capacity);
  end if;

  create temporary table if not exists merge_delta (field text, value text, ordinals integer[], term_id integer) on commit drop;
  truncate merge_delta;
  insert into merge_delta (field, value, ordinals)
  select t.field, t.value, array_agg(d.ordinal)
    from documents d,
         lateral document_search_terms(d.entities, d.display, d.sub_user_id, d.experience_months, d.experience_max_months) t
   where d.account_id = p_account and d.index_type = p_type and d.ordinal > seg.merged_upto and d.ordinal <= upto
   group by 1, 2;
  select count(*) into merged from documents d
   where d.account_id = p_account and d.index_type = p_type and d.ordinal > seg.merged_upto and d.ordinal <= upto;

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
    delete from search_forward w where w.account_id = p_account and w.index_type = p_type and w.ordinal = any(dead);
  end if;

  -- Every 65,536 ordinals the recent bits are folded into the bitmaps: a merge rewrites the whole
  -- bitmap of each common term only then.
  if upto - seg.folded_upto >= 65536 then
    update search_terms t set bitmap = full_bitmap(t.bitmap, t.recent, t.recent_from), recent = null, recent_from = null
     where t.account_id = p_account and t.index_type = p_type and t.recent is not null;
    seg.folded_upto := (upto + 1) / 8 * 8;
  end if;

  update search_segments
     set merged_upto = upto, capacity = cap, tombstones = seg.tombstones, folded_upto = seg.folded_upto, merged_at = now()
   where account_id = p_account and index_type = p_type;
  return merged;
end
$$;

-- The counts of the facets' values among `res`: `p_facets` lists each facet's display fields (a
-- composite has several; a value counts once per document), the answer is a json array with, per
-- facet, [{value, count}] of every value that may still rank in the top `p_limit` once up to `p_slack`
-- more documents (the delta's) are counted.
--
-- A large result (1/48 of the capacity or more: 21,845 at 1M) walks each facet's values most frequent
-- first (search_facet_walk): its cost is per value visited, and on a large result the top values'
-- counts soon exceed what the rest could reach. A smaller one reads the documents' forward rows
-- (search_forward) once for all its facets: 3 to 7 µs a document (finding its row, then unnesting and
-- counting its term ids, the larger part), where a walk visits most values of a field of thousands
-- (skills) at a quarter of a millisecond each. At 1M
-- the two cost the same, about 180 ms for City, Skill and TotalExperienceRange, near 24,000 documents
-- (docs/benchmarks.md).
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
   where hits >= p_capacity / 48
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
