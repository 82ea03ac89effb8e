-- /index's plain write (no de-duplication, no sub-user) as one statement the service sends outside a
-- transaction block: the function confines itself to the tenant, writes the row and its credit, and the
-- statement's own transaction commits as it returns. Through a client transaction the same write took
-- four round trips (BEGIN, the tenant's settings, the write, COMMIT), and the index's ordinal counter,
-- locked by the write, stayed locked through the round trip to COMMIT while the next writer waited
-- (docs/benchmarks.md, "Where a write waits", and "Credits in a row of their own, and the write in one
-- round trip").
--
-- Past the quota it raises SQLSTATE RS080, which rolls the statement back; the service answers 2080.
-- The role and the account are set local to the transaction, so called alone they end with the
-- statement. Called inside a transaction block they would outlast it: the service never does that.
create function documents_index(
  p_account bigint, p_type text, p_id text, p_custom_value jsonb, p_parsed jsonb, p_entities jsonb,
  p_display jsonb, p_longitude float8, p_latitude float8, p_experience_months integer, p_experience_max_months integer,
  p_salary_min numeric, p_salary_max numeric, p_checksum text)
returns boolean
language plpgsql as $$
declare
  written record;
begin
  -- The role whose row-level security confines the rest to p_account's rows, as withTenant sets it.
  perform set_config('role', 'resume_search_tenant', true),
          set_config('resume_search.account_id', p_account::text, true);
  select * into strict written
    from documents_write(p_account, p_type, p_id, null, p_custom_value, p_parsed, p_entities, p_display, p_longitude,
                         p_latitude, p_experience_months, p_experience_max_months, p_salary_min, p_salary_max,
                         p_checksum, true);
  if written.over_quota then
    raise exception 'the account''s index credits are spent' using errcode = 'RS080';
  end if;
  return written.inserted;
end
$$;
