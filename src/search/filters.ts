import { sql, type RawBuilder } from 'kysely'
import { ApiError } from '../errors/api-error.js'
import { normaliseValue } from '../entity/entities.js'
import type { IndexType } from '../entity/entity-names.js'
import { contains } from './condition-sql.js'
import type { Filter, SearchQuery } from './query.js'
import { queryValue } from './query-values.js'
import { searchEntity } from './search-entities.js'

/**
 * Filters: the filter option (entity -> values; a document must have one of them, a `-` key excludes
 * them) checked and normalised (filtersOf), and its test in the WHERE (filterMatches). They only keep
 * or drop documents: a filter never scores.
 */

/** The filter option, each value normalised as stored values are. Unknown entity: 2081. */
export function filtersOf(indexType: IndexType, filter: Record<string, string[]>): SearchQuery['filters'] {
  return Object.entries(filter).map(([name, values]) => {
    const exclude = name.startsWith('-')
    const entity = searchEntity(indexType, exclude ? name.slice(1) : name)
    if (!entity) throw new ApiError(2081, name)
    return {
      keys: entity.keys,
      exclude,
      values: values.map((raw) => {
        const value = queryValue(entity.kind, raw)
        return value.type === 'exact' ? value.value : normaliseValue(raw)
      }),
    }
  })
}

/** The document has one of the filter's values under one of its keys (or, excluding, none). */
export function filterMatches(filter: Filter): RawBuilder<unknown> {
  const any = sql`(${sql.join(filter.values.flatMap((value) => filter.keys.map((key) => contains(key, value))), sql` or `)})`
  return filter.exclude ? sql`not ${any}` : any
}
