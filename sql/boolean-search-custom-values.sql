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
-- $1 = '100'
-- $2 = '{"RequiredSkillSet":["python"]}'
-- $3 = '{"PreferredSkillSet":["python"]}'
-- $4 = '1'
-- $5 = '1'
-- $6 = 'JD'
-- $7 = '{"RequiredSkillSet":["python"]}'
-- $8 = '{"PreferredSkillSet":["python"]}'
-- $9 = '{"team":"backend"}'
-- $10 = '{"team":["backend"]}'
-- $11 = '{"source":"referral"}'
-- $12 = '{"source":["referral"]}'
-- $13 = '{"source":"agency"}'
-- $14 = '{"source":["agency"]}'
-- $15 = 'jobs'
-- $16 = 'jobs'
-- $17 = 'applied'
-- $18 = 'applied'
-- $19 = '0'
-- $20 = '50'
-- $21 = '0'
-- $22 = '1'
-- $23 = 'JD'
with
matched as materialized (
  select d.document_id, d.ordinal, round((($1::float8 * ((case when (d.entities @> $2::jsonb or d.entities @> $3::jsonb) then 1 else 0 end)) / $4) + 0 + 0)::numeric, 2) as score
    from (select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $5 and d.index_type = $6 and (((d.entities @> $7::jsonb or d.entities @> $8::jsonb))) and (((d.custom_value @> $9::jsonb or d.custom_value @> $10::jsonb)) and ((d.custom_value @> $11::jsonb or d.custom_value @> $12::jsonb) or (d.custom_value @> $13::jsonb or d.custom_value @> $14::jsonb)) and (exists (
  select 1 from jsonb_array_elements(case when jsonb_typeof(d.custom_value -> $15) = 'array' then d.custom_value -> $16 else '[]' end) o,
                jsonb_each(case when jsonb_typeof(o) = 'object' then o else '{}' end) m
   where m.value = to_jsonb($17::text) or m.value @> jsonb_build_array($18::text))))
         offset 0) d
),
scored as (
  select * from matched m where m.score >= $19
),
page as (
  select s.*
    from scored s
   order by s.score desc, s.ordinal asc
   limit $20 offset $21
)
select
  (select count(*)::int from scored) as count,
  (select coalesce(json_agg(
            json_build_object(
              'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
              'customValue', d.custom_value,
              'skills', null,
              'distanceMeters', null,
              'explain', null
            ) order by s.score desc, s.ordinal asc), '[]'::json)
     from page s
     join documents d on d.account_id = $22 and d.index_type = $23 and d.document_id = s.document_id) as records,
  null::json as facets;

-- statement 6 of 6
commit;
