-- The term dictionary, second round (issue 19), and document counts from the segment.
--
-- Values too long for a b-tree entry. PostgreSQL's b-tree takes entries of at most 2,704 bytes, and a
-- client's parser data or custom values may hold longer ones (a skill pasted with its paragraph):
-- their merge failed, and every later merge of the index with it. A value of more than 500 characters
-- is a term by its first 500 and an ellipsis (at most 2,003 bytes); a search naming such a value reads
-- the rows (src/search/segment/segment-plan.ts), and facets show it so on both paths
-- (src/search/facets.ts). Two long values of one document that begin alike are one term, which the
-- document then has twice: harmless to its bits, and its facet counts it twice on both paths alike
-- (making the terms distinct slowed every merge's reading of them by half, docs/search-core.md).
--
-- Custom values (CV_, CVA_) are terms, so that a search filtering on them reads the segment.
--
-- Document counts from the segment (management counts compute from it): how many merged
-- documents are alive is kept by the merge, so that indexCount and getDocumentIds count an index of 1M
-- documents without visiting a million index entries. A count is then
--   the merged documents alive at the last merge
--   - the merged ones deleted or replaced since (pending tombstones up to merged_upto)
--   + the delta's documents (ordinal above merged_upto), from their rows,
-- exact in one statement's snapshot whenever merges run. A sub-user's count ANDs its '#SubUser' bitmap.

alter table search_segments add column documents integer not null default 0;
-- Merged and alive: the rows up to merged_upto, and those deleted since (their tombstones are pending;
-- an ordinal is tombstoned once).
update search_segments s
   set documents = (select count(*) from documents d
                     where d.account_id = s.account_id and d.index_type = s.index_type and d.ordinal <= s.merged_upto)
                 + (select count(*) from search_tombstones t
                     where t.account_id = s.account_id and t.index_type = s.index_type and t.ordinal <= s.merged_upto);

create function search_term_value(v text) returns text
language sql immutable parallel safe
as $$
  select case when length(v) > 500 then left(v, 500) || '…' else v end
$$;

-- A document's custom values as terms, as src/search/condition-sql.ts customValueMatches reads them:
-- 'CV_' || key for a string under the key or a string of its array, 'CVA_' || key for a string member,
-- or a string in an array member, of an object of its array. Nothing else matches a searched string
-- (a number, a nested array). A key of more than 200 characters is left out; a search naming one
-- reads the rows (segment-plan.ts).
create function document_custom_terms(custom_value jsonb) returns table (field text, value text)
language sql immutable parallel safe
as $$
  select 'CV_' || e.key, x #>> '{}'
    from jsonb_each(case when jsonb_typeof(custom_value) = 'object' then custom_value else '{}' end) e,
         jsonb_array_elements(case jsonb_typeof(e.value) when 'array' then e.value when 'string' then jsonb_build_array(e.value) else '[]' end) x
   where jsonb_typeof(x) = 'string' and length(e.key) <= 200
  union all
  select 'CVA_' || e.key, x #>> '{}'
    from jsonb_each(case when jsonb_typeof(custom_value) = 'object' then custom_value else '{}' end) e,
         jsonb_array_elements(case when jsonb_typeof(e.value) = 'array' then e.value else '[]' end) o,
         jsonb_each(case when jsonb_typeof(o) = 'object' then o else '{}' end) m,
         jsonb_array_elements(case jsonb_typeof(m.value) when 'array' then m.value when 'string' then jsonb_build_array(m.value) else '[]' end) x
   where jsonb_typeof(x) = 'string' and length(e.key) <= 200
$$;

-- A document's terms (0011's), every value through search_term_value, and its custom values'.
drop function document_search_terms(jsonb, jsonb, text, integer, integer);
create function document_search_terms(entities jsonb, display jsonb, sub_user_id text, experience_months integer, experience_max_months integer,
                                      custom_value jsonb)
returns table (field text, value text)
language sql immutable parallel safe
as $$
  select t.field, search_term_value(t.value)
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
          union all select '#MaxYears', (experience_max_months / 12)::text where experience_max_months is not null
          union all select c.field, c.value from document_custom_terms(custom_value) c) t
   where search_field_indexed(t.field)
$$;

-- As in 0012, with the count of merged documents kept (`counted`, `seg.documents`) and the custom values'
-- terms (document_search_terms' last argument).
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
         lateral document_search_terms(d.entities, d.display, d.sub_user_id, d.experience_months, d.experience_max_months, d.custom_value) t
   where d.account_id = p_account and d.index_type = p_type and d.ordinal > seg.merged_upto and d.ordinal <= upto
   group by 1, 2;
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

  -- Every 65,536 ordinals the recent bits are folded into the bitmaps: a merge rewrites the whole
  -- bitmap of each common term only then.
  if upto - seg.folded_upto >= 65536 then
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

-- The custom values of documents merged before this migration join the dictionary, as a merge would
-- have put them: postings, or a bitmap of every ordinal (no recent bits) from capacity / 1024 on.
insert into search_terms (account_id, index_type, field, value, df, postings, bitmap)
select s.account_id, s.index_type, x.field, search_term_value(x.value), count(*),
       case when count(*) < greatest(s.capacity / 1024, 1) then array_agg(d.ordinal) end,
       case when count(*) >= greatest(s.capacity / 1024, 1) then ordinals_bitmap(array_agg(d.ordinal), s.capacity) end
  from search_segments s
       join documents d on d.account_id = s.account_id and d.index_type = s.index_type and d.ordinal <= s.merged_upto,
       lateral document_custom_terms(d.custom_value) x
 group by s.account_id, s.index_type, s.capacity, x.field, search_term_value(x.value);

-- The documents of an index, or of some of its sub-users, as the calling statement sees them (a stable
-- function's statements share its snapshot). The delta's bound is a value when its rows are counted,
-- so that the planner sees how few they are.
create function search_document_count(p_account bigint, p_type text, p_sub_users text[] default null) returns integer
language plpgsql stable as $$
declare
  seg     search_segments;
  merged  integer;
  pending integer[];
begin
  select * into seg from search_segments s where s.account_id = p_account and s.index_type = p_type;
  if found then
    pending := array(select t.ordinal from search_tombstones t
                      where t.account_id = p_account and t.index_type = p_type and t.ordinal <= seg.merged_upto);
    if p_sub_users is null then
      merged := seg.documents - cardinality(pending);
    else
      merged := bit_count(terms_bitmap(p_account, p_type, array_fill('#SubUser'::text, array[cardinality(p_sub_users)]), p_sub_users, seg.capacity)
                          & ~(seg.tombstones | ordinals_bitmap(pending, seg.capacity)));
    end if;
  end if;
  return coalesce(merged, 0)
       + (select count(*)::integer from documents d
           where d.account_id = p_account and d.index_type = p_type and d.ordinal > coalesce(seg.merged_upto, 0)
             and (p_sub_users is null or d.sub_user_id = any(p_sub_users)));
end
$$;
