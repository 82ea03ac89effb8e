-- A bitmap without documents, built by doubling eight bytes of zeros: 0.2 ms at 1M bits, where
-- ordinals_bitmap (0011) parsed as many hexadecimal zeros in 1.9 ms. A search builds one for every
-- value it asks that no merged document has (docs/benchmarks.md, "The page's walk by prefixes").
create function zero_bitmap(capacity integer) returns bit varying
language plpgsql immutable parallel safe
as $$
declare
  z bit varying := B'0000000000000000000000000000000000000000000000000000000000000000';
begin
  while length(z) < capacity loop
    z := z || z;
  end loop;
  return substring(z from 1 for capacity);
end
$$;

-- 0011's, with no ordinals given by zero_bitmap.
create or replace function ordinals_bitmap(ordinals integer[], capacity integer, first integer default 0) returns bit varying
language sql immutable parallel safe
as $$
  select case when coalesce(cardinality(ordinals), 0) = 0 then zero_bitmap(capacity) else
    (select ('x' || coalesce(string_agg(repeat('00', b.byte - b.previous - 1) || lpad(to_hex(b.bits), 2, '0'), '' order by b.byte), '')
                 || repeat('00', capacity / 8 - 1 - coalesce(max(b.byte), -1)))::bit varying
       from (select g.byte, g.bits, lag(g.byte, 1, -1) over (order by g.byte) as previous
               from (select (o - first) >> 3 as byte, bit_or(128 >> ((o - first) & 7)) as bits from unnest(ordinals) o group by 1) g) b)
  end
$$;
