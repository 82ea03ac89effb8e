-- Boolean search: required skills (AND), an optional job profile, a filter and an excluding filter, two facets, sorted by experience, explained.
-- POST /searchengine/booleanSearch
-- {"index":{"indexType":"Resume","indexKey":"<client key>"},"query":{"required":{"Skill":["Java","Docker"],"multiValueOperator":"AND"},"optional":{"JobProfile":["Java Developer"]}},"filter":{"Country":["Poland","Germany"],"-City":["Berlin"]},"facet":{"fields":["City","Skill"],"limit":5},"sorting":[{"field":"TotalExperienceInMonths","order":"desc"}],"explainScore":true,"explainScoreType":"json","pageSize":20,"pageStart":20}
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
-- $26 = '{"JobProfile"}'
-- $27 = '{"java developer"}'
-- $28 = '1'
-- $29 = 'Resume'
-- $30 = 'experience_months'
-- $31 = 'true'
-- $32 = '40'
-- $33 = '{"1","0"}'
-- $34 = '{"0","1"}'
-- $35 = '1'
-- $36 = 'Resume'
-- $37 = '[["@City"],["@SkillHaveExp","@SkillWithoutExp"]]'
-- $38 = '5'
-- $39 = '1'
-- $40 = 'Resume'
-- $41 = '{"SkillHaveExp":["java"]}'
-- $42 = '{"SkillWithoutExp":["java"]}'
-- $43 = '{"SkillHaveExp":["docker"]}'
-- $44 = '{"SkillWithoutExp":["docker"]}'
-- $45 = '{"Country":["poland"]}'
-- $46 = '{"Country":["germany"]}'
-- $47 = '{"City":["berlin"]}'
-- $48 = '0'
-- $49 = '{"SkillHaveExp":["java"]}'
-- $50 = '{"SkillWithoutExp":["java"]}'
-- $51 = '{"SkillHaveExp":["docker"]}'
-- $52 = '{"SkillWithoutExp":["docker"]}'
-- $53 = '50'
-- $54 = '50'
-- $55 = '{"JobProfile":["java developer"]}'
-- $56 = '1'
-- $57 = 'City'
-- $58 = 'SkillHaveExp'
-- $59 = 'SkillWithoutExp'
-- $60 = '1'
-- $61 = 'Resume'
-- $62 = '1'
-- $63 = 'Resume'
-- $64 = '{"SkillHaveExp":["java"]}'
-- $65 = '{"SkillWithoutExp":["java"]}'
-- $66 = '{"SkillHaveExp":["docker"]}'
-- $67 = '{"SkillWithoutExp":["docker"]}'
-- $68 = '{"Country":["poland"]}'
-- $69 = '{"Country":["germany"]}'
-- $70 = '{"City":["berlin"]}'
-- $71 = '0'
-- $72 = '0'
-- $73 = '20'
-- $74 = '20'
-- $75 = '0'
-- $76 = '{"SkillHaveExp":["java"]}'
-- $77 = '{"SkillWithoutExp":["java"]}'
-- $78 = '{"SkillHaveExp":["docker"]}'
-- $79 = '{"SkillWithoutExp":["docker"]}'
-- $80 = '50'
-- $81 = '50'
-- $82 = 'Skill'
-- $83 = 'Required'
-- $84 = 'Java, Docker'
-- $85 = '50'
-- $86 = '{"JobProfile":["java developer"]}'
-- $87 = '1'
-- $88 = '50'
-- $89 = 'JobProfile'
-- $90 = 'Optional'
-- $91 = 'Java Developer'
-- $92 = '1'
-- $93 = 'Resume'
-- $94 = 'City'
-- $95 = '0'
-- $96 = '0'
-- $97 = '5'
-- $98 = 'Skill'
-- $99 = '0'
-- $100 = '0'
-- $101 = '1'
-- $102 = '5'
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
  select (select case when seg.ahead then r.res & ((~ordinals_bitmap('{}', seg.capacity)) << (seg.capacity - seg.merged_upto - 1)) else r.res end from (select (((terms_bitmap($8, $9, $10::text[], $11::text[], seg.capacity)) & (terms_bitmap($12, $13, $14::text[], $15::text[], seg.capacity))) & (terms_bitmap($16, $17, $18::text[], $19::text[], seg.capacity)) & (~terms_bitmap($20, $21, $22::text[], $23::text[], seg.capacity))) & ~seg.dead as res) r) as res,
         u.units
    from seg, lateral (select array[terms_bitmap($24, $25, $26::text[], $27::text[], seg.capacity)] as units offset 0) u
),
segment as materialized (
  select bit_count(b.res)::int as count, search_sorted($28, $29, $30, $31, b.res, seg.merged_upto, $32,
                    b.units, $33::int[], $34::int[], seg.capacity) as ordinals, search_facets($35, $36, $37::jsonb, b.res, seg.capacity, $38, (select count(*)::int from documents d where d.account_id = $39 and d.index_type = $40 and (((d.entities @> $41::jsonb or d.entities @> $42::jsonb) and (d.entities @> $43::jsonb or d.entities @> $44::jsonb))) and (d.entities @> $45::jsonb or d.entities @> $46::jsonb) and not (d.entities @> $47::jsonb) and d.ordinal > $48)) as facets
    from seg_bits b, seg
),
matched as materialized (
  select d.document_id, d.ordinal, round(((case when ((d.entities @> $49::jsonb or d.entities @> $50::jsonb) and (d.entities @> $51::jsonb or d.entities @> $52::jsonb)) then $53::float8 else 0 end) + ($54::float8 * ((case when (d.entities @> $55::jsonb) then 1 else 0 end)) / $56) + 0 + 0)::numeric, 2) as score, d.experience_months as "sort_0", d.display -> $57::text as "facet_0_0", d.display -> $58::text as "facet_1_0", d.display -> $59::text as "facet_1_1"
    from ((select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display || '{}'::jsonb as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $60 and d.index_type = $61 and d.ordinal = any((select ordinals from segment)::int[])
         offset 0)
      union all
      (select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display || '{}'::jsonb as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $62 and d.index_type = $63 and (((d.entities @> $64::jsonb or d.entities @> $65::jsonb) and (d.entities @> $66::jsonb or d.entities @> $67::jsonb))) and (d.entities @> $68::jsonb or d.entities @> $69::jsonb) and not (d.entities @> $70::jsonb) and d.ordinal > $71
         offset 0)) d
),
scored as (
  select * from matched m where m.score >= $72
),
page as (
  select s.*
    from scored s
   order by s."sort_0" desc nulls last, s.score desc, s.ordinal asc
   limit $73 offset $74
)
select
  (select count from segment) + (select count(*)::int from scored s where s.ordinal > $75) as count,
  (select coalesce(json_agg(
            json_build_object(
              'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
              'customValue', null,
              'skills', null,
              'distanceMeters', null,
              'explain', json_build_object('conditions', json_build_array(json_build_object(
  'score', round(((case when ((d.entities @> $76::jsonb or d.entities @> $77::jsonb) and (d.entities @> $78::jsonb or d.entities @> $79::jsonb)) then $80::float8 else 0 end))::numeric, 2), 'maxScore', $81::numeric,
  'entity', $82::text, 'condition', $83::text, 'value', $84::text), json_build_object(
  'score', round((($85::float8 * ((case when (d.entities @> $86::jsonb) then 1 else 0 end)) / $87))::numeric, 2), 'maxScore', $88::numeric,
  'entity', $89::text, 'condition', $90::text, 'value', $91::text)), 'geo', null, 'keywords', null)
            ) order by s."sort_0" desc nulls last, s.score desc, s.ordinal asc), '[]'::json)
     from page s
     join documents d on d.account_id = $92 and d.index_type = $93 and d.document_id = s.document_id) as records,
  json_build_object($94::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, sum(n)::int as n
            from (select search_term_value(v), 1 as n from scored s, jsonb_array_elements_text(s."facet_0_0") v where s.ordinal > $95 union all select m.value, m.count from json_to_recordset((select facets from segment) -> $96::int) as m(value text, count int)) each_value(v, n)
           group by v order by n desc, v limit $97) f), $98::text, (
  select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
    from (select v as value, sum(n)::int as n
            from (select search_term_value(v), 1 as n from scored s, jsonb_array_elements_text(s."facet_1_0") v where s.ordinal > $99 union all select search_term_value(v), 1 as n from scored s, jsonb_array_elements_text(s."facet_1_1") v where s.ordinal > $100 and not (coalesce(s."facet_1_0" ? v, false)) union all select m.value, m.count from json_to_recordset((select facets from segment) -> $101::int) as m(value text, count int)) each_value(v, n)
           group by v order by n desc, v limit $102) f)) as facets;

-- statement 6 of 6
commit;
