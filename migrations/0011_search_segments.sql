-- The search segment: a representation of every account's documents built for retrieval, beside the
-- rows (docs/search-core.md). A broad search counts, ranks and facets over compact bitmaps instead of
-- visiting the heap row of every document it matches.
--
-- - Every document has a dense ordinal per account and index type, taken from a counter when it is
--   written. A replaced document takes a new one, so an ordinal never changes meaning.
-- - The term dictionary (search_terms) holds, per (field, value), how many merged documents had it and
--   which: an array of ordinals while the term is rare, one bit per ordinal once it is common.
-- - Documents written since the last merge (ordinal > merged_upto) are the delta, which searches read
--   from the rows as before; ordinals of deleted and replaced documents are tombstones.
-- - search_merge() folds the delta and the tombstones into the segment in one transaction.

alter table documents add column ordinal integer;

-- Existing documents are numbered in id order, so their ties keep the order they had.
update documents d
   set ordinal = n.ordinal
  from (select account_id, index_type, document_id,
               row_number() over (partition by account_id, index_type order by document_id)::int as ordinal
          from documents) n
 where d.account_id = n.account_id and d.index_type = n.index_type and d.document_id = n.document_id;

alter table documents alter column ordinal set not null;
create unique index documents_ordinal on documents (account_id, index_type, ordinal);

-- A field sort walks this index in order and keeps the ordinals a search's bitmap holds, reading no row.
drop index documents_experience;
create index documents_experience on documents (account_id, index_type, experience_months) include (ordinal);

-- The last ordinal handed out. Its row lock orders writers of one index, so ordinals become visible in
-- the order they were taken: a merge that reads the counter sees every document below it.
create table search_ordinals (
  account_id   bigint not null references accounts on delete cascade,
  index_type   text not null check (index_type in ('Resume', 'JD')),
  last_ordinal integer not null,
  primary key (account_id, index_type)
);

create table search_segments (
  account_id  bigint not null references accounts on delete cascade,
  index_type  text not null check (index_type in ('Resume', 'JD')),
  -- Documents with an ordinal up to here are in the terms' postings and bitmaps.
  merged_upto integer not null default 0,
  -- Bits of every bitmap: a power of two above merged_upto, so that bitmaps AND and OR (equal lengths).
  capacity    integer not null default 1024,
  -- Common terms' bitmaps hold every ordinal below this; their `recent` bits start here.
  folded_upto integer not null default 0,
  -- Ordinals up to merged_upto whose documents are gone or replaced.
  tombstones  bit varying not null,
  merged_at   timestamptz not null default now(),
  primary key (account_id, index_type)
);
alter table search_segments alter column tombstones set storage external;

-- Tombstones written since the last merge; the merge folds them into search_segments.tombstones.
create table search_tombstones (
  account_id bigint not null,
  index_type text not null,
  ordinal    integer not null,
  primary key (account_id, index_type, ordinal)
);

