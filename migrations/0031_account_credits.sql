-- An account's spent credits move out of its row in `accounts` into a row of their own.
--
-- Every write spent its credit by updating the account's row, which every document insert also locks
-- FOR KEY SHARE (the foreign key), as does the segment merge for its whole transaction. An update of a
-- row other transactions hold key-share locks on writes their lockers into a multixact on the new
-- version, and while a merge ran (seconds) none of the versions could be pruned: each write walked a
-- growing chain of them, reading every version's multixact members. One by one beside the merger,
-- GetMultiXactIdMembers took 27% of the machine's CPU, and the same writes without the credit update
-- ran 403-510 documents/s instead of 297-351 (docs/benchmarks.md, "Credits in a row of their own").
-- Nothing references account_credits, so its updates take no one's key-share lock with them.
create table account_credits (
  account_id   bigint primary key references accounts on delete cascade,
  credits_used integer not null default 0 check (credits_used >= 0)
);
insert into account_credits (account_id, credits_used)
select account_id, credits_used from accounts where credits_used > 0;
alter table accounts drop column credits_used;

alter table account_credits enable row level security;
create policy tenant_account_credits on account_credits
  using (account_id = nullif(current_setting('resume_search.account_id', true), '')::bigint);
grant select, insert, update on account_credits to resume_search_tenant;

-- documents_write (migrations/0029) as it was, but for where the credit goes: an account's first
-- credit inserts its row, the others add to it; the row's lock orders concurrent spenders, so a quota
-- is spent exactly.
create or replace function documents_write(
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
