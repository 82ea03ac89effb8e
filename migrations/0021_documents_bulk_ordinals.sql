-- A bulk load takes the ordinals of its documents in one step. The row trigger upserted the counter once
-- for every document: about 40 of the 310 ms a 1,000-document insert takes (docs/benchmarks.md, "One
-- ordinal per write, and a bulk load's ordinals in one step"). An insert that names its documents' ordinals skips the trigger; it must have taken them
-- with search_take_ordinals in its transaction (the unique index on ordinals refuses any other).
-- Replacements still take theirs by the trigger, as every update must.

drop trigger documents_take_ordinal on documents;
create trigger documents_take_ordinal before insert on documents
  for each row when (new.ordinal is null) execute function documents_take_ordinal();
create trigger documents_take_ordinal_on_update before update on documents
  for each row execute function documents_take_ordinal();

-- Takes `p_count` ordinals for the account's index and returns the first: the caller's documents are
-- numbered from it on. The account row, then the counter, locked in the order documents_take_ordinal
-- takes them, held to the end of the transaction: ordinals still become visible in the order taken.
create function search_take_ordinals(p_account bigint, p_type text, p_count integer) returns integer
language plpgsql as $$
declare
  last integer;
begin
  perform from accounts a where a.account_id = p_account for key share;
  insert into search_ordinals as o (account_id, index_type, last_ordinal)
  values (p_account, p_type, p_count)
  on conflict (account_id, index_type) do update set last_ordinal = o.last_ordinal + p_count
  returning last_ordinal into last;
  return last - p_count + 1;
end
$$;