-- field: an entity name as stored in documents.entities ("Skill", "GeoCell"); '@' and an entity name for
-- the values clients see (documents.display, which facets count); '#SubUser'; '#Experience' ('any'),
-- '#Months' and '#Years' (experience); '#MaxExperience', '#MaxMonths' and '#MaxYears' (a JD's maximum).
-- df counts deleted documents too: it bounds, never counts.
-- postings hold a rare term's ordinals in the order merges added them (each merge's are higher than the
-- last's); nothing reads them in order, so a merge does not sort them.
create table search_terms (
  account_id bigint not null references accounts on delete cascade,
  index_type text not null check (index_type in ('Resume', 'JD')),
  field      text not null,
  value      text not null,
  df         integer not null,
  postings   integer[],
  bitmap     bit varying,
  -- A common term's bits of the ordinals merged since the segment's last fold, from ordinal recent_from
  -- on: a merge rewrites these few bytes, not the whole bitmap (full_bitmap joins them).
  recent      bit varying,
  recent_from integer,
  primary key (account_id, index_type, field, value),
  check ((postings is null) <> (bitmap is null))
);
-- Arrays of ordinals do not compress and bitmaps are read whole: compression only slowed both (the design
-- note's measurements).
alter table search_terms alter column postings set storage external;
alter table search_terms alter column bitmap set storage external;

alter table search_ordinals enable row level security;
alter table search_segments enable row level security;
alter table search_tombstones enable row level security;
alter table search_terms enable row level security;
create policy tenant_search_ordinals on search_ordinals
  using (account_id = nullif(current_setting('resume_search.account_id', true), '')::bigint);
create policy tenant_search_segments on search_segments
  using (account_id = nullif(current_setting('resume_search.account_id', true), '')::bigint);
create policy tenant_search_tombstones on search_tombstones
  using (account_id = nullif(current_setting('resume_search.account_id', true), '')::bigint);
create policy tenant_search_terms on search_terms
  using (account_id = nullif(current_setting('resume_search.account_id', true), '')::bigint);
grant select, insert, update on search_ordinals to resume_search_tenant;
grant select, insert, update on search_segments to resume_search_tenant;
grant select, insert, delete on search_tombstones to resume_search_tenant;
grant select, insert, update, delete on search_terms to resume_search_tenant;

insert into search_ordinals (account_id, index_type, last_ordinal)
select account_id, index_type, max(ordinal) from documents group by 1, 2;

-- Every write takes the next ordinal, inserts and replacements alike. The account row is locked first
-- (as its foreign keys would, later): a writer holding it (indexDocument) and one that does not (oneMatch)
-- then take the account and the counter in the same order, and cannot deadlock.
create function documents_take_ordinal() returns trigger
language plpgsql as $$
begin
  perform from accounts a where a.account_id = new.account_id for key share;
  insert into search_ordinals as o (account_id, index_type, last_ordinal)
  values (new.account_id, new.index_type, 1)
  on conflict (account_id, index_type) do update set last_ordinal = o.last_ordinal + 1
  returning last_ordinal into new.ordinal;
  return new;
end
$$;
create trigger documents_take_ordinal before insert or update on documents
  for each row execute function documents_take_ordinal();

-- The ordinals a statement deleted or replaced, all of them: whether one was merged is for the merge to
-- say (it may be running now). Not for an account being deleted, whose segment goes with it.
create function documents_tombstone() returns trigger
language plpgsql as $$
begin
  insert into search_tombstones (account_id, index_type, ordinal)
  select o.account_id, o.index_type, o.ordinal
    from gone o
   where exists (select from accounts a where a.account_id = o.account_id)
  on conflict do nothing;
  return null;
end
$$;
create trigger documents_tombstone_delete after delete on documents
  referencing old table as gone for each statement execute function documents_tombstone();
create trigger documents_tombstone_update after update on documents
  referencing old table as gone for each statement execute function documents_tombstone();

-- Fields the segment leaves out: a person's own (a term per document each, nine tenths of a dictionary
-- of 1M resumes, and a lookup the GIN index answers at once) and the match's JobProfileYears (matches
-- read the rows). A search on them is answered from the rows (src/search/segment/segment-plan.ts
-- keeps the same list).
create function search_field_indexed(field text) returns boolean
language sql immutable parallel safe
as $$
  select ltrim(field, '@') not in ('Email', 'FullName', 'FirstName', 'MiddleName', 'LastName', 'TitleName', 'DateOfBirth', 'JobProfileYears')
$$;

-- A document's terms: its entities, its displayed values, its sub-user and its experience. An entity's
-- values are distinct as src/entity/entities.ts stores them, and so are these pairs.
create function document_search_terms(entities jsonb, display jsonb, sub_user_id text, experience_months integer, experience_max_months integer)
returns table (field text, value text)
language sql immutable parallel safe
as $$
  select t.field, t.value
    from (select e.key as field, v.value
            from jsonb_each(entities) e,
                 jsonb_array_elements_text(case when jsonb_typeof(e.value) = 'array' then e.value else '[]' end) v
          union all
          select '@' || e.key, v.value
            from jsonb_each(display) e,
                 jsonb_array_elements_text(case when jsonb_typeof(e.value) = 'array' then e.value else '[]' end) v
          union all select '#SubUser', sub_user_id where sub_user_id is not null
          union all select '#Experience', 'any' where experience_months is not null
          union all select '#Months', experience_months::text where experience_months is not null
          union all select '#Years', (experience_months / 12)::text where experience_months is not null
          union all select '#MaxExperience', 'any' where experience_max_months is not null
          union all select '#MaxMonths', experience_max_months::text where experience_max_months is not null
          union all select '#MaxYears', (experience_max_months / 12)::text where experience_max_months is not null) t
   where search_field_indexed(t.field)
