-- Simple search: a keyword naming a job profile and a skill, within 30 km of a point that scores half.
-- POST /searchengine/simpleSearch
-- {"index":{"indexType":"Resume","indexKey":"<client key>"},"query":{"keyword":"Java Developer with Python"},"geoSearch":{"latitude":"50.06","longitude":"19.94","radius":30,"distanceUnit":"KM"}}
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
-- $7 = '{"GeoCell"}'
-- $8 = '{"0:200:79"}'
-- $9 = '1'
-- $10 = 'Resume'
-- $11 = '1'
-- $12 = 'Resume'
-- $13 = '{"GeoCell","GeoCell","GeoCell","GeoCell","GeoCell","GeoCell","GeoCell","GeoCell","GeoCell","GeoCell","GeoCell"}'
-- $14 = '{"0:199:78","0:199:79","0:199:80","0:199:81","0:200:78","0:200:80","0:200:81","0:201:78","0:201:79","0:201:80","0:201:81"}'
-- $15 = '19.94'
-- $16 = '50.06'
-- $17 = '30000'
-- $18 = '1'
-- $19 = 'Resume'
-- $20 = '{"JobProfile"}'
-- $21 = '{"java developer"}'
-- $22 = '1'
-- $23 = 'Resume'
-- $24 = '{"SkillHaveExp","SkillWithoutExp"}'
-- $25 = '{"python","python"}'
-- $26 = '1'
-- $27 = 'Resume'
-- $28 = '{"JobProfile"}'
-- $29 = '{"java developer"}'
-- $30 = '1'
-- $31 = 'Resume'
-- $32 = '{"SkillHaveExp","SkillWithoutExp"}'
-- $33 = '{"python","python"}'
-- $34 = '25'
-- $35 = '{"JobProfile":["java developer"]}'
-- $36 = '1'
-- $37 = '25'
-- $38 = '{"SkillHaveExp":["python"]}'
-- $39 = '{"SkillWithoutExp":["python"]}'
-- $40 = '1'
-- $41 = '50'
-- $42 = '19.94'
-- $43 = '50.06'
-- $44 = '30000'
-- $45 = '30000'
-- $46 = '1'
-- $47 = 'Resume'
-- $48 = '1'
-- $49 = 'Resume'
-- $50 = '{"{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:199:78\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:199:79\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:199:80\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:199:81\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:200:78\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:200:79\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:200:80\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:200:81\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:201:78\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:201:79\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:201:80\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:201:81\"]}"}'
-- $51 = '{"{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:199:78\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:199:79\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:199:80\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:199:81\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:200:78\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:200:79\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:200:80\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:200:81\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:201:78\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:201:79\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:201:80\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:201:81\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:199:78\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:199:79\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:199:80\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:199:81\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:200:78\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:200:79\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:200:80\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:200:81\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:201:78\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:201:79\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:201:80\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:201:81\"]}"}'
-- $52 = '19.94'
-- $53 = '50.06'
-- $54 = '30000'
-- $55 = '0'
-- $56 = '50'
-- $57 = '0'
-- $58 = '19.94'
-- $59 = '50.06'
-- $60 = '1'
-- $61 = 'Resume'
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
  select (select k.kept & (terms_bitmap($5, $6, $7::text[], $8::text[], seg.capacity)
                        | ordinals_bitmap(array(select d.ordinal from documents d
                                                 where d.account_id = $9 and d.index_type = $10
                                                   and d.ordinal = any(array(select bitmap_ordinals(k.kept & (terms_bitmap($11, $12, $13::text[], $14::text[], seg.capacity)), 0, 2147483647)))
                                                   and _st_dwithin(d.location, st_setsrid(st_makepoint($15, $16), 4326)::geography, $17, true)), seg.capacity))
         from (select (terms_bitmap($18, $19, $20::text[], $21::text[], seg.capacity) | (terms_bitmap($22, $23, $24::text[], $25::text[], seg.capacity))) & ~seg.dead as kept) k) as res, array[terms_bitmap($26, $27, $28::text[], $29::text[], seg.capacity), (terms_bitmap($30, $31, $32::text[], $33::text[], seg.capacity))] as units
    from seg
),
segment as materialized (
  select bit_count(b.res)::int as count, array(select bitmap_ordinals(b.res, 0, 2147483647)) as ordinals, null::json as facets
    from seg_bits b, seg
),
matched as materialized (
  select d.document_id, d.ordinal, round((($34::float8 * ((case when (d.entities @> $35::jsonb) then 1 else 0 end)) / $36) + ($37::float8 * ((case when (d.entities @> $38::jsonb or d.entities @> $39::jsonb) then 1 else 0 end)) / $40) + ($41::float8 * greatest(0, 1 - coalesce(st_distance(d.location, st_setsrid(st_makepoint($42, $43), 4326)::geography), $44) / $45)) + 0)::numeric, 2) as score
    from ((select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $46 and d.index_type = $47 and d.ordinal = any((select ordinals from segment)::int[])
         offset 0)
      union all
      (select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $48 and d.index_type = $49 and ((d.entities @> any($50::jsonb[]) or d.entities @> any($51::jsonb[]))) and _st_dwithin(d.location, st_setsrid(st_makepoint($52, $53), 4326)::geography, $54, true) and d.ordinal > (select merged_upto from seg)
         offset 0)) d
),
scored as (
  select * from matched m where m.score >= $55
),
page as (
  select s.*
    from scored s
   order by s.score desc, s.ordinal asc
   limit $56 offset $57
)
select
  (select count from segment) + (select count(*)::int from scored s where s.ordinal > (select merged_upto from seg)) as count,
  (select coalesce(json_agg(
            json_build_object(
              'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
              'customValue', null,
              'skills', null,
              'distanceMeters', round(st_distance(d.location, st_setsrid(st_makepoint($58, $59), 4326)::geography)::numeric),
              'explain', null
            ) order by s.score desc, s.ordinal asc), '[]'::json)
     from page s
     join documents d on d.account_id = $60 and d.index_type = $61 and d.document_id = s.document_id) as records,
  null::json as facets;

-- statement 5 of 5
commit;
