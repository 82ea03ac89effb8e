-- A term keeps a bitmap only while it is common at the segment's capacity (a document frequency of at
-- least capacity / 1,024): each step of the capacity returns the others to sorted postings and leaves
-- their groups. 0028 kept every bitmap a term ever had, so an index merged while small (capacity 1,024,
-- where every term is common) carried a bitmap for each of its first documents' terms ever after, and
-- each step rewrote them all: 22,750 bitmaps for 600 resumes, 560 MB of bits at 196,608 where 22 of
-- them were common (docs/benchmarks.md, "Rare terms back to postings"). The rest is 0028's search_merge.
-- The merge, run as the tenant, removes the groups it empties.
grant delete on search_term_groups to resume_search_tenant;

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
    -- Terms no longer common at this capacity go back to postings, out of their groups, before the
    -- zeros are appended to the bitmaps that remain.
    update search_terms t
       set postings = (select array(select bitmap_ordinals(b, 0, bit_count(b)::integer))
                         from full_bitmap(t.bitmap, t.recent, t.recent_from) b),
           bitmap = null, recent = null, recent_from = null, grp = null
     where t.account_id = p_account and t.index_type = p_type and t.bitmap is not null and t.df < common;
    delete from search_term_groups g
     where g.account_id = p_account and g.index_type = p_type
       and not exists (select from search_terms t
                        where t.account_id = g.account_id and t.index_type = g.index_type and t.field = g.field and t.grp = g.grp);
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

  -- Recent bits are folded from max(16,384, capacity / 16) ordinals on (`fold_at`): every merge rewrites
  -- those of the terms it touches, and reading a term joins them to its bitmap. Not when the next step
  -- of the capacity, which folds them anyway, is nearer than that, unless twice as many are waiting
  -- (a bulk load's step): the bitmaps would be rewritten twice in a row.
  fold_at := greatest(16384, cap / 16);
  if upto - seg.folded_upto >= 2 * fold_at or (upto - seg.folded_upto >= fold_at and cap - upto >= fold_at) then
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