$$;

-- A bitmap of `capacity` bits with the given ordinals set, built as hexadecimal text in one pass over
-- the ordinals: set_bit copies the whole value for every bit. With `first` (a multiple of 8), the
-- bits from ordinal `first` on only (a common term's recent ones).
create function ordinals_bitmap(ordinals integer[], capacity integer, first integer default 0) returns bit varying
language sql immutable parallel safe
as $$
  select ('x' || coalesce(string_agg(repeat('00', b.byte - b.previous - 1) || lpad(to_hex(b.bits), 2, '0'), '' order by b.byte), '')
              || repeat('00', capacity / 8 - 1 - coalesce(max(b.byte), -1)))::bit varying
    from (select g.byte, g.bits, lag(g.byte, 1, -1) over (order by g.byte) as previous
            from (select (o - first) >> 3 as byte, bit_or(128 >> ((o - first) & 7)) as bits from unnest(ordinals) o group by 1) g) b
$$;

-- A common term's whole bitmap: its folded bits and its recent ones.
create function full_bitmap(b bit varying, recent bit varying, recent_from integer) returns bit varying
language sql immutable parallel safe
as $$
  select case when recent is null then b
              else overlay(b placing substring(b from recent_from + 1 for length(recent)) | recent from recent_from + 1) end
$$;

-- `recent` bits from `first` on (a multiple of 8) with the given ordinals set as well, grown to hold them.
create function recent_with(recent bit varying, ordinals integer[], first integer) returns bit varying
language sql immutable parallel safe
as $$
  select case when recent is null or length(recent) < w.width
              then coalesce(recent, B'') || ordinals_bitmap('{}', w.width - coalesce(length(recent), 0))
              else recent end
         | ordinals_bitmap(ordinals, greatest(w.width, coalesce(length(recent), 0)), first)
    from (select ((max(o) - first) / 8 + 1) * 8 as width from unnest(ordinals) o) w
$$;

-- Up to `take` ordinals of a bitmap in ascending order, after skipping `skip` of them. Windows without a
-- set bit are skipped by bit_count; within one, position() finds each set bit.
create function bitmap_ordinals(b bit varying, skip integer, take integer) returns setof integer
language plpgsql immutable parallel safe
as $$
declare
  total  integer := length(b);
  width  constant integer := 8192;
  start  integer := 0;
  chunk  bit varying;
  found  integer;
  at     integer;
  passed integer := 0;
  given  integer := 0;
begin
  while start < total and given < take loop
    chunk := substring(b from start + 1 for width);
    found := bit_count(chunk);
    if passed + found <= skip then
      passed := passed + found;
    else
      at := 0;
      loop
        found := position(B'1' in substring(chunk from at + 1));
        exit when found = 0;
        at := at + found;
        passed := passed + 1;
        if passed > skip then
          return next start + at - 1;
          given := given + 1;
          exit when given >= take;
        end if;
      end loop;
    end if;
    start := start + width;
  end loop;
end
$$;

-- The union of terms' bitmaps (field i with value i) at the segment's capacity: the stored bitmaps of the
-- common ones ORed, and one bitmap built from all the rare ones' postings at once (building one costs
-- about as much as a whole bitmap, however few its bits). All zero when no merged document has them.
create function terms_bitmap(p_account bigint, p_type text, p_fields text[], p_values text[], p_capacity integer) returns bit varying
language sql stable parallel safe
as $$
  with t as (
    select full_bitmap(t.bitmap, t.recent, t.recent_from) as bitmap, t.postings
      from unnest(p_fields, p_values) as q(field, value)
           join search_terms t on t.account_id = p_account and t.index_type = p_type and t.field = q.field and t.value = q.value)
  -- A zero bitmap is built only when neither kind is there.
  select coalesce(c.common | r.rare, c.common, r.rare, ordinals_bitmap('{}', p_capacity))
    from (select bit_or(t.bitmap) as common from t) c,
         (select case when count(*) > 0 then ordinals_bitmap(array_agg(o), p_capacity) end as rare
            from t, unnest(t.postings) o) r
