-- A merge sets its documents' bits in a term's or group's recent bits by rebuilding only their tail.
-- A merge's ordinals are all above those merged before, so the bits before the lowest of them stay as
-- they are: the tail from that byte on is built apart, as narrow as the merge (2,000 ordinals for the
-- merger, not the up to 65,536 of the recent bits at 1M), and joined on. 0017's recent_with set each
-- bit in the whole width (a copy of it per bit) or built a bitmap of the whole width for more than 64,
-- and asked a query for the highest ordinal. At 1M with recent bits 54,000 wide: 30 ordinals for each
-- of 15,300 terms 0.48 s against 1.37 s, 150 for each of 2,138 groups 0.16 s against 0.74 s
-- (docs/benchmarks.md, "What a merge pays whatever its size"). The bits are the same.
--
-- ordinals_bitmap (0027's) chooses how to build by what a bit costs: each set_bit copies the bitmap,
-- so it now sets bits one at a time while the copies stay within 256 of a 1M bitmap (32 MB), as 0027
-- did at 1M, and builds the hexadecimal text beyond. 0027 counted ordinals alone (256), so a merge's
-- narrow tail of 600 ordinals took the text, 1.2 s for 2,138 groups' tails against 0.5 s bit by bit.
create or replace function ordinals_bitmap(ordinals integer[], capacity integer, first integer default 0) returns bit varying
language plpgsql immutable parallel safe
as $$
declare
  made bit varying;
  at   integer;
begin
  if coalesce(cardinality(ordinals), 0)::bigint * capacity <= 268435456 then
    made := zero_bitmap(capacity);
    foreach at in array coalesce(ordinals, '{}') loop
      if at - first >= 0 and at - first < capacity then
        made := set_bit(made, at - first, 1);
      end if;
    end loop;
    return made;
  end if;
  return (select ('x' || coalesce(string_agg(repeat('00', b.byte - b.previous - 1) || lpad(to_hex(b.bits), 2, '0'), '' order by b.byte), '')
                      || repeat('00', capacity / 8 - 1 - coalesce(max(b.byte), -1)))::bit varying
            from (select g.byte, g.bits, lag(g.byte, 1, -1) over (order by g.byte) as previous
                    from (select (o - first) >> 3 as byte, bit_or(128 >> ((o - first) & 7)) as bits
                            from unnest(ordinals) o
                           where o - first >= 0 and o - first < capacity
                           group by 1) g) b);
end
$$;

create or replace function recent_with(recent bit varying, ordinals integer[], first integer) returns bit varying
language plpgsql immutable parallel safe
as $$
declare
  low  integer;
  high integer;
  bits bit varying := coalesce(recent, B'');
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
  return substring(bits from 1 for low) || (substring(bits from low + 1) | ordinals_bitmap(ordinals, length(bits) - low, first + low));
end
$$;
