-- A merge sets a common term's new bits in its `recent` bits one by one when they are few, instead of
-- building a bitmap as wide as the recent bits for them (0011's recent_with, kept for many): the recent
-- bits of a term hold every ordinal since the last fold (up to 65,536), and building that width for a
-- handful of new documents was the largest part of a merge of 2,000 documents at 1M
-- (docs/benchmarks.md, "Merge: where a merge of 2,000 documents goes at 1M").
create or replace function recent_with(recent bit varying, ordinals integer[], first integer) returns bit varying
language plpgsql immutable parallel safe
as $$
declare
  width integer := ((select max(x) from unnest(ordinals) x) - first) / 8 * 8 + 8;
  bits  bit varying := recent;
  o     integer;
begin
  if bits is null or length(bits) < width then
    bits := coalesce(bits, B'') || ordinals_bitmap('{}', width - coalesce(length(bits), 0));
  end if;
  -- set_bit copies the value: for many ordinals one bitmap of them costs less.
  if cardinality(ordinals) > 64 then
    return bits | ordinals_bitmap(ordinals, length(bits), first);
  end if;
  foreach o in array ordinals loop
    bits := set_bit(bits, o - first, 1);
  end loop;
  return bits;
end
$$;
