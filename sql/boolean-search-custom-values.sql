-- Boolean search on JDs: an optional skill and required custom values (CV_ a string or string array, CVA_ inside an array of objects, and customValue), shown in the records.
-- POST /searchengine/booleanSearch
-- {"index":{"indexType":"JD","indexKey":"<client key>"},"query":{"required":{"CV_source":["referral","agency"],"CVA_jobs":["applied"]},"optional":{"Skill":["Python"]}},"customValue":{"team":"backend"},"showCustomValue":true}
--
-- Written by test/sql-snapshots.test.ts from the statements this request ran, in order; not by hand
-- (sql/README.md). $n values are the text the server receives.

-- statement 1 of 6
-- $1 = '<sha-256 of the client key>'
select account_id as "id", name, expires_at as "expiresAt", search_engine as "searchEngine",
       plugins, index_quota as "indexQuota", credits_used as "creditsUsed", sub_user_limit as "subUserLimit"
  from accounts
 where key_hash = $1;

-- statement 2 of 6
begin;

-- statement 3 of 6
-- $1 = 'resume_search_tenant'
-- $2 = '1'
select set_config('role', $1, true),
                     set_config('resume_search.account_id', $2, true),
                     set_config('jit', 'off', true),
                     set_config('work_mem', '32MB', true),
                     set_config('max_parallel_workers_per_gather', '0', true);

-- statement 4 of 6
-- $1 = '1'
-- $2 = 'JD'
select coalesce((select merged_upto from search_segments where account_id = $1 and index_type = $2), 0) as merged;

-- statement 5 of 6
-- $1 = '0'
-- $2 = '0'
-- $3 = '1'
-- $4 = 'JD'
-- $5 = '0'
-- $6 = '1'
-- $7 = 'JD'
-- $8 = '1'
-- $9 = 'JD'
-- $10 = '{"RequiredSkillSet","PreferredSkillSet"}'
-- $11 = '{"python","python"}'
-- $12 = '1'
-- $13 = 'JD'
-- $14 = '{"CV_team"}'
-- $15 = '{"backend"}'
-- $16 = '1'
-- $17 = 'JD'
-- $18 = '{"CV_source","CV_source"}'
-- $19 = '{"referral","agency"}'
-- $20 = '1'
-- $21 = 'JD'
-- $22 = '{"CVA_jobs"}'
-- $23 = '{"applied"}'
-- $24 = '1'
-- $25 = 'JD'
-- $26 = '{"RequiredSkillSet","PreferredSkillSet"}'
-- $27 = '{"python","python"}'
-- $28 = '{"1","0"}'
-- $29 = '{"0","1"}'
-- $30 = '50'
-- $31 = '100'
-- $32 = '{"RequiredSkillSet":["python"]}'
-- $33 = '{"PreferredSkillSet":["python"]}'
-- $34 = '1'
-- $35 = '1'
-- $36 = 'JD'
-- $37 = '1'
-- $38 = 'JD'
-- $39 = '{"RequiredSkillSet":["python"]}'
-- $40 = '{"PreferredSkillSet":["python"]}'
-- $41 = '{"team":"backend"}'
-- $42 = '{"team":["backend"]}'
-- $43 = '{"source":"referral"}'
-- $44 = '{"source":["referral"]}'
-- $45 = '{"source":"agency"}'
-- $46 = '{"source":["agency"]}'
-- $47 = 'jobs'
-- $48 = 'jobs'
-- $49 = 'applied'
-- $50 = 'applied'
-- $51 = '0'
-- $52 = '0'
-- $53 = '50'
-- $54 = '0'
-- $55 = '0'
-- $56 = '1'
-- $57 = 'JD'
with
seg as materialized (
  select $1::integer as merged_upto, coalesce(s.merged_upto, 0) > $2 as ahead,
         coalesce(s.capacity, 1024) as capacity,
         coalesce(s.tombstones, ordinals_bitmap('{}', 1024))
           | ordinals_bitmap(array(select t.ordinal from search_tombstones t
                                    where t.account_id = $3 and t.index_type = $4
                                      and t.ordinal <= $5), coalesce(s.capacity, 1024)) as dead
    from (values (1)) one
         left join search_segments s on s.account_id = $6 and s.index_type = $7
),
seg_bits as materialized (
  select (select case when seg.ahead then r.res & ((~ordinals_bitmap('{}', seg.capacity)) << (seg.capacity - seg.merged_upto - 1)) else r.res end from (select ((terms_bitmap($8, $9, $10::text[], $11::text[], seg.capacity)) & (terms_bitmap($12, $13, $14::text[], $15::text[], seg.capacity) & (terms_bitmap($16, $17, $18::text[], $19::text[], seg.capacity)) & terms_bitmap($20, $21, $22::text[], $23::text[], seg.capacity))) & ~seg.dead as res) r) as res,
         array[(terms_bitmap($24, $25, $26::text[], $27::text[], seg.capacity))] as units
    from seg
),
segment as materialized (
  select bit_count(b.res)::int as count, search_walk(b.res, b.units, $28::int[], $29::int[], $30) as ordinals, null::json as facets
    from seg_bits b, seg
),
matched as materialized (
  select d.document_id, d.ordinal, round((($31::float8 * ((case when (d.entities @> $32::jsonb or d.entities @> $33::jsonb) then 1 else 0 end)) / $34) + 0 + 0)::numeric, 2) as score
    from ((select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $35 and d.index_type = $36 and d.ordinal = any((select ordinals from segment)::int[])
         offset 0)
      union all
      (select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $37 and d.index_type = $38 and (((d.entities @> $39::jsonb or d.entities @> $40::jsonb))) and (((d.custom_value @> $41::jsonb or d.custom_value @> $42::jsonb)) and ((d.custom_value @> $43::jsonb or d.custom_value @> $44::jsonb) or (d.custom_value @> $45::jsonb or d.custom_value @> $46::jsonb)) and (exists (
  select 1 from jsonb_array_elements(case when jsonb_typeof(d.custom_value -> $47) = 'array' then d.custom_value -> $48 else '[]' end) o,
                jsonb_each(case when jsonb_typeof(o) = 'object' then o else '{}' end) m
   where m.value = to_jsonb($49::text) or m.value @> jsonb_build_array($50::text)))) and d.ordinal > $51
         offset 0)) d
),
scored as (
  select * from matched m where m.score >= $52
),
page as (
  select s.*
    from scored s
   order by s.score desc, s.ordinal asc
   limit $53 offset $54
)
select
  (select count from segment) + (select count(*)::int from scored s where s.ordinal > $55) as count,
  (select coalesce(json_agg(
            json_build_object(
              'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
              'customValue', d.custom_value,
              'skills', null,
              'distanceMeters', null,
              'explain', null
            ) order by s.score desc, s.ordinal asc), '[]'::json)
     from page s
     join documents d on d.account_id = $56 and d.index_type = $57 and d.document_id = s.document_id) as records,
  null::json as facets;

-- statement 6 of 6
commit;
