-- A document's stemmed words (documents.terms, migrations/0007) were a generated column, computed by the
-- insert itself: after the write had spent its credit and taken the index's ordinal, whose locks every
-- other writer of the account waits for until this one commits. Stemming a resume's text is about a
-- third of a plain write (docs/benchmarks.md, "A write's stemmed words before its locks"), so the plain
-- write now computes them first, before either lock, and passes them in.
--
-- Every other writer (bulk loads, de-duplicating updates, a match's trial write) still need not know the
-- column exists: a trigger fills it whenever a row is written without it, or its parser output changes
-- and the words were not given with it. The trigger's name sorts before documents_take_ordinal's, so it
-- runs first, before the ordinal's lock, for those writers too.
alter table documents alter column terms drop expression;

create function documents_fill_terms() returns trigger
language plpgsql as $$
begin
  if new.terms is null
     or tg_op = 'UPDATE' and new.parsed is distinct from old.parsed and new.terms is not distinct from old.terms then
    new.terms := document_terms(new.index_type, new.parsed);
  end if;
  return new;
end
$$;

create trigger documents_fill_terms before insert or update on documents
  for each row execute function documents_fill_terms();

create or replace function documents_write(
  p_account bigint, p_type text, p_id text, p_sub_user text, p_custom_value jsonb, p_parsed jsonb, p_entities jsonb,
  p_display jsonb, p_longitude float8, p_latitude float8, p_experience_months integer, p_experience_max_months integer,
  p_salary_min numeric, p_salary_max numeric, p_checksum text, p_spend boolean)
returns table (inserted boolean, over_quota boolean)
language plpgsql as $$
#variable_conflict use_column
declare
  spent_past_quota boolean := false;
  -- Before the credit's lock: the writers of the account take turns from there to their commit.
  words tsvector := document_terms(p_type, p_parsed);
begin
  if p_spend then
    insert into account_credits as c (account_id, credits_used) values (p_account, 1)
    on conflict (account_id) do update set credits_used = c.credits_used + 1
    returning coalesce(c.credits_used > (select a.index_quota from accounts a where a.account_id = p_account), false)
      into spent_past_quota;
  end if;
  return query
  with incoming as (
      select p_account as account_id, p_type as index_type, p_id as document_id, p_sub_user as sub_user_id,
             p_custom_value as custom_value, p_parsed as parsed, p_entities as entities, p_display as display,
             case when p_longitude is null or p_latitude is null then null::geography
                  else st_setsrid(st_makepoint(p_longitude, p_latitude), 4326)::geography end as location,
             p_experience_months as experience_months, p_experience_max_months as experience_max_months,
             p_salary_min as salary_min, p_salary_max as salary_max, p_checksum as checksum, words as terms),
    replaced as (
      update documents d set
        sub_user_id = i.sub_user_id, custom_value = i.custom_value, parsed = i.parsed, entities = i.entities,
        display = i.display, location = i.location, experience_months = i.experience_months,
        experience_max_months = i.experience_max_months, salary_min = i.salary_min, salary_max = i.salary_max,
        checksum = i.checksum, terms = i.terms, updated_at = now()
        from incoming i
       where d.account_id = i.account_id and d.index_type = i.index_type and d.document_id = i.document_id
      returning false as inserted),
    added as (
      insert into documents as d (account_id, index_type, document_id, sub_user_id, custom_value, parsed, entities, display,
                                  location, experience_months, experience_max_months, salary_min, salary_max, checksum, terms)
      select * from incoming where not exists (select from replaced)
      on conflict (account_id, index_type, document_id) do update set
        sub_user_id = excluded.sub_user_id, custom_value = excluded.custom_value, parsed = excluded.parsed,
        entities = excluded.entities, display = excluded.display, location = excluded.location,
        experience_months = excluded.experience_months, experience_max_months = excluded.experience_max_months,
        salary_min = excluded.salary_min, salary_max = excluded.salary_max, checksum = excluded.checksum,
        terms = excluded.terms, updated_at = now()
      returning (xmax = 0) as inserted),
    written as (select inserted from replaced union all select inserted from added)
  select w.inserted, spent_past_quota from written w;
end
$$;
