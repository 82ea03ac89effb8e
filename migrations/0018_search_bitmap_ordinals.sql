-- bitmap_ordinals (0011) found each set bit by position() in a copy of the rest of its 8,192-bit window,
-- about 1 µs a set bit: a part of reading a result's ordinals for its facets' forward rows and of a
-- radius walk over its cells. This one reads a window's bits as text once and splits it at its ones: the
-- pieces are the runs of zeros between them, so a running sum of their lengths gives each one's place
-- (docs/benchmarks.md, "Figures behind choices in the code").
--
-- Up to `take` ordinals of a bitmap in ascending order, after skipping `skip` of them. Windows of 16,384
-- bits are counted first, so that only those holding a wanted ordinal are split. PL/pgSQL rather than
-- SQL: a set-returning SQL function called in a select list hands its rows over one executor call each.
create or replace function bitmap_ordinals(b bit varying, skip integer, take integer) returns setof integer
language plpgsql immutable parallel safe
as $$
begin
  return query
    with slice as (
      select w, substring(b from w * 16384 + 1 for 16384) as bits
        from generate_series(0, (length(b) - 1) / 16384) w),
    counted as (
      select w, bits, bit_count(bits) as found, (sum(bit_count(bits)) over (order by w))::bigint - bit_count(bits) as before
        from slice)
    select c.w * 16384 + x.at
      from counted c,
           -- Split at its ones, a window of n set bits gives n + 1 runs of zeros, the last after its last one.
           lateral (select r.n, (sum(length(r.zeros) + 1) over (order by r.n))::integer - 1 as at
                      from string_to_table(c.bits::text, '1') with ordinality r(zeros, n)) x
     where c.found > 0 and c.before + c.found > skip and c.before < skip::bigint + take
       and x.n <= c.found and c.before + x.n > skip and c.before + x.n <= skip::bigint + take
     order by c.w, x.n;
end
$$;
