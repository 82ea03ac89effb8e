-- Values too long for the term dictionary. PostgreSQL's b-tree takes entries of at most 2,704 bytes,
-- and a client's parser data or custom values may hold longer ones (a skill pasted with its
-- paragraph): their merge failed, and every later merge of the index with it. A value of more than
-- 500 characters is a term by its first 500 and an ellipsis (at most 2,003 bytes); a search for such a
-- value reads the rows (src/search/segment/segment-plan.ts), and facets show it so on both paths
-- (src/search/facets.ts). Two long values of one document that begin alike are one term, which the
-- document then has twice: harmless to its bits, and its facet counts it twice on both paths alike
-- (made distinct, every merge took 45% longer to read its documents' terms).

create function search_term_value(v text) returns text
language sql immutable parallel safe
as $$
  select case when length(v) > 500 then left(v, 500) || '…' else v end
$$;

create or replace function document_search_terms(entities jsonb, display jsonb, sub_user_id text, experience_months integer, experience_max_months integer)
returns table (field text, value text)
language sql immutable parallel safe
as $$
  select t.field, search_term_value(t.value)
    from (select e.key as field, v.value
            from jsonb_each(entities) e,
                 jsonb_array_elements_text(case when jsonb_typeof(e.value) = 'array' then e.value else '[]' end) v
          union all
          select '@' || e.key, v.value
            from jsonb_each(display) e,
                 jsonb_array_elements_text(case when jsonb_typeof(e.value) = 'array' then e.value else '[]' end) v
          union all select '#SubUser', sub_user_id where sub_user_id is not null
          union all select '#Experience', 'any' where experience_months is not null
          union all select '#Months', experience_months::text where experience_months is not null
          union all select '#Years', (experience_months / 12)::text where experience_months is not null
          union all select '#MaxExperience', 'any' where experience_max_months is not null
          union all select '#MaxMonths', experience_max_months::text where experience_max_months is not null
          union all select '#MaxYears', (experience_max_months / 12)::text where experience_max_months is not null) t
   where search_field_indexed(t.field)
$$;
