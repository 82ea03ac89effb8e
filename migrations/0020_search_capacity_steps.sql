-- The segment's capacity (the length of every bitmap) grows in steps of 65,536 ordinals once past
-- 32,768, instead of doubling. Every bitmap operation of a search costs in proportion to the capacity,
-- and doubling left it up to twice the ordinals in use: an index of 1M resumes of which a quarter had
-- been replaced (1,256,600 ordinals) had bitmaps of 2,097,152 bits, and its searches took up to twice
-- as long as on a fresh 1M (docs/benchmarks.md, "Capacity in steps"). A step rewrites every common
-- term's bitmap, as the fold of the recent bits did every 65,536 ordinals: a step now folds them.

-- The capacity for ordinals up to `p_upto`: the next power of two (from 1,024) below 32,768, as
-- before; from there the next multiple of 65,536.
create function search_capacity(p_upto integer) returns integer
language plpgsql immutable parallel safe
as $$
declare
  cap integer := 1024;
begin
  if p_upto >= 32768 then
    return (p_upto / 65536 + 1) * 65536;
  end if;
  while cap <= p_upto loop
    cap := cap * 2;
  end loop;
  return cap;
end
$$;

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


-- An index whose capacity was doubled past what its ordinals need gets the stepped one: every bitmap
-- cut to it (the bits beyond the merged ordinals are all zero). Run by this migration for every index;
-- a merge never shrinks a capacity, as ordinals are never taken back.
create function search_capacity_fit(p_account bigint, p_type text) returns integer
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
    update search_segments s set capacity = cap, tombstones = substring(s.tombstones from 1 for cap)
     where s.account_id = p_account and s.index_type = p_type;
    return cap;
  end if;
  return seg.capacity;
end
$$;

select search_capacity_fit(s.account_id, s.index_type) from search_segments s;
