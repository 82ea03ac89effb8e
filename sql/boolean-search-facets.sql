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
-- $1 = '1'
-- $2 = 'Resume'
-- $3 = '1'
-- $4 = 'Resume'
-- $5 = '1'
-- $6 = 'Resume'
-- $7 = '{"SkillHaveExp","SkillWithoutExp"}'
-- $8 = '{"java","java"}'
-- $9 = '1'
-- $10 = 'Resume'
-- $11 = '{"SkillHaveExp","SkillWithoutExp"}'
-- $12 = '{"docker","docker"}'
-- $13 = '1'
-- $14 = 'Resume'
-- $15 = '{"Country","Country"}'
-- $16 = '{"poland","germany"}'
-- $17 = '1'
-- $18 = 'Resume'
-- $19 = '{"City"}'
-- $20 = '{"berlin"}'
-- $21 = '1'
-- $22 = 'Resume'
-- $23 = '{"JobProfile"}'
-- $24 = '{"java developer"}'
-- $25 = '1'
-- $26 = 'Resume'
-- $27 = 'experience_months'
-- $28 = 'true'
-- $29 = '40'
-- $30 = '1'
-- $31 = 'Resume'
-- $32 = '[["@City"],["@SkillHaveExp","@SkillWithoutExp"]]'
-- $33 = '5'
-- $34 = '1'
-- $35 = 'Resume'
-- $36 = '{"SkillHaveExp":["java"]}'
-- $37 = '{"SkillWithoutExp":["java"]}'
-- $38 = '{"SkillHaveExp":["docker"]}'
-- $39 = '{"SkillWithoutExp":["docker"]}'
-- $40 = '50'
-- $41 = '50'
-- $42 = '{"JobProfile":["java developer"]}'
-- $43 = '1'
-- $44 = 'City'
-- $45 = 'SkillHaveExp'
-- $46 = 'SkillWithoutExp'
-- $47 = '1'
-- $48 = 'Resume'
-- $49 = '1'
-- $50 = 'Resume'
-- $51 = '{"SkillHaveExp":["java"]}'
-- $52 = '{"SkillWithoutExp":["java"]}'
-- $53 = '{"SkillHaveExp":["docker"]}'
-- $54 = '{"SkillWithoutExp":["docker"]}'
-- $55 = '{"Country":["poland"]}'
-- $56 = '{"Country":["germany"]}'
-- $57 = '{"City":["berlin"]}'
-- $58 = '0'
-- $59 = '20'
-- $60 = '20'
-- $61 = '{"SkillHaveExp":["java"]}'
-- $62 = '{"SkillWithoutExp":["java"]}'
-- $63 = '{"SkillHaveExp":["docker"]}'
-- $64 = '{"SkillWithoutExp":["docker"]}'
-- $65 = '50'
-- $66 = '50'
-- $67 = 'Skill'
-- $68 = 'Required'
-- $69 = 'Java, Docker'
-- $70 = '50'
-- $71 = '{"JobProfile":["java developer"]}'
-- $72 = '1'
-- $73 = '50'
-- $74 = 'JobProfile'
-- $75 = 'Optional'
-- $76 = 'Java Developer'
-- $77 = '1'
-- $78 = 'Resume'
-- $79 = 'City'
-- $80 = '0'
-- $81 = '5'
-- $82 = 'Skill'
-- $83 = '1'
-- $84 = '5'
with
seg as materialized (
  select coalesce(s.merged_upto, 0) as merged_upto, coalesce(s.capacity, 1024) as capacity,
         coalesce(s.tombstones, ordinals_bitmap('{}', 1024))
           | ordinals_bitmap(array(select t.ordinal from search_tombstones t
                                    where t.account_id = $1 and t.index_type = $2
                                      and t.ordinal <= coalesce(s.merged_upto, 0)), coalesce(s.capacity, 1024)) as dead
    from (values (1)) one
         left join search_segments s on s.account_id = $3 and s.index_type = $4
),
seg_bits as materialized (
  select (((terms_bitmap($5, $6, $7::text[], $8::text[], seg.capacity)) & (terms_bitmap($9, $10, $11::text[], $12::text[], seg.capacity))) & (terms_bitmap($13, $14, $15::text[], $16::text[], seg.capacity)) & (~terms_bitmap($17, $18, $19::text[], $20::text[], seg.capacity))) & ~seg.dead as res, array[terms_bitmap($21, $22, $23::text[], $24::text[], seg.capacity)] as units
    from seg
),
segment as materialized (
  select bit_count(b.res)::int as count, search_sorted($25, $26, $27, $28, b.res, seg.merged_upto, $29) as ordinals, search_facets($30, $31, $32::jsonb, b.res, seg.capacity, $33, (select count(*)::int from documents d where d.account_id = $34 and d.index_type = $35 and d.ordinal > seg.merged_upto)) as facets
    from seg_bits b, seg
),
matched as materialized (
  select d.document_id, d.ordinal, round(((case when ((d.entities @> $36::jsonb or d.entities @> $37::jsonb) and (d.entities @> $38::jsonb or d.entities @> $39::jsonb)) then $40::float8 else 0 end) + ($41::float8 * ((case when (d.entities @> $42::jsonb) then 1 else 0 end)) / $43) + 0 + 0)::numeric, 2) as score, d.experience_months as "sort_0", d.display -> $44::text as "facet_0_0", d.display -> $45::text as "facet_1_0", d.display -> $46::text as "facet_1_1"
    from ((select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display || '{}'::jsonb as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $47 and d.index_type = $48 and d.ordinal = any((select ordinals from segment)::int[])
         offset 0)
      union all
      (select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display || '{}'::jsonb as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $49 and d.index_type = $50 and (((d.entities @> $51::jsonb or d.entities @> $52::jsonb) and (d.entities @> $53::jsonb or d.entities @> $54::jsonb))) and (d.entities @> $55::jsonb or d.entities @> $56::jsonb) and not (d.entities @> $57::jsonb) and d.ordinal > (select merged_upto from seg)
         offset 0)) d
),
scored as (
  select * from matched m where m.score >= $58
),
page as (
  select s.*
    from scored s
   order by s."sort_0" desc nulls last, s.score desc, s.ordinal asc
   limit $59 offset $60
)
select
  (select count from segment) + (select count(*)::int from scored s where s.ordinal > (select merged_upto from seg)) as count,
  (select coalesce(json_agg(
            json_build_object(
              'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
              'customValue', null,
              'skills', null,
              'distanceMeters', null,
              'explain', json_build_object('conditions', json_build_array(json_build_object(
  'score', round(((case when ((d.entities @> $61::jsonb or d.entities @> $62::jsonb) and (d.entities @> $63::jsonb or d.entities @> $64::jsonb)) then $65::float8 else 0 end))::numeric, 2), 'maxScore', $66::numeric,
  'entity', $67::text, 'condition', $68::text, 'value', $69::text), json_build_object(
  'score', round((($70::float8 * ((case when (d.entities @> $71::jsonb) then 1 else 0 end)) / $72))::numeric, 2), 'maxScore', $73::numeric,
  'entity', $74::text, 'condition', $75::text, 'value', $76::text)), 'geo', null, 'keywords', null)
            ) order by s."sort_0" desc nulls last, s.score desc, s.ordinal asc), '[]'::json)
     from page s
     join documents d on d.account_id = $77 and d.index_type = $78 and d.document_id = s.document_id) as records,
  json_build_object($79::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, sum(n)::int as n
            from (select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_0_0") v where s.ordinal > (select merged_upto from seg) union all select m.value, m.count from json_to_recordset((select facets from segment) -> $80::int) as m(value text, count int)) each_value(v, n)
           group by v order by n desc, v limit $81) f), $82::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, sum(n)::int as n
            from (select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_1_0") v where s.ordinal > (select merged_upto from seg) union all select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_1_1") v where s.ordinal > (select merged_upto from seg) and not (coalesce(s."facet_1_0" ? v, false)) union all select m.value, m.count from json_to_recordset((select facets from segment) -> $83::int) as m(value text, count int)) each_value(v, n)
           group by v order by n desc, v limit $84) f)) as facets;

-- statement 5 of 5
commit;
