import type * as v from 'valibot'
import type { IndexType } from '../entity/entity-names.js'
import type { CommonSearchOptions } from '../schemas/search-request.js'
import { facetsOf } from './facets.js'
import { filtersOf } from './filters.js'
import { pageOf } from './paging.js'
import type { SearchQuery } from './query.js'
import { fieldsOf } from './records.js'
import { sortingOf } from './sorting.js'

type Options = { [K in keyof typeof CommonSearchOptions]?: v.InferOutput<(typeof CommonSearchOptions)[K]> }

/** Everything of a search request but its entity conditions, checked and normalised. */
export function commonQuery(indexType: IndexType, options: Options, subUserId: string | string[] | undefined): Omit<SearchQuery, 'conditions' | 'explainKey'> {
  return {
    indexType,
    ...(subUserId !== undefined ? { subUserIds: Array.isArray(subUserId) ? subUserId : [subUserId] } : {}),
    customValues: Object.entries(options.customValue ?? {}).map(([key, value]) => ({ key, values: Array.isArray(value) ? value : [value], inObjects: false })),
    customValuesRequired: true,
    customValueOperator: operator(options.multiFieldOperator) ?? 'AND',
    filters: filtersOf(indexType, options.filter ?? {}),
    ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
    ...(options.includeDocumentIds ? { includeIds: options.includeDocumentIds } : {}),
    ...(options.excludeDocumentIds ? { excludeIds: options.excludeDocumentIds } : {}),
    sorting: sortingOf(indexType, options.sorting),
    ...(options.facet ? { facets: facetsOf(indexType, options.facet) } : {}),
    page: pageOf(options),
    ...(options.explainScore ? { explain: options.explainScoreType ?? 'text' } : {}),
    fields: fieldsOf(indexType, options.fieldList),
    includeSkillType: options.includeSkillType ?? false,
    showCustomValue: options.showCustomValue ?? false,
  }
}

/** AND/OR in either spelling, or a boolean (true is AND). */
export function operator(value: string | boolean | undefined): 'AND' | 'OR' | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'boolean') return value ? 'AND' : 'OR'
  return value.toUpperCase() === 'OR' ? 'OR' : 'AND'
}
