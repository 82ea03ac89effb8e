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
-- $32 = '{"@City"}'
-- $33 = '5'
-- $34 = '1'
-- $35 = 'Resume'
-- $36 = '1'
-- $37 = 'Resume'
-- $38 = '{"@SkillHaveExp","@SkillWithoutExp"}'
-- $39 = '5'
-- $40 = '1'
-- $41 = 'Resume'
-- $42 = '{"SkillHaveExp":["java"]}'
-- $43 = '{"SkillWithoutExp":["java"]}'
-- $44 = '{"SkillHaveExp":["docker"]}'
-- $45 = '{"SkillWithoutExp":["docker"]}'
-- $46 = '50'
-- $47 = '50'
-- $48 = '{"JobProfile":["java developer"]}'
-- $49 = '1'
-- $50 = 'City'
-- $51 = 'SkillHaveExp'
-- $52 = 'SkillWithoutExp'
-- $53 = '1'
-- $54 = 'Resume'
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
-- $65 = '20'
-- $66 = '20'
-- $67 = '{"SkillHaveExp":["java"]}'
-- $68 = '{"SkillWithoutExp":["java"]}'
-- $69 = '{"SkillHaveExp":["docker"]}'
-- $70 = '{"SkillWithoutExp":["docker"]}'
-- $71 = '50'
-- $72 = '50'
-- $73 = 'Skill'
-- $74 = 'Required'
-- $75 = 'Java, Docker'
-- $76 = '50'
-- $77 = '{"JobProfile":["java developer"]}'
-- $78 = '1'
-- $79 = '50'
-- $80 = 'JobProfile'
-- $81 = 'Optional'
-- $82 = 'Java Developer'
-- $83 = '1'
-- $84 = 'Resume'
-- $85 = 'City'
-- $86 = '0'
-- $87 = '5'
-- $88 = 'Skill'
-- $89 = '1'
-- $90 = '5'
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
  select bit_count(b.res)::int as count, search_sorted($25, $26, $27, $28, b.res, seg.merged_upto, $29) as ordinals, json_build_array(search_facet($30, $31, $32::text[], b.res, seg.capacity, $33, (select count(*)::int from documents d where d.account_id = $34 and d.index_type = $35 and d.ordinal > seg.merged_upto)), search_facet($36, $37, $38::text[], b.res, seg.capacity, $39, (select count(*)::int from documents d where d.account_id = $40 and d.index_type = $41 and d.ordinal > seg.merged_upto))) as facets
    from seg_bits b, seg
),
matched as materialized (
  select d.document_id, d.ordinal, round(((case when ((d.entities @> $42::jsonb or d.entities @> $43::jsonb) and (d.entities @> $44::jsonb or d.entities @> $45::jsonb)) then $46::float8 else 0 end) + ($47::float8 * ((case when (d.entities @> $48::jsonb) then 1 else 0 end)) / $49) + 0 + 0)::numeric, 2) as score, d.experience_months as "sort_0", d.display -> $50::text as "facet_0_0", d.display -> $51::text as "facet_1_0", d.display -> $52::text as "facet_1_1"
    from ((select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display || '{}'::jsonb as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $53 and d.index_type = $54 and d.ordinal = any((select ordinals from segment)::int[])
         offset 0)
      union all
      (select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display || '{}'::jsonb as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $55 and d.index_type = $56 and (((d.entities @> $57::jsonb or d.entities @> $58::jsonb) and (d.entities @> $59::jsonb or d.entities @> $60::jsonb))) and (d.entities @> $61::jsonb or d.entities @> $62::jsonb) and not (d.entities @> $63::jsonb) and d.ordinal > (select merged_upto from seg)
         offset 0)) d
),
scored as (
  select * from matched m where m.score >= $64
),
page as (
  select s.*
    from scored s
   order by s."sort_0" desc nulls last, s.score desc, s.ordinal asc
   limit $65 offset $66
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
  'score', round(((case when ((d.entities @> $67::jsonb or d.entities @> $68::jsonb) and (d.entities @> $69::jsonb or d.entities @> $70::jsonb)) then $71::float8 else 0 end))::numeric, 2), 'maxScore', $72::numeric,
  'entity', $73::text, 'condition', $74::text, 'value', $75::text), json_build_object(
  'score', round((($76::float8 * ((case when (d.entities @> $77::jsonb) then 1 else 0 end)) / $78))::numeric, 2), 'maxScore', $79::numeric,
  'entity', $80::text, 'condition', $81::text, 'value', $82::text)), 'geo', null, 'keywords', null)
            ) order by s."sort_0" desc nulls last, s.score desc, s.ordinal asc), '[]'::json)
     from page s
     join documents d on d.account_id = $83 and d.index_type = $84 and d.document_id = s.document_id) as records,
  json_build_object($85::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, sum(n)::int as n
            from (select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_0_0") v where s.ordinal > (select merged_upto from seg) union all select m.value, m.count from json_to_recordset((select facets from segment) -> $86::int) as m(value text, count int)) each_value(v, n)
           group by v order by n desc, v limit $87) f), $88::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, sum(n)::int as n
            from (select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_1_0") v where s.ordinal > (select merged_upto from seg) union all select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_1_1") v where s.ordinal > (select merged_upto from seg) and not (coalesce(s."facet_1_0" ? v, false)) union all select m.value, m.count from json_to_recordset((select facets from segment) -> $89::int) as m(value text, count int)) each_value(v, n)
           group by v order by n desc, v limit $90) f)) as facets;

-- statement 5 of 5
commit;