$$;

-- The union of a numeric field's terms from p_from to p_to (experience ranges), as terms_bitmap builds
-- it; or, when fewer of the field's values lie outside the range than inside it ("5 years or more"),
-- the documents with any value (`p_any`, a term each of them has) without those outside.
create function range_bitmap(p_account bigint, p_type text, p_field text, p_from integer, p_to integer, p_capacity integer, p_any text default null) returns bit varying
language sql stable parallel safe
as $$
  with v as (
    select t.field, t.value, coalesce((case when t.value ~ '^[0-9]{1,9}$' then t.value::integer end) between p_from and p_to, false) as inside
      from search_terms t
     where t.account_id = p_account and t.index_type = p_type and t.field = p_field)
  select case when p_any is not null and (select count(*) from v where not v.inside) < (select count(*) from v where v.inside)
              then terms_bitmap(p_account, p_type, array[p_any], array['any'], p_capacity)
                   & ~terms_bitmap(p_account, p_type, array(select v.field from v where not v.inside), array(select v.value from v where not v.inside), p_capacity)
              else terms_bitmap(p_account, p_type, array(select v.field from v where v.inside), array(select v.value from v where v.inside), p_capacity) end
$$;
-- Folds the delta and the pending tombstones into the segment of one account and index type: new
-- terms enter the dictionary, rare terms' postings grow, common terms' recent bits take the new
-- documents' (folded into their bitmaps every 65,536 ordinals), and a term that became common trades
-- its postings for a bitmap. A term is common
-- from capacity / 1024 documents on (1,024 at 1M): its bitmap is then at most 1,024 times its postings.
-- At most `p_most` ordinals are taken at a time, so that a large load merges in steps of bounded memory.
-- Returns how many documents it merged. Searches go on reading the previous state until it commits.
create function search_merge(p_account bigint, p_type text, p_most integer default 200000) returns integer
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

  create temporary table if not exists merge_delta (field text, value text, ordinals integer[]) on commit drop;
  truncate merge_delta;
  insert into merge_delta
  select t.field, t.value, array_agg(d.ordinal)
    from documents d,
         lateral document_search_terms(d.entities, d.display, d.sub_user_id, d.experience_months, d.experience_max_months) t
   where d.account_id = p_account and d.index_type = p_type and d.ordinal > seg.merged_upto and d.ordinal <= upto
   group by 1, 2;
  select count(*) into merged from documents d
   where d.account_id = p_account and d.index_type = p_type and d.ordinal > seg.merged_upto and d.ordinal <= upto;

  update search_terms t
     set df = t.df + cardinality(n.ordinals),
         postings = case when t.bitmap is null and t.df + cardinality(n.ordinals) < common then t.postings || n.ordinals end,
         bitmap = case when t.bitmap is not null then t.bitmap
                       when t.df + cardinality(n.ordinals) >= common then ordinals_bitmap(t.postings || n.ordinals, cap) end,
         recent = case when t.bitmap is not null then recent_with(t.recent, n.ordinals, seg.folded_upto) end,
         recent_from = case when t.bitmap is not null then seg.folded_upto end
    from merge_delta n
   where t.account_id = p_account and t.index_type = p_type and t.field = n.field and t.value = n.value;
  insert into search_terms (account_id, index_type, field, value, df, postings, bitmap)
  select p_account, p_type, n.field, n.value, cardinality(n.ordinals),
         case when cardinality(n.ordinals) < common then n.ordinals end,
         case when cardinality(n.ordinals) >= common then ordinals_bitmap(n.ordinals, cap) end
    from merge_delta n
  on conflict do nothing;

  -- Tombstones of merged ordinals join the bitmap; those of ordinals merged only now are this merge's
  -- too (their documents went while it ran, and their terms are in the bitmaps now).
  with taken as (
    delete from search_tombstones s
     where s.account_id = p_account and s.index_type = p_type and s.ordinal <= upto
    returning s.ordinal)
  select array_agg(ordinal) into dead from taken;
  if dead is not null then
    seg.tombstones := seg.tombstones | ordinals_bitmap(dead, cap);
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

