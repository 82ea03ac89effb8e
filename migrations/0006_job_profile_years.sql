-- Years in a role, for matching: a JD asking for five years of Java development is met in part by a
-- candidate with three years as a Java developer (docs/matching.md, "years in the role").
--
-- Resumes now store JobProfileYears: "<canonical title>|<years>" for each step of 1, 2, 3, 5 and 8
-- years that the months spent under that title (summed over its jobs) reach. New documents get them
-- from src/entity/entities.ts (yearsReached); this fills them in for resumes indexed before, from the
-- parser output they were indexed with, normalised as normaliseValue does (accents folded, lower case,
-- single spaces).
update documents d
   set entities = d.entities || jsonb_build_object('JobProfileYears', y.steps)
  from (select t.account_id, t.index_type, t.document_id,
               jsonb_agg(t.title || '|' || s.years order by t.title, s.years) as steps
          from (select account_id, index_type, document_id,
                       btrim(regexp_replace(lower(unaccent(coalesce(nullif(job -> 'JobProfile' ->> 'FormattedName', ''),
                                                                    job -> 'JobProfile' ->> 'Title'))), '\s+', ' ', 'g')) as title,
                       sum((job ->> 'ExperienceInMonths')::integer) as months
                  from documents,
                       jsonb_array_elements(coalesce(parsed -> 'ResumeParserData' -> 'SegregatedExperience', '[]')) as job
                 where index_type = 'Resume'
                   and job ->> 'ExperienceInMonths' ~ '^[0-9]{1,6}$'
                 group by 1, 2, 3, 4) t,
               unnest(array[1, 2, 3, 5, 8]) as s(years)
         where t.title <> ''
           and t.months >= s.years * 12
         group by 1, 2, 3) y
 where d.account_id = y.account_id
   and d.index_type = y.index_type
   and d.document_id = y.document_id;
