-- Simple search: a keyword naming a job profile and a skill, within 30 km of a point that scores half.
-- POST /searchengine/simpleSearch
-- {"index":{"indexType":"Resume","indexKey":"<client key>"},"query":{"keyword":"Java Developer with Python"},"geoSearch":{"latitude":"50.06","longitude":"19.94","radius":30,"distanceUnit":"KM"}}
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
-- $3 = '{"0:200:79","0:199:78","0:199:79","0:199:80","0:199:81","0:200:78","0:200:80","0:200:81","0:201:78","0:201:79","0:201:80","0:201:81"}'
-- $4 = '{"JobProfile","SkillHaveExp","SkillWithoutExp"}'
-- $5 = '{"java developer","python","python"}'
-- $6 = '1'
-- $7 = 'Resume'
-- $8 = '1'
-- $9 = 'Resume'
select (select coalesce(sum(t.df), 0)::float8 from search_terms t
         where t.account_id = $1 and t.index_type = $2 and t.field = 'GeoCell'
           and t.value = any($3::text[])) as near,
       (select coalesce(sum(t.df), 0)::float8 from search_terms t, unnest($4::text[], $5::text[]) x(field, value)
         where t.account_id = $6 and t.index_type = $7 and t.field = x.field and t.value = x.value) as having,
       (select coalesce(max(s.documents), 0)::float8 from search_segments s where s.account_id = $8 and s.index_type = $9) as total;

-- statement 5 of 6
-- $1 = '25'
-- $2 = '{"JobProfile":["java developer"]}'
-- $3 = '1'
-- $4 = '25'
-- $5 = '{"SkillHaveExp":["python"]}'
-- $6 = '{"SkillWithoutExp":["python"]}'
-- $7 = '1'
-- $8 = '50'
-- $9 = '19.94'
-- $10 = '50.06'
-- $11 = '30000'
-- $12 = '30000'
-- $13 = '1'
-- $14 = 'Resume'
-- $15 = '{"{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:199:78\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:199:79\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:199:80\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:199:81\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:200:78\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:200:79\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:200:80\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:200:81\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:201:78\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:201:79\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:201:80\"]}","{\"JobProfile\":[\"java developer\"],\"GeoCell\":[\"0:201:81\"]}"}'
-- $16 = '{"{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:199:78\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:199:79\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:199:80\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:199:81\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:200:78\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:200:79\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:200:80\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:200:81\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:201:78\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:201:79\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:201:80\"]}","{\"SkillHaveExp\":[\"python\"],\"GeoCell\":[\"0:201:81\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:199:78\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:199:79\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:199:80\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:199:81\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:200:78\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:200:79\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:200:80\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:200:81\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:201:78\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:201:79\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:201:80\"]}","{\"SkillWithoutExp\":[\"python\"],\"GeoCell\":[\"0:201:81\"]}"}'
-- $17 = '19.94'
-- $18 = '50.06'
-- $19 = '30000'
-- $20 = '0'
-- $21 = '50'
-- $22 = '0'
-- $23 = '19.94'
-- $24 = '50.06'
-- $25 = '1'
-- $26 = 'Resume'
with
matched as materialized (
  select d.document_id, d.ordinal, round((($1::float8 * ((case when (d.entities @> $2::jsonb) then 1 else 0 end)) / $3) + ($4::float8 * ((case when (d.entities @> $5::jsonb or d.entities @> $6::jsonb) then 1 else 0 end)) / $7) + ($8::float8 * greatest(0, 1 - coalesce(st_distance(d.location, st_setsrid(st_makepoint($9, $10), 4326)::geography), $11) / $12)) + 0)::numeric, 2) as score
    from (select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, d.display as display, d.location, d.experience_months,
                d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
           from documents d
          where d.account_id = $13 and d.index_type = $14 and ((d.entities @> any($15::jsonb[]) or d.entities @> any($16::jsonb[]))) and _st_dwithin(d.location, st_setsrid(st_makepoint($17, $18), 4326)::geography, $19, true)
         offset 0) d
),
scored as (
  select * from matched m where m.score >= $20
),
page as (
  select s.*
    from scored s
   order by s.score desc, s.ordinal asc
   limit $21 offset $22
)
select
  (select count(*)::int from scored) as count,
  (select coalesce(json_agg(
            json_build_object(
              'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
              'customValue', null,
              'skills', null,
              'distanceMeters', round(st_distance(d.location, st_setsrid(st_makepoint($23, $24), 4326)::geography)::numeric),
              'explain', null
            ) order by s.score desc, s.ordinal asc), '[]'::json)
     from page s
     join documents d on d.account_id = $25 and d.index_type = $26 and d.document_id = s.document_id) as records,
  null::json as facets;

-- statement 6 of 6
commit;
