-- A sort by the document's date (ResumeDate, JDDate: documents.updated_at) reads the segment too, as a
-- sort by experience does (issue 19): search_sorted walks this index in order and keeps the ordinals the
-- search's bitmap holds. Documents written in one statement share their date, so the last date taken
-- may have many: they are looked up by this index and ranked by score, as experience's last value is
-- by its term.
create index documents_updated on documents (account_id, index_type, updated_at) include (ordinal);

create or replace function search_sorted(p_account bigint, p_type text, p_column text, p_descending boolean, res bit varying, merged integer, want integer,
                                         units bit varying[], masks integer[], groups integer[], p_capacity integer) returns integer[]
language plpgsql stable
as $$
declare
  result  integer[];
  last    text;
  field   text := case p_column when 'experience_months' then '#Months' else '#MaxMonths' end;
  valued  text := case p_column when 'experience_months' then '#Experience' else '#MaxExperience' end;
  tied    bit varying;
begin
  res := res || B'';  -- detoasted once here, not by every get_bit
  if p_column not in ('experience_months', 'experience_max_months', 'updated_at') then
    raise exception 'search_sorted: no index sorts by %', p_column;
  end if;
  -- A small result is all scored (about 5 µs a document): walking the index passes capacity / hits
  -- entries (about 0.1 µs each) per document taken, which costs more below sqrt(want x capacity / 50)
  -- hits (1,000 at 1M for a page of 50).
  if bit_count(res) <= greatest(sqrt(want::float8 * p_capacity / 50), 100) then
    return array(select bitmap_ordinals(res, 0, bit_count(res)::integer));
  end if;
  execute format('select array_agg(s.ordinal) filter (where s.key is distinct from s.last), min(s.last::text)
                    from (select d.ordinal, d.key, last_value(d.key) over (order by d.n rows between unbounded preceding and unbounded following) as last
                            from (select d.ordinal, d.%1$I as key, row_number() over () as n
                                    from (select d.ordinal, d.%1$I from documents d
                                           where d.account_id = $1 and d.index_type = $2 and d.%1$I is not null
                                             and d.ordinal <= $3 and get_bit($4, d.ordinal) = 1
                                           order by d.%1$I %2$s limit $5) d) d) s', p_column, case when p_descending then 'desc' else 'asc' end)
    into result, last using p_account, p_type, merged, res, want;
  result := coalesce(result, '{}');
  if last is not null then
    -- The last value's documents, by score: experience's from its term, a date's from the index.
    tied := case when p_column = 'updated_at'
                 then ordinals_bitmap(array(select d.ordinal from documents d
                                             where d.account_id = p_account and d.index_type = p_type
                                               and d.updated_at = last::timestamptz and d.ordinal <= merged), p_capacity)
                 else terms_bitmap(p_account, p_type, array[field], array[last], p_capacity) end;
    result := result || search_walk(res & tied, units, masks, groups, want - cardinality(result));
  end if;
  -- Documents without a value come last (every document has a date).
  if cardinality(result) < want and p_column <> 'updated_at' then
    result := result || search_walk(res & ~terms_bitmap(p_account, p_type, array[valued], array['any'], p_capacity),
                                    units, masks, groups, want - cardinality(result));
  end if;
  return result;
end
$$;
