import { sql, type Transaction } from 'kysely'
import type { Schema } from '../../db/schema.js'
import type { SearchQuery } from '../query.js'
import { radiusCells } from './radius-cells.js'

/**
 * Whether a search whose score has a distance part is better answered from the rows. The rows look each
 * value up in the circle's cells (the GIN index) and score every document they find, quick for a few
 * hundred; the segment builds the result's bitmap first, at a cost that grows with the index, and then
 * scores only the best (search_geo_walk). So a search expected to keep fewer than `rowsShare` of the
 * index reads the rows; expected: the documents in the circle's cells times the share of all documents
 * that have one of the searched values, from their dictionary frequencies (docs/benchmarks.md, "The
 * radius' crossover after the walk by groups", has the measurements behind the threshold).
 */
export async function distanceReadsRows(trx: Transaction<Schema>, accountId: number, q: SearchQuery): Promise<boolean> {
  const cells = q.geo ? radiusCells(q.geo) : undefined
  if (!cells) return true
  const terms = q.conditions.flatMap((c) => c.keys.flatMap((key) => c.values.flatMap((v) => (v.type === 'exact' ? [[key, v.value] as const] : []))))
  const { rows } = await sql<{ near: number; having: number; total: number }>`
    select (select coalesce(sum(t.df), 0)::float8 from search_terms t
             where t.account_id = ${accountId} and t.index_type = ${q.indexType} and t.field = 'GeoCell'
               and t.value = any(${[...cells.inside, ...cells.edge]}::text[])) as near,
           (select coalesce(sum(t.df), 0)::float8 from search_terms t, unnest(${terms.map(([key]) => key)}::text[], ${terms.map(([, value]) => value)}::text[]) x(field, value)
             where t.account_id = ${accountId} and t.index_type = ${q.indexType} and t.field = x.field and t.value = x.value) as having,
           (select coalesce(max(s.documents), 0)::float8 from search_segments s where s.account_id = ${accountId} and s.index_type = ${q.indexType}) as total`.execute(trx)
  const { near, having, total } = rows[0]!
  return total === 0 || near * Math.min(1, having / total) < total * rowsShare
}

/** Below this share of the index expected (1,000 documents at 1M), the rows answer sooner. */
const rowsShare = 0.001
