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
-- $7 = 'SkillHaveExp'
-- $8 = 'java'
-- $9 = '1'
-- $10 = 'Resume'
-- $11 = 'SkillWithoutExp'
-- $12 = 'java'
-- $13 = '1'
-- $14 = 'Resume'
-- $15 = 'SkillHaveExp'
-- $16 = 'docker'
-- $17 = '1'
-- $18 = 'Resume'
-- $19 = 'SkillWithoutExp'
-- $20 = 'docker'
-- $21 = '1'
-- $22 = 'Resume'
-- $23 = 'Country'
-- $24 = 'poland'
-- $25 = '1'
-- $26 = 'Resume'
-- $27 = 'Country'
-- $28 = 'germany'
-- $29 = '1'
-- $30 = 'Resume'
-- $31 = 'City'
-- $32 = 'berlin'
-- $33 = '1'
-- $34 = 'Resume'
-- $35 = 'JobProfile'
-- $36 = 'java developer'
-- $37 = '1'
-- $38 = 'Resume'
-- $39 = 'experience_months'
-- $40 = 'true'
-- $41 = '40'
-- $42 = '1'
-- $43 = 'Resume'
-- $44 = '{"@City"}'
-- $45 = '5'
-- $46 = '1'
-- $47 = 'Resume'
-- $48 = '1'
-- $49 = 'Resume'
-- $50 = '{"@SkillHaveExp","@SkillWithoutExp"}'
-- $51 = '5'
-- $52 = '1'
-- $53 = 'Resume'
-- $54 = '{"SkillHaveExp":["java"]}'
-- $55 = '{"SkillWithoutExp":["java"]}'
-- $56 = '{"SkillHaveExp":["docker"]}'
-- $57 = '{"SkillWithoutExp":["docker"]}'
-- $58 = '50'
-- $59 = '50'
-- $60 = '{"JobProfile":["java developer"]}'
-- $61 = '1'
-- $62 = 'City'
-- $63 = 'SkillHaveExp'
-- $64 = 'SkillWithoutExp'
-- $65 = '1'
-- $66 = 'Resume'
-- $67 = '1'
-- $68 = 'Resume'
-- $69 = '{"SkillHaveExp":["java"]}'
-- $70 = '{"SkillWithoutExp":["java"]}'
-- $71 = '{"SkillHaveExp":["docker"]}'
-- $72 = '{"SkillWithoutExp":["docker"]}'
-- $73 = '{"Country":["poland"]}'
-- $74 = '{"Country":["germany"]}'
-- $75 = '{"City":["berlin"]}'
-- $76 = '0'
-- $77 = '20'
-- $78 = '20'
-- $79 = '{"SkillHaveExp":["java"]}'
-- $80 = '{"SkillWithoutExp":["java"]}'
-- $81 = '{"SkillHaveExp":["docker"]}'
-- $82 = '{"SkillWithoutExp":["docker"]}'
-- $83 = '50'
-- $84 = '50'
-- $85 = 'Skill'
-- $86 = 'Required'
-- $87 = 'Java, Docker'
-- $88 = '50'
-- $89 = '{"JobProfile":["java developer"]}'
-- $90 = '1'
-- $91 = '50'
-- $92 = 'JobProfile'
-- $93 = 'Optional'
-- $94 = 'Java Developer'
-- $95 = '1'
-- $96 = 'Resume'
-- $97 = 'City'
-- $98 = '0'
-- $99 = '5'
-- $100 = 'Skill'
-- $101 = '1'
-- $102 = '5'
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
  select (((term_bitmap($5, $6, $7, $8, seg.capacity) | term_bitmap($9, $10, $11, $12, seg.capacity)) & (term_bitmap($13, $14, $15, $16, seg.capacity) | term_bitmap($17, $18, $19, $20, seg.capacity))) & (term_bitmap($21, $22, $23, $24, seg.capacity) | term_bitmap($25, $26, $27, $28, seg.capacity)) & (~term_bitmap($29, $30, $31, $32, seg.capacity))) & ~seg.dead as res, array[term_bitmap($33, $34, $35, $36, seg.capacity)] as units
    from seg
),
segment as materialized (
  select bit_count(b.res)::int as count, search_sorted($37, $38, $39, $40, b.res, seg.merged_upto, $41) as ordinals, json_build_array(search_facet($42, $43, $44::text[], b.res, seg.capacity, $45, (select count(*)::int from documents d where d.account_id = $46 and d.index_type = $47 and d.ordinal > seg.merged_upto)), search_facet($48, $49, $50::text[], b.res, seg.capacity, $51, (select count(*)::int from documents d where d.account_id = $52 and d.index_type = $53 and d.ordinal > seg.merged_upto))) as facets
    from seg_bits b, seg
),
matched as materialized (
  select d.document_id, d.ordinal, round(((case when ((d.entities @> $54::jsonb or d.entities @> $55::jsonb) and (d.entities @> $56::jsonb or d.entities @> $57::jsonb)) then $58::float8 else 0 end) + ($59::float8 * ((case when (d.entities @> $60::jsonb) then 1 else 0 end)) / $61) + 0 + 0)::numeric, 2) as score, d.experience_months as "sort_0", d.display -> $62::text as "facet_0_0", d.display -> $63::text as "facet_1_0", d.display -> $64::text as "facet_1_1"
    from ((select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display || '{}'::jsonb as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $65 and d.index_type = $66 and d.ordinal = any((select ordinals from segment)::int[])
         offset 0)
      union all
      (select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display || '{}'::jsonb as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $67 and d.index_type = $68 and (((d.entities @> $69::jsonb or d.entities @> $70::jsonb) and (d.entities @> $71::jsonb or d.entities @> $72::jsonb))) and (d.entities @> $73::jsonb or d.entities @> $74::jsonb) and not (d.entities @> $75::jsonb) and d.ordinal > (select merged_upto from seg)
         offset 0)) d
),
scored as (
  select * from matched m where m.score >= $76
),
page as (
  select s.*
    from scored s
   order by s."sort_0" desc nulls last, s.score desc, s.ordinal asc
   limit $77 offset $78
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
  'score', round(((case when ((d.entities @> $79::jsonb or d.entities @> $80::jsonb) and (d.entities @> $81::jsonb or d.entities @> $82::jsonb)) then $83::float8 else 0 end))::numeric, 2), 'maxScore', $84::numeric,
  'entity', $85::text, 'condition', $86::text, 'value', $87::text), json_build_object(
  'score', round((($88::float8 * ((case when (d.entities @> $89::jsonb) then 1 else 0 end)) / $90))::numeric, 2), 'maxScore', $91::numeric,
  'entity', $92::text, 'condition', $93::text, 'value', $94::text)), 'geo', null, 'keywords', null)
            ) order by s."sort_0" desc nulls last, s.score desc, s.ordinal asc), '[]'::json)
     from page s
     join documents d on d.account_id = $95 and d.index_type = $96 and d.document_id = s.document_id) as records,
  json_build_object($97::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, sum(n)::int as n
            from (select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_0_0") v where s.ordinal > (select merged_upto from seg) union all select m.value, m.count from json_to_recordset((select facets from segment) -> $98::int) as m(value text, count int)) each_value(v, n)
           group by v order by n desc, v limit $99) f), $100::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, sum(n)::int as n
            from (select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_1_0") v where s.ordinal > (select merged_upto from seg) union all select v, 1 as n from scored s, jsonb_array_elements_text(s."facet_1_1") v where s.ordinal > (select merged_upto from seg) and not (coalesce(s."facet_1_0" ? v, false)) union all select m.value, m.count from json_to_recordset((select facets from segment) -> $101::int) as m(value text, count int)) each_value(v, n)
           group by v order by n desc, v limit $102) f)) as facets;

-- statement 5 of 5
commit;