-- The first `want` ordinals of a search's result `res` in score order (src/search/segment/score-walk.ts):
-- `units` are the bitmaps of the scored parts a document may or may not have, `masks` the subsets of
-- them from the highest score down, and `groups` numbers each subset's score, equal scores alike. A
-- score's documents are those of its subsets, in ordinal order; the walk stops once it has `want`.
create function search_walk(res bit varying, units bit varying[], masks integer[], groups integer[], want integer) returns integer[]
language plpgsql immutable parallel safe
as $$
declare
  result integer[] := '{}';
  n      integer := coalesce(array_length(units, 1), 0);
  total  integer := coalesce(array_length(masks, 1), 0);
  k      integer := 1;
  g      integer;
  m      integer;
  b      bit varying;
  acc    bit varying;
begin
  res := res || B'';  -- detoasted once here, not by every bit operation
  -- A few hundred documents are all scored: cheaper than ANDing every unit at the whole capacity.
  if bit_count(res) <= greatest(want, 300) then
    return array(select bitmap_ordinals(res, 0, greatest(want, 300)));
  end if;
  while k <= total and cardinality(result) < want loop
    g := groups[k];
    acc := null;
    while k <= total and groups[k] = g loop
      m := masks[k];
      b := res;
      for i in 1..n loop
        if (m >> (i - 1)) & 1 = 1 then b := b & units[i]; else b := b & ~units[i]; end if;
      end loop;
      acc := case when acc is null then b else acc | b end;
      k := k + 1;
    end loop;
    result := result || array(select bitmap_ordinals(acc, 0, want - cardinality(result)));
  end loop;
  return result;
end
$$;

-- The candidates for the first `want` documents of `res` in the order of a document column, then the
-- score: the column's b-tree index is walked in order, keeping the ordinals whose bit is set, up to the
-- last value taken; the documents that share that value, and those without one (last, when needed),
-- are ranked by score with search_walk (`units`, `masks`, `groups`). A small result is all returned.
create function search_sorted(p_account bigint, p_type text, p_column text, p_descending boolean, res bit varying, merged integer, want integer,
                              units bit varying[], masks integer[], groups integer[], p_capacity integer) returns integer[]
language plpgsql stable
as $$
declare
  result  integer[];
  last    integer;
  field   text := case p_column when 'experience_months' then '#Months' else '#MaxMonths' end;
  valued  text := case p_column when 'experience_months' then '#Experience' else '#MaxExperience' end;
