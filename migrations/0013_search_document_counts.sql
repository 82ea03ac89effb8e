-- Document counts from the segment (issue 19: management counts compute from it): how many merged
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

-- As in 0012, with the count of merged documents kept (`counted`, `seg.documents`).
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
         lateral document_search_terms(d.entities, d.display, d.sub_user_id, d.experience_months, d.experience_max_months) t
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
