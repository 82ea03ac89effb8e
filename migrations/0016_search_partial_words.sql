-- partialMatch reads the segment (issue 19): a value that must contain the keyword's words ("developer"
-- finds every developer) is the union of the dictionary's terms under its fields that contain them, where
-- before every document the other conditions left was scanned. The dictionary holds a value of more than
-- 500 characters by its first 500 (0013, search_term_value), where the words may lie further on: the
-- documents of such terms are checked on their rows, as the rows' own test does it.
create function like_bitmap(p_account bigint, p_type text, p_fields text[], p_pattern text, p_capacity integer) returns bit varying
language sql stable parallel safe
as $$
  with t as (
    select t.field, t.value, length(t.value) = 501 and right(t.value, 1) = '…' as cut
      from search_terms t
     where t.account_id = p_account and t.index_type = p_type and t.field = any(p_fields)),
  whole as (select t.field, t.value from t where not t.cut and t.value like p_pattern),
  cut as (select t.field, t.value from t where t.cut)
  select terms_bitmap(p_account, p_type, array(select field from whole), array(select value from whole), p_capacity)
         | case when not exists (select from cut) then ordinals_bitmap('{}', p_capacity)
                else ordinals_bitmap(array(
                       select d.ordinal from documents d
                        where d.account_id = p_account and d.index_type = p_type
                          and d.ordinal = any(array(select bitmap_ordinals(terms_bitmap(p_account, p_type, array(select field from cut), array(select value from cut), p_capacity), 0, 2147483647)))
                          and exists (select from unnest(p_fields) k, jsonb_array_elements_text(coalesce(d.entities -> k, '[]')) e where e like p_pattern)),
                     p_capacity) end
$$;
