-- A bitmap of a few ordinals (a rare term's postings, a rare grid cell's, a search's listed ids) is a
-- bitmap of zeros (0026's zero_bitmap, alone when there are none) with those bits set, one copy of it
-- per bit: 0.4-0.6 ms for 20-50 ordinals at 1M, where 0011's hexadecimal text cost 1.9-2.1 ms however
-- few they were (200 ordinals took 1.3 ms this way); above 256 the hexadecimal text stays. Ordinals
-- outside the bitmap are left out by both ways (docs/benchmarks.md, "The page's walk by prefixes").
create or replace function ordinals_bitmap(ordinals integer[], capacity integer, first integer default 0) returns bit varying
language plpgsql immutable parallel safe
as $$
declare
  made bit varying;
  at   integer;
begin
  if coalesce(cardinality(ordinals), 0) <= 256 then
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
