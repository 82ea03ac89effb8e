-- The page's walk over the subsets of the units (0011) by shared prefixes. 0011's walk ANDed the result
-- with every unit or its complement for each subset it visited, n operations of a whole bitmap per
-- subset: for a simple search of 5 units whose best documents lay in the 20th of its 32 subsets, 160
-- operations, 14 of its 28 ms at 1M (docs/benchmarks.md, "The page's walk by prefixes"). Here a subset's
-- documents are its prefix's documents split by one more unit, each prefix computed once and kept, and
-- a prefix without documents ends every subset under it; units are taken from the fewest documents to
-- the most, so that empty and small prefixes appear first. Splitting a prefix costs one AND for the
-- documents in the unit and one XOR for those outside it (the first's bit count tells when either is
-- empty or the whole prefix, and then costs nothing). The order and the pages are 0011's.
create or replace function search_walk(res bit varying, units bit varying[], masks integer[], groups integer[], want integer) returns integer[]
language plpgsql immutable parallel safe
as $$
declare
  result  integer[] := '{}';
  n       integer := coalesce(array_length(units, 1), 0);
  total   integer := coalesce(array_length(masks, 1), 0);
  -- Units by how many documents they hold, fewest first; `sizes` their bit counts in that order.
  ord     integer[];
  sizes   bigint[];
  -- A prefix of j units is key 2^j + its bits (the first unit of `ord` the highest): found[key] counts
  -- its documents, node[key] holds them while 32 MB last (256 prefixes at 1M); key 1 is the whole result.
  found   bigint[];
  node    bit varying[];
  budget  integer := greatest(16, (2 ^ 28 / greatest(length(res), 1))::integer);
  k       integer := 1;
  g       integer;
  m       integer;
  key     integer;
  one     integer;
  child   integer;
  b       bit varying;
  inside  bit varying;
  acc     bit varying;
begin
  res := res || B'';  -- detoasted once here, not by every bit operation
  -- A few hundred documents are all scored: cheaper than ANDing every unit at the whole capacity.
  if bit_count(res) <= greatest(want, 300) then
    return array(select bitmap_ordinals(res, 0, greatest(want, 300)));
  end if;
  select array_agg(u.i order by u.size, u.i), array_agg(u.size order by u.size, u.i) into ord, sizes
    from (select i, bit_count(units[i]) as size from generate_subscripts(units, 1) i) u;
  found[1] := bit_count(res);
  while k <= total and cardinality(result) < want loop
    g := groups[k];
    acc := null;
    while k <= total and groups[k] = g loop
      m := masks[k];
      key := 1;
      b := res;
      for j in 1..n loop
        one := 2 * key + 1;
        inside := null;
        if found[one] is null then
          -- The first visit of this prefix's split: both counts from one AND.
          if sizes[j] = 0 then
            found[one] := 0;
          else
            inside := b & units[ord[j]];
            found[one] := bit_count(inside);
            if j < n and found[one] > 0 and budget > 0 then
              node[one] := inside;
              budget := budget - 1;
            end if;
          end if;
          found[one - 1] := found[key] - found[one];
        end if;
        child := one - 1 + ((m >> (ord[j] - 1)) & 1);
        key := child;
        exit when found[key] = 0;
        if node[key] is not null then
          b := node[key];
        elsif key = one then
          b := coalesce(inside, b & units[ord[j]]);
        elsif found[one] > 0 then
          -- Outside the unit: the prefix's documents without those inside it.
          b := b # coalesce(inside, node[one], b & units[ord[j]]);
          if j < n and budget > 0 then
            node[key] := b;
            budget := budget - 1;
          end if;
        end if;
      end loop;
      if found[key] > 0 then
        acc := case when acc is null then b else acc | b end;
      end if;
      k := k + 1;
    end loop;
    if acc is not null then
      result := result || array(select bitmap_ordinals(acc, 0, want - cardinality(result)));
    end if;
  end loop;
  return result;
end
$$;
