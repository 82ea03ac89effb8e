-- Boolean search: required skills (AND), an optional job profile, a filter and an excluding filter, two facets, sorted by experience, explained.
-- POST /searchengine/booleanSearch
-- {"index":{"indexType":"Resume","indexKey":"<client key>"},"query":{"required":{"Skill":["Java","Docker"],"multiValueOperator":"AND"},"optional":{"JobProfile":["Java Developer"]}},"filter":{"Country":["Poland","Germany"],"-City":["Berlin"]},"facet":{"fields":["City","Skill"],"limit":5},"sorting":[{"field":"TotalExperienceInMonths","order":"desc"}],"explainScore":true,"explainScoreType":"json","pageSize":20,"pageStart":20}
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
-- $2 = 'Resume'
select coalesce((select merged_upto from search_segments where account_id = $1 and index_type = $2), 0) as merged;

-- statement 5 of 6
-- $1 = '0'
-- $2 = '0'
-- $3 = '1'
-- $4 = 'Resume'
-- $5 = '0'
-- $6 = '1'
-- $7 = 'Resume'
-- $8 = '1'
-- $9 = 'Resume'
-- $10 = '{"SkillHaveExp","SkillWithoutExp"}'
-- $11 = '{"java","java"}'
-- $12 = '1'
-- $13 = 'Resume'
-- $14 = '{"SkillHaveExp","SkillWithoutExp"}'
-- $15 = '{"docker","docker"}'
-- $16 = '1'
-- $17 = 'Resume'
-- $18 = '{"Country","Country"}'
-- $19 = '{"poland","germany"}'
-- $20 = '1'
-- $21 = 'Resume'
-- $22 = '{"City"}'
-- $23 = '{"berlin"}'
-- $24 = '1'
-- $25 = 'Resume'
-- $26 = '{"SkillHaveExp","SkillWithoutExp"}'
-- $27 = '{"java","java"}'
-- $28 = '1'
-- $29 = 'Resume'
-- $30 = '{"SkillHaveExp","SkillWithoutExp"}'
-- $31 = '{"docker","docker"}'
-- $32 = '1'
-- $33 = 'Resume'
-- $34 = '{"Country","Country"}'
-- $35 = '{"poland","germany"}'
-- $36 = '1'
-- $37 = 'Resume'
-- $38 = '{"City"}'
-- $39 = '{"berlin"}'
-- $40 = '1'
-- $41 = 'Resume'
-- $42 = '{"JobProfile"}'
-- $43 = '{"java developer"}'
-- $44 = '1'
-- $45 = 'Resume'
-- $46 = 'experience_months'
-- $47 = 'true'
-- $48 = '40'
-- $49 = '{"1","0"}'
-- $50 = '{"0","1"}'
-- $51 = '1'
-- $52 = 'Resume'
-- $53 = '[["@City"],["@SkillHaveExp","@SkillWithoutExp"]]'
-- $54 = '5'
-- $55 = '1'
-- $56 = 'Resume'
-- $57 = '{"SkillHaveExp":["java"]}'
-- $58 = '{"SkillWithoutExp":["java"]}'
-- $59 = '{"SkillHaveExp":["docker"]}'
-- $60 = '{"SkillWithoutExp":["docker"]}'
-- $61 = '{"Country":["poland"]}'
-- $62 = '{"Country":["germany"]}'
-- $63 = '{"City":["berlin"]}'
-- $64 = '0'
-- $65 = '{"SkillHaveExp":["java"]}'
-- $66 = '{"SkillWithoutExp":["java"]}'
-- $67 = '{"SkillHaveExp":["docker"]}'
-- $68 = '{"SkillWithoutExp":["docker"]}'
-- $69 = '50'
-- $70 = '50'
-- $71 = '{"JobProfile":["java developer"]}'
-- $72 = '1'
-- $73 = 'City'
-- $74 = 'SkillHaveExp'
-- $75 = 'SkillWithoutExp'
-- $76 = '1'
-- $77 = 'Resume'
-- $78 = '1'
-- $79 = 'Resume'
-- $80 = '{"SkillHaveExp":["java"]}'
-- $81 = '{"SkillWithoutExp":["java"]}'
-- $82 = '{"SkillHaveExp":["docker"]}'
-- $83 = '{"SkillWithoutExp":["docker"]}'
-- $84 = '{"Country":["poland"]}'
-- $85 = '{"Country":["germany"]}'
-- $86 = '{"City":["berlin"]}'
-- $87 = '0'
-- $88 = '0'
-- $89 = '20'
-- $90 = '20'
-- $91 = '0'
-- $92 = '{"SkillHaveExp":["java"]}'
-- $93 = '{"SkillWithoutExp":["java"]}'
-- $94 = '{"SkillHaveExp":["docker"]}'
-- $95 = '{"SkillWithoutExp":["docker"]}'
-- $96 = '50'
-- $97 = '50'
-- $98 = 'Skill'
-- $99 = 'Required'
-- $100 = 'Java, Docker'
-- $101 = '50'
-- $102 = '{"JobProfile":["java developer"]}'
-- $103 = '1'
-- $104 = '50'
-- $105 = 'JobProfile'
-- $106 = 'Optional'
-- $107 = 'Java Developer'
-- $108 = '1'
-- $109 = 'Resume'
-- $110 = 'City'
-- $111 = '0'
-- $112 = '0'
-- $113 = '5'
-- $114 = 'Skill'
-- $115 = '0'
-- $116 = '0'
-- $117 = '1'
-- $118 = '5'
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
  select case when seg.ahead then (((terms_bitmap($8, $9, $10::text[], $11::text[], seg.capacity)) & (terms_bitmap($12, $13, $14::text[], $15::text[], seg.capacity))) & (terms_bitmap($16, $17, $18::text[], $19::text[], seg.capacity)) & (~terms_bitmap($20, $21, $22::text[], $23::text[], seg.capacity))) & ~seg.dead & ((~ordinals_bitmap('{}', seg.capacity)) << (seg.capacity - seg.merged_upto - 1)) else (((terms_bitmap($24, $25, $26::text[], $27::text[], seg.capacity)) & (terms_bitmap($28, $29, $30::text[], $31::text[], seg.capacity))) & (terms_bitmap($32, $33, $34::text[], $35::text[], seg.capacity)) & (~terms_bitmap($36, $37, $38::text[], $39::text[], seg.capacity))) & ~seg.dead end as res, array[terms_bitmap($40, $41, $42::text[], $43::text[], seg.capacity)] as units
    from seg
),
segment as materialized (
  select bit_count(b.res)::int as count, search_sorted($44, $45, $46, $47, b.res, seg.merged_upto, $48,
                    b.units, $49::int[], $50::int[], seg.capacity) as ordinals, search_facets($51, $52, $53::jsonb, b.res, seg.capacity, $54, (select count(*)::int from documents d where d.account_id = $55 and d.index_type = $56 and (((d.entities @> $57::jsonb or d.entities @> $58::jsonb) and (d.entities @> $59::jsonb or d.entities @> $60::jsonb))) and (d.entities @> $61::jsonb or d.entities @> $62::jsonb) and not (d.entities @> $63::jsonb) and d.ordinal > $64)) as facets
    from seg_bits b, seg
),
matched as materialized (
  select d.document_id, d.ordinal, round(((case when ((d.entities @> $65::jsonb or d.entities @> $66::jsonb) and (d.entities @> $67::jsonb or d.entities @> $68::jsonb)) then $69::float8 else 0 end) + ($70::float8 * ((case when (d.entities @> $71::jsonb) then 1 else 0 end)) / $72) + 0 + 0)::numeric, 2) as score, d.experience_months as "sort_0", d.display -> $73::text as "facet_0_0", d.display -> $74::text as "facet_1_0", d.display -> $75::text as "facet_1_1"
    from ((select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display || '{}'::jsonb as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $76 and d.index_type = $77 and d.ordinal = any((select ordinals from segment)::int[])
         offset 0)
      union all
      (select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display || '{}'::jsonb as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $78 and d.index_type = $79 and (((d.entities @> $80::jsonb or d.entities @> $81::jsonb) and (d.entities @> $82::jsonb or d.entities @> $83::jsonb))) and (d.entities @> $84::jsonb or d.entities @> $85::jsonb) and not (d.entities @> $86::jsonb) and d.ordinal > $87
         offset 0)) d
),
scored as (
  select * from matched m where m.score >= $88
),
page as (
  select s.*
    from scored s
   order by s."sort_0" desc nulls last, s.score desc, s.ordinal asc
   limit $89 offset $90
)
select
  (select count from segment) + (select count(*)::int from scored s where s.ordinal > $91) as count,
  (select coalesce(json_agg(
            json_build_object(
              'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
              'customValue', null,
              'skills', null,
              'distanceMeters', null,
              'explain', json_build_object('conditions', json_build_array(json_build_object(
  'score', round(((case when ((d.entities @> $92::jsonb or d.entities @> $93::jsonb) and (d.entities @> $94::jsonb or d.entities @> $95::jsonb)) then $96::float8 else 0 end))::numeric, 2), 'maxScore', $97::numeric,
  'entity', $98::text, 'condition', $99::text, 'value', $100::text), json_build_object(
  'score', round((($101::float8 * ((case when (d.entities @> $102::jsonb) then 1 else 0 end)) / $103))::numeric, 2), 'maxScore', $104::numeric,
  'entity', $105::text, 'condition', $106::text, 'value', $107::text)), 'geo', null, 'keywords', null)
            ) order by s."sort_0" desc nulls last, s.score desc, s.ordinal asc), '[]'::json)
     from page s
     join documents d on d.account_id = $108 and d.index_type = $109 and d.document_id = s.document_id) as records,
  json_build_object($110::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, sum(n)::int as n
            from (select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_0_0") v where s.ordinal > $111 union all select m.value, m.count from json_to_recordset((select facets from segment) -> $112::int) as m(value text, count int)) each_value(v, n)
           group by v order by n desc, v limit $113) f), $114::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, sum(n)::int as n
            from (select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_1_0") v where s.ordinal > $115 union all select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_1_1") v where s.ordinal > $116 and not (coalesce(s."facet_1_0" ? v, false)) union all select m.value, m.count from json_to_recordset((select facets from segment) -> $117::int) as m(value text, count int)) each_value(v, n)
           group by v order by n desc, v limit $118) f)) as facets;

-- statement 6 of 6
commit;
