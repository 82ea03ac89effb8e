-- A merge sets its documents' bits in a term's or group's recent bits by rebuilding only their tail.
-- A merge's ordinals are all above those merged before, so the bits before the lowest of them stay as
-- they are: the tail from that byte on is built apart, as narrow as the merge (2,000 ordinals for the
-- merger, not the up to 65,536 of the recent bits at 1M), and joined on. 0017's recent_with set each
-- bit in the whole width (a copy of it per bit) or built a bitmap of the whole width for more than 64,
-- and asked a query for the highest ordinal. At 1M with recent bits 54,000 wide: 30 ordinals for each
-- of 15,300 terms 0.48 s against 1.37 s, 150 for each of 2,138 groups 0.16 s against 0.74 s
-- (docs/benchmarks.md, "What a merge pays whatever its size"). The bits are the same.
create or replace function recent_with(recent bit varying, ordinals integer[], first integer) returns bit varying
language plpgsql immutable parallel safe
as $$
declare
  low  integer;
  high integer;
  bits bit varying := coalesce(recent, B'');
  tail bit varying;
  o    integer;
begin
  foreach o in array ordinals loop
    if low is null or o < low then low := o; end if;
    if high is null or o > high then high := o; end if;
  end loop;
  if low is null then
    return recent;
  end if;
  -- Whole bytes: the tail starts at the byte of the lowest new ordinal and ends with the highest's.
  low := (low - first) / 8 * 8;
  high := (high - first) / 8 * 8 + 8;
  if length(bits) < high then
    bits := bits || zero_bitmap(high - length(bits));
  end if;
  tail := zero_bitmap(length(bits) - low);
  -- set_bit copies the tail: a bit at a time while that stays small, else one bitmap of them all (a
  -- bulk load's merge, whose tail is as wide as its step).
  if cardinality(ordinals)::bigint * length(tail) > 67108864 then
    tail := ordinals_bitmap(ordinals, length(tail), first + low);
  else
    foreach o in array ordinals loop
      tail := set_bit(tail, o - first - low, 1);
    end loop;
  end if;
  return substring(bits from 1 for low) || (substring(bits from low + 1) | tail);
end
$$;
