import { sql, type RawBuilder } from 'kysely'
import { geoPoint } from '../geo-radius.js'
import type { SearchQuery } from '../query.js'
import { bitsKey, bitsSql, type BitsScope } from './bitmap-expression.js'
import type { SegmentPlan } from './segment-plan.js'

/**
 * The segment's part of a search statement, as CTEs (docs/search-core.md):
 *   seg      the segment row: merged_upto, capacity, and the tombstones (merged and pending) as `dead`;
 *   seg_bits the kept documents' bitmap `res` (dead ones removed) and the units' bitmaps;
 *   segment  count = bit_count(res); ordinals = the page's candidates in order (search_walk by score,
 *            search_sorted by a column); facets = per field the counts that may rank (search_facets).
 * The statement scores the candidates and the delta's rows (ordinal > mergedUpto) as it scores rows,
 * and adds the delta's count and facet counts to the segment's. mergedUpto is read before the statement
 * (search-sql.ts searchStatementIn) and written into it, so that the planner sees how few rows the delta
 * has: from a CTE it guessed a third of the table and looked the delta's values up in the GIN index
 * over every document.
 */
export function segmentCtes(accountId: number, q: SearchQuery, plan: SegmentPlan, mergedUpto: number, delta: RawBuilder<unknown>): RawBuilder<unknown> {
  const scope: BitsScope = { accountId, indexType: q.indexType }
  const want = q.page.start + q.page.size
  const units = plan.units.length > 0 ? sql`array[${sql.join(plan.units.map((u) => bitsSql(u, scope)), sql`, `)}]` : sql`'{}'::bit varying[]`
  const ordinals = plan.sortedBy
    ? sql`search_sorted(${accountId}, ${q.indexType}, ${plan.sortedBy.column}, ${plan.sortedBy.descending}, b.res, seg.merged_upto, ${want},
                        b.units, ${plan.groups.masks}::int[], ${plan.groups.groups}::int[], seg.capacity)`
    : plan.distance
      ? sql`search_geo_walk(${accountId}, ${q.indexType}, b.res, b.units, ${plan.distance.sumsByMask}::float8[], ${plan.distance.cells}::text[],
                            ${plan.distance.nearest}::float8[], ${geoPoint(q)}, ${q.geo!.radiusMeters}::float8, ${plan.distance.weight}::float8, ${want})`
      : sql`search_walk(b.res, b.units, ${plan.groups.masks}::int[], ${plan.groups.groups}::int[], ${want})`
  // The kept set refers to the units it is made of (a simple search keeps the documents with any of its
  // values, which are its units): each is read and built once.
  const built = new Map(plan.units.map((u, i) => [bitsKey(u), sql`u.units[${sql.lit(i + 1)}]`]))
  const kept = sql`${bitsSql(plan.keep, { ...scope, built })} & ~seg.dead`
  // Edge cells' documents checked by their location: _st_dwithin, as the rows' radius test (geo-radius.ts).
  const res = plan.radius
    ? sql`(select k.kept & (${bitsSql(plan.radius.inside, scope)}
                            | ordinals_bitmap(array(select d.ordinal from documents d
                                                     where d.account_id = ${accountId} and d.index_type = ${q.indexType}
                                                       and d.ordinal = any(array(select bitmap_ordinals(k.kept & ${bitsSql(plan.radius.edge, scope)}, 0, 2147483647)))
                                                       and _st_dwithin(d.location, ${geoPoint(q)}, ${q.geo!.radiusMeters}, true)), seg.capacity))
             from (select ${kept} as kept) k)`
    : kept
  // The delta's documents the search keeps (`delta`, the rows' WHERE) bound what a facet value can gain.
  const slack = sql`(select count(*)::int from documents d where ${delta})`
  const facets = plan.facetFields.length > 0
    ? sql`search_facets(${accountId}, ${q.indexType}, ${JSON.stringify(plan.facetFields)}::jsonb, b.res, seg.capacity, ${q.facets!.limit}, ${slack})`
    : sql`null::json`
  // A merge that committed after mergedUpto was read put later ordinals in the bitmaps, which the
  // statement reads as the delta's rows: they are cut off (ones up to mergedUpto, shifted in place).
  const upToMerged = sql`((~ordinals_bitmap('{}', seg.capacity)) << (seg.capacity - seg.merged_upto - 1))`
  return sql`
    seg as materialized (
      select ${mergedUpto}::integer as merged_upto, coalesce(s.merged_upto, 0) > ${mergedUpto} as ahead,
             coalesce(s.capacity, 1024) as capacity,
             coalesce(s.tombstones, ordinals_bitmap('{}', 1024))
               | ordinals_bitmap(array(select t.ordinal from search_tombstones t
                                        where t.account_id = ${accountId} and t.index_type = ${q.indexType}
                                          and t.ordinal <= ${mergedUpto}), coalesce(s.capacity, 1024)) as dead
        from (values (1)) one
             left join search_segments s on s.account_id = ${accountId} and s.index_type = ${q.indexType}
    ),
    seg_bits as materialized (
      select (select case when seg.ahead then r.res & ${upToMerged} else r.res end from (select ${res} as res) r) as res,
             u.units
        from seg, lateral (select ${units} as units offset 0) u
    ),
    segment as materialized (
      select bit_count(b.res)::int as count, ${ordinals} as ordinals, ${facets} as facets
        from seg_bits b, seg
    ),`
}
