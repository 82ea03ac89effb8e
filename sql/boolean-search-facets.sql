-- Boolean search: required skills (AND), an optional job profile, a filter and an excluding filter, two facets, sorted by experience, explained.
-- POST /searchengine/booleanSearch
-- {"index":{"indexType":"Resume","indexKey":"<client key>"},"query":{"required":{"Skill":["Java","Docker"],"multiValueOperator":"AND"},"optional":{"JobProfile":["Java Developer"]}},"filter":{"Country":["Poland","Germany"],"-City":["Berlin"]},"facet":{"fields":["City","Skill"],"limit":5},"sorting":[{"field":"TotalExperienceInMonths","order":"desc"}],"explainScore":true,"explainScoreType":"json","pageSize":20,"pageStart":20}
--
-- Written by test/sql-snapshots.test.ts from the statements this request ran, in order; not by hand
-- (sql/README.md). $n values are the text the server receives.

-- statement 1 of 5
-- $1 = '<sha-256 of the client key>'
select account_id as "id", name, expires_at as "expiresAt", search_engine as "searchEngine",
       plugins, index_quota as "indexQuota", credits_used as "creditsUsed", sub_user_limit as "subUserLimit"
  from accounts
 where key_hash = $1;

-- statement 2 of 5
begin;

-- statement 3 of 5
-- $1 = 'resume_search_tenant'
-- $2 = '1'
select set_config('role', $1, true),
                     set_config('resume_search.account_id', $2, true),
                     set_config('jit', 'off', true),
                     set_config('work_mem', '32MB', true),
                     set_config('max_parallel_workers_per_gather', '0', true);

-- statement 4 of 5
-- $1 = '{"SkillHaveExp":["java"]}'
-- $2 = '{"SkillWithoutExp":["java"]}'
-- $3 = '{"SkillHaveExp":["docker"]}'
-- $4 = '{"SkillWithoutExp":["docker"]}'
-- $5 = '50'
-- $6 = '50'
-- $7 = '{"JobProfile":["java developer"]}'
-- $8 = '1'
-- $9 = 'City'
-- $10 = 'SkillHaveExp'
-- $11 = 'SkillWithoutExp'
-- $12 = '1'
-- $13 = 'Resume'
-- $14 = '{"SkillHaveExp":["java"]}'
-- $15 = '{"SkillWithoutExp":["java"]}'
-- $16 = '{"SkillHaveExp":["docker"]}'
-- $17 = '{"SkillWithoutExp":["docker"]}'
-- $18 = '{"Country":["poland"]}'
-- $19 = '{"Country":["germany"]}'
-- $20 = '{"City":["berlin"]}'
-- $21 = '0'
-- $22 = '20'
-- $23 = '20'
-- $24 = '{"SkillHaveExp":["java"]}'
-- $25 = '{"SkillWithoutExp":["java"]}'
-- $26 = '{"SkillHaveExp":["docker"]}'
-- $27 = '{"SkillWithoutExp":["docker"]}'
-- $28 = '50'
-- $29 = '50'
-- $30 = 'Skill'
-- $31 = 'Required'
-- $32 = 'Java, Docker'
-- $33 = '50'
-- $34 = '{"JobProfile":["java developer"]}'
-- $35 = '1'
-- $36 = '50'
-- $37 = 'JobProfile'
-- $38 = 'Optional'
-- $39 = 'Java Developer'
-- $40 = '1'
-- $41 = 'Resume'
-- $42 = 'City'
-- $43 = '5'
-- $44 = 'Skill'
-- $45 = '5'
with
matched as materialized (
  select d.document_id, round(((case when ((d.entities @> $1::jsonb or d.entities @> $2::jsonb) and (d.entities @> $3::jsonb or d.entities @> $4::jsonb)) then $5::float8 else 0 end) + ($6::float8 * ((case when (d.entities @> $7::jsonb) then 1 else 0 end)) / $8) + 0 + 0)::numeric, 2) as score, d.experience_months as "sort_0", d.display -> $9::text as "facet_0_0", d.display -> $10::text as "facet_1_0", d.display -> $11::text as "facet_1_1"
    from (select d.document_id, d.entities || '{}'::jsonb as entities, d.display || '{}'::jsonb as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $12 and d.index_type = $13 and (((d.entities @> $14::jsonb or d.entities @> $15::jsonb) and (d.entities @> $16::jsonb or d.entities @> $17::jsonb))) and (d.entities @> $18::jsonb or d.entities @> $19::jsonb) and not (d.entities @> $20::jsonb)
         offset 0) d
),
scored as (
  select * from matched m where m.score >= $21
),
page as (
  select s.*
    from scored s
   order by s."sort_0" desc nulls last, s.score desc, s.document_id asc
   limit $22 offset $23
)
select
  (select count(*)::int from scored) as count,
  (select coalesce(json_agg(
            json_build_object(
              'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
              'customValue', null,
              'skills', null,
              'distanceMeters', null,
              'explain', json_build_object('conditions', json_build_array(json_build_object(
  'score', round(((case when ((d.entities @> $24::jsonb or d.entities @> $25::jsonb) and (d.entities @> $26::jsonb or d.entities @> $27::jsonb)) then $28::float8 else 0 end))::numeric, 2), 'maxScore', $29::numeric,
  'entity', $30::text, 'condition', $31::text, 'value', $32::text), json_build_object(
  'score', round((($33::float8 * ((case when (d.entities @> $34::jsonb) then 1 else 0 end)) / $35))::numeric, 2), 'maxScore', $36::numeric,
  'entity', $37::text, 'condition', $38::text, 'value', $39::text)), 'geo', null, 'keywords', null)
            ) order by s."sort_0" desc nulls last, s.score desc, s.document_id asc), '[]'::json)
     from page s
     join documents d on d.account_id = $40 and d.index_type = $41 and d.document_id = s.document_id) as records,
  json_build_object($42::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, count(*)::int as n
            from (select v from scored s, jsonb_array_elements_text(s."facet_0_0") v) each_value
           group by v order by n desc, v limit $43) f), $44::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, count(*)::int as n
            from (select v from scored s, jsonb_array_elements_text(s."facet_1_0") v union all select v from scored s, jsonb_array_elements_text(s."facet_1_1") v where not (coalesce(s."facet_1_0" ? v, false))) each_value
           group by v order by n desc, v limit $45) f)) as facets;

-- statement 5 of 5
commit;
