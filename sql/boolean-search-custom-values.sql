-- Boolean search on JDs: an optional skill and required custom values (CV_ a string or string array, CVA_ inside an array of objects, and customValue), shown in the records.
-- POST /searchengine/booleanSearch
-- {"index":{"indexType":"JD","indexKey":"<client key>"},"query":{"required":{"CV_source":["referral","agency"],"CVA_jobs":["applied"]},"optional":{"Skill":["Python"]}},"customValue":{"team":"backend"},"showCustomValue":true}
--
-- Written by test/sql-snapshots.test.ts from the statements this request ran, in order; not by hand
-- (sql/README.md). $n values are the text the server receives.

-- statement 1 of 6
-- $1 = '<sha-256 of the client key>'
select account_id as "id", name, expires_at as "expiresAt", search_engine as "searchEngine",
       plugins, index_quota as "indexQuota", sub_user_limit as "subUserLimit"
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
-- $10 = '{"CV_team"}'
-- $11 = '{"backend"}'
-- $12 = '1'
-- $13 = 'JD'
-- $14 = '{"CV_source","CV_source"}'
-- $15 = '{"referral","agency"}'
-- $16 = '1'
-- $17 = 'JD'
-- $18 = '{"CVA_jobs"}'
-- $19 = '{"applied"}'
-- $20 = '1'
-- $21 = 'JD'
-- $22 = '{"RequiredSkillSet","PreferredSkillSet"}'
-- $23 = '{"python","python"}'
-- $24 = '{"1","0"}'
-- $25 = '{"0","1"}'
-- $26 = '50'
-- $27 = '100'
-- $28 = '{"RequiredSkillSet":["python"]}'
-- $29 = '{"PreferredSkillSet":["python"]}'
-- $30 = '1'
-- $31 = '1'
-- $32 = 'JD'
-- $33 = '1'
-- $34 = 'JD'
-- $35 = '{"RequiredSkillSet":["python"]}'
-- $36 = '{"PreferredSkillSet":["python"]}'
-- $37 = '{"team":"backend"}'
-- $38 = '{"team":["backend"]}'
-- $39 = '{"source":"referral"}'
-- $40 = '{"source":["referral"]}'
-- $41 = '{"source":"agency"}'
-- $42 = '{"source":["agency"]}'
-- $43 = 'jobs'
-- $44 = 'jobs'
-- $45 = 'applied'
-- $46 = 'applied'
-- $47 = '0'
-- $48 = '0'
-- $49 = '50'
-- $50 = '0'
-- $51 = '0'
-- $52 = '1'
-- $53 = 'JD'
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
  select (select case when seg.ahead then r.res & ((~ordinals_bitmap('{}', seg.capacity)) << (seg.capacity - seg.merged_upto - 1)) else r.res end from (select (u.units[1] & (terms_bitmap($8, $9, $10::text[], $11::text[], seg.capacity) & (terms_bitmap($12, $13, $14::text[], $15::text[], seg.capacity)) & terms_bitmap($16, $17, $18::text[], $19::text[], seg.capacity))) & ~seg.dead as res) r) as res,
         u.units
    from seg, lateral (select array[(terms_bitmap($20, $21, $22::text[], $23::text[], seg.capacity))] as units offset 0) u
),
segment as materialized (
  select bit_count(b.res)::int as count, search_walk(b.res, b.units, $24::int[], $25::int[], $26) as ordinals, null::json as facets
    from seg_bits b, seg
),
matched as materialized (
  select d.document_id, d.ordinal, round((($27::float8 * ((case when (d.entities @> $28::jsonb or d.entities @> $29::jsonb) then 1 else 0 end)) / $30) + 0 + 0)::numeric, 2) as score
    from ((select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $31 and d.index_type = $32 and d.ordinal = any((select ordinals from segment)::int[])
         offset 0)
      union all
      (select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $33 and d.index_type = $34 and (((d.entities @> $35::jsonb or d.entities @> $36::jsonb))) and (((d.custom_value @> $37::jsonb or d.custom_value @> $38::jsonb)) and ((d.custom_value @> $39::jsonb or d.custom_value @> $40::jsonb) or (d.custom_value @> $41::jsonb or d.custom_value @> $42::jsonb)) and (exists (
  select 1 from jsonb_array_elements(case when jsonb_typeof(d.custom_value -> $43) = 'array' then d.custom_value -> $44 else '[]' end) o,
                jsonb_each(case when jsonb_typeof(o) = 'object' then o else '{}' end) m
   where m.value = to_jsonb($45::text) or m.value @> jsonb_build_array($46::text)))) and d.ordinal > $47
         offset 0)) d
),
scored as (
  select * from matched m where m.score >= $48
),
page as (
  select s.*
    from scored s
   order by s.score desc, s.ordinal asc
   limit $49 offset $50
)
select
  (select count from segment) + (select count(*)::int from scored s where s.ordinal > $51) as count,
  (select coalesce(json_agg(
            json_build_object(
              'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
              'customValue', d.custom_value,
              'skills', null,
              'distanceMeters', null,
              'explain', null
            ) order by s.score desc, s.ordinal asc), '[]'::json)
     from page s
     join documents d on d.account_id = $52 and d.index_type = $53 and d.document_id = s.document_id) as records,
  null::json as facets;

-- statement 6 of 6
commit;
