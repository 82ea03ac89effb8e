import { sql, type RawBuilder } from 'kysely'
import { ApiError } from '../errors/api-error.js'
import type { IndexType } from '../entity/entity-names.js'
import type { SearchQuery } from './query.js'
import { searchEntity } from './search-entities.js'

/**
 * Facets: the request's facet option checked (facetsOf), each facet field's values read while a
 * document is scored (facetColumns), and their counts over every match (facets).
 */

/** The facet option: each field with the stored entities it counts (a composite counts several). */
export function facetsOf(indexType: IndexType, facet: { fields: string[]; limit?: number | undefined }): NonNullable<SearchQuery['facets']> {
  if (facet.fields.length === 0) throw new ApiError(2046)
  return {
    fields: facet.fields.map((name) => {
      const entity = searchEntity(indexType, name)
      if (!entity) throw new ApiError(2079, name)
      return { name, keys: entity.keys }
    }),
    limit: facet.limit ?? 10,
  }
}

/**
 * A facet field's values on one document, read while it is scored (facet_<field>_<key> of `matched`:
 * the display array under each of its keys), so counting them needs no second visit to the documents.
 */
export function facetColumns(keys: string[], field: number): RawBuilder<unknown>[] {
  return keys.map((key, k) => sql`d.display -> ${key}::text as ${sql.ref(facetColumn(field, k))}`)
}

const facetColumn = (field: number, key: number) => `facet_${field}_${key}`

/** The segment's facet counts (a json array per field, segment-sql.ts) and which scored rows are the delta's. */
export interface SegmentFacets {
  main: RawBuilder<unknown>
  only: RawBuilder<unknown>
}

/**
 * Exact counts over every matched document (not just the page), most frequent first, ties by value.
 * A document counts once per value: one entity's values are distinct when stored
 * (src/entity/entities.ts), and a composite's value under a later key counts only where no earlier key
 * has it. Testing that in the count, rather than making each document's values distinct while it is
 * scored, spares a hash aggregate per document, a good part of a broad facet search (docs/benchmarks.md).
 */
export function facets(q: SearchQuery, segment?: SegmentFacets): RawBuilder<unknown> {
  if (!q.facets || q.facets.fields.length === 0) return sql`null::json`
  const perField = q.facets.fields.map((field, i) => {
    const column = (k: number) => sql`s.${sql.ref(facetColumn(i, k))}`
    const values = field.keys.map((_, k) => {
      const earlier = field.keys.slice(0, k).map((__, e) => sql`coalesce(${column(e)} ? v, false)`)
      const tests = [...(segment ? [segment.only] : []), ...(earlier.length > 0 ? [sql`not (${sql.join(earlier, sql` or `)})`] : [])]
      // A value as the segment's dictionary holds it (a long one cut, migrations/0013), so both paths show it alike.
      return sql`select search_term_value(v), 1 as n from scored s, jsonb_array_elements_text(${column(k)}) v${tests.length > 0 ? sql` where ${sql.join(tests, sql` and `)}` : sql``}`
    })
    // The segment's counts of its documents, to which the delta's rows add theirs.
    if (segment) values.push(sql`select m.value, m.count from json_to_recordset(${segment.main} -> ${i}::int) as m(value text, count int)`)
    return sql`${field.name}::text, (
      select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
        from (select v as value, sum(n)::int as n
                from (${sql.join(values, sql` union all `)}) each_value(v, n)
               group by v order by n desc, v limit ${q.facets!.limit}) f)`
  })
  return sql`json_build_object(${sql.join(perField, sql`, `)})`
}
