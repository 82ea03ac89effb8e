-- A document's write as one server-side function, so that its plan is made once per connection: sent
-- as a statement, the write's common table expressions were parsed and planned on every call (1.05 of
-- its 2.86 ms on the server), and a plpgsql function keeps its statements' plans for the session
-- (docs/benchmarks.md, "Where a write waits, and one write's plan made once").
--
-- Replaces the row of the same id, or inserts one; with p_spend, uses one of the account's credits in
-- the same call. Returns whether the row was new and whether the credits now pass the quota (the
-- caller then rolls back: 2080). The replacement is an update of its own rather than the insert's
-- `on conflict`: the ordinal trigger fires before an insert and again before the update a conflict
-- makes of it, so every replacement took two ordinals and left a gap in every bitmap. The insert keeps
-- its `on conflict` for a row another writer inserts after this statement's snapshot.
--
-- Runs as its caller (row-level security applies as to the statement it replaces). The credit is spent
-- first, as the statement did: the account row is locked before the index's counter (by the insert's
-- trigger), the order every writer takes them in, so writers cannot deadlock.
create function documents_write(
  p_account bigint, p_type text, p_id text, p_sub_user text, p_custom_value jsonb, p_parsed jsonb, p_entities jsonb,
  p_display jsonb, p_longitude float8, p_latitude float8, p_experience_months integer, p_experience_max_months integer,
  p_salary_min numeric, p_salary_max numeric, p_checksum text, p_spend boolean)
returns table (inserted boolean, over_quota boolean)
language plpgsql as $$
#variable_conflict use_column
declare
  spent_past_quota boolean := false;
begin
  if p_spend then
    update accounts set credits_used = credits_used + 1, updated_at = now()
     where account_id = p_account
    returning coalesce(credits_used > index_quota, false) into spent_past_quota;
  end if;
  return query
  with incoming as (
      select p_account as account_id, p_type as index_type, p_id as document_id, p_sub_user as sub_user_id,
             p_custom_value as custom_value, p_parsed as parsed, p_entities as entities, p_display as display,
             case when p_longitude is null or p_latitude is null then null::geography
                  else st_setsrid(st_makepoint(p_longitude, p_latitude), 4326)::geography end as location,
             p_experience_months as experience_months, p_experience_max_months as experience_max_months,
             p_salary_min as salary_min, p_salary_max as salary_max, p_checksum as checksum),
    replaced as (
      update documents d set
        sub_user_id = i.sub_user_id, custom_value = i.custom_value, parsed = i.parsed, entities = i.entities,
        display = i.display, location = i.location, experience_months = i.experience_months,
        experience_max_months = i.experience_max_months, salary_min = i.salary_min, salary_max = i.salary_max,
        checksum = i.checksum, updated_at = now()
        from incoming i
       where d.account_id = i.account_id and d.index_type = i.index_type and d.document_id = i.document_id
      returning false as inserted),
    added as (
      insert into documents as d (account_id, index_type, document_id, sub_user_id, custom_value, parsed, entities, display,
                                  location, experience_months, experience_max_months, salary_min, salary_max, checksum)
      select * from incoming where not exists (select from replaced)
      on conflict (account_id, index_type, document_id) do update set
        sub_user_id = excluded.sub_user_id, custom_value = excluded.custom_value, parsed = excluded.parsed,
        entities = excluded.entities, display = excluded.display, location = excluded.location,
        experience_months = excluded.experience_months, experience_max_months = excluded.experience_max_months,
        salary_min = excluded.salary_min, salary_max = excluded.salary_max, checksum = excluded.checksum,
        updated_at = now()
      returning (xmax = 0) as inserted),
    written as (select inserted from replaced union all select inserted from added)
  select w.inserted, spent_past_quota from written w;
end
$$;
