-- A bitmap without documents, built by doubling eight bytes of zeros: 0.2 ms at 1M bits, where
-- ordinals_bitmap (0011) parsed as many hexadecimal zeros in 1.9 ms. A search builds one for every
-- value it asks that no merged document has; ordinals_bitmap takes it from here (0027; docs/benchmarks.md,
-- "The page's walk by prefixes").
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