begin
  res := res || B'';  -- detoasted once here, not by every get_bit
  if p_column not in ('experience_months', 'experience_max_months') then
    raise exception 'search_sorted: no index sorts by %', p_column;
  end if;
  -- A small result is all scored (about 5 µs a document): walking the index passes capacity / hits
  -- entries (about 0.1 µs each) per document taken, which costs more below sqrt(want x capacity / 50)
  -- hits (1,000 at 1M for a page of 50).
  if bit_count(res) <= greatest(sqrt(want::float8 * p_capacity / 50), 100) then
    return array(select bitmap_ordinals(res, 0, bit_count(res)::integer));
  end if;
  execute format('select array_agg(s.ordinal) filter (where s.key <> s.last), min(s.last)
                    from (select d.ordinal, d.key, last_value(d.key) over (order by d.n rows between unbounded preceding and unbounded following) as last
                            from (select d.ordinal, d.%1$I as key, row_number() over () as n
                                    from (select d.ordinal, d.%1$I from documents d
                                           where d.account_id = $1 and d.index_type = $2 and d.%1$I is not null
                                             and d.ordinal <= $3 and get_bit($4, d.ordinal) = 1
                                           order by d.%1$I %2$s limit $5) d) d) s', p_column, case when p_descending then 'desc' else 'asc' end)
    into result, last using p_account, p_type, merged, res, want;
  result := coalesce(result, '{}');
  if last is not null then
    -- The last value's documents, by score.
    result := result || search_walk(res & terms_bitmap(p_account, p_type, array[field], array[last::text], p_capacity),
                                    units, masks, groups, want - cardinality(result));
  end if;
  if cardinality(result) < want then
    result := result || search_walk(res & ~terms_bitmap(p_account, p_type, array[valued], array['any'], p_capacity),
                                    units, masks, groups, want - cardinality(result));
  end if;
  return result;
end
$$;
-- The counts of the facets' values among `res`: `p_facets` lists each facet's display fields (a
-- composite has several; a value counts once per document), the answer is a json array with, per
-- facet, [{value, count}] of every value that may still rank in the top `p_limit` once up to `p_slack`
-- more documents (the delta's) are counted.
--
-- A large result (1/64 of the capacity or more: 16,384 at 1M) walks each facet's values most frequent
-- first (search_facet_walk), and so does a mid-sized one (from 1/256: 4,096 at 1M) for a field of at
-- most 1,000 values (a city, a range: the walk visits few). Otherwise the documents' shown values are
-- read, once for all those facets: a walk would visit most values of a field of thousands (skills),
-- and every value of any field when the result is small, at a quarter of a millisecond each at 1M.
create function search_facets(p_account bigint, p_type text, p_facets jsonb, res bit varying, p_capacity integer, p_limit integer, p_slack integer) returns json
language plpgsql stable
as $$
declare
  hits   integer;
  walked bigint[];
begin
  res := res || B'';  -- detoasted once here, not by every bit operation
  hits := bit_count(res);
  -- Per facet: walk, or read the documents (forward).
  select array_agg(f.i order by f.i) filter (where hits >= p_capacity / 64 or (hits >= p_capacity / 256 and v.n <= 1000))
    into walked
    from jsonb_array_elements(p_facets) with ordinality f(keys, i),
         lateral (select count(distinct t.value) as n from search_terms t
                   where t.account_id = p_account and t.index_type = p_type
                     and t.field = any(array(select jsonb_array_elements_text(f.keys)))) v;
  walked := coalesce(walked, '{}');
  return (
    with docs as (
      -- Each document's shown values detoasted once (the concatenation), however many fields are read.
      select d.ordinal, d.display || '{}'::jsonb as display
        from documents d
       where d.account_id = p_account and d.index_type = p_type
         and cardinality(walked) < jsonb_array_length(p_facets)
         and d.ordinal = any(array(select bitmap_ordinals(res, 0, hits)))
      offset 0),
    pairs as (
      select distinct f.i, docs.ordinal, x.value
        from docs,
             (select * from jsonb_array_elements(p_facets) with ordinality e(keys, i) where not (e.i = any(walked))) f,
             jsonb_array_elements_text(f.keys) k,
             jsonb_array_elements_text(case when jsonb_typeof(docs.display -> substr(k, 2)) = 'array' then docs.display -> substr(k, 2) else '[]' end) x),
    counts as (
      select c.i, c.value, c.n,
             coalesce(nth_value(c.n, p_limit) over (partition by c.i order by c.n desc rows between unbounded preceding and unbounded following), 0) as kth
        from (select p.i, p.value, count(*)::integer as n from pairs p group by 1, 2) c)
    select json_agg(case when f.i = any(walked)
                         then search_facet_walk(p_account, p_type, array(select jsonb_array_elements_text(f.keys)), res, p_limit, p_slack)
                         else coalesce((select json_agg(json_build_object('value', c.value, 'count', c.n))
                                          from counts c where c.i = f.i and c.n + p_slack >= c.kth), '[]'::json) end
                    order by f.i)
      from jsonb_array_elements(p_facets) with ordinality f(keys, i));
end
$$;

-- One facet's walk (search_facets): its values by document frequency, counting bit_count(res & value),
-- until the next value's frequency plus the slack is below the current p_limit-th count: no value left
-- can reach it. A composite sums its keys' frequencies first, then ORs each value's bitmaps.
create function search_facet_walk(p_account bigint, p_type text, p_fields text[], res bit varying, p_limit integer, p_slack integer) returns json
language plpgsql stable
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
      select bit_count(res & bit_or(full_bitmap(t.bitmap, t.recent, t.recent_from))) into c
        from search_terms t
       where t.account_id = p_account and t.index_type = p_type and t.field = any(p_fields) and t.value = r.value;
    else
      select count(distinct o) into c
        from search_terms t,
             unnest(coalesce(t.postings, array(select bitmap_ordinals(full_bitmap(t.bitmap, t.recent, t.recent_from), 0, t.df)))) o
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
