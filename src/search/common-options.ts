import type * as v from 'valibot'
import { ApiError } from '../errors/api-error.js'
import { normaliseValue } from '../index/entities.js'
import type { IndexType } from '../index/entity-names.js'
import type { CommonSearchOptions } from '../schemas/search-request.js'
import type { SearchQuery } from './query.js'
import { queryValue } from './query-values.js'
import { facetsOf } from './facets.js'
import { defaultFields, isRecordField } from './records.js'
import { searchEntity } from './search-entities.js'
import { sortingOf } from './sorting.js'

type Options = { [K in keyof typeof CommonSearchOptions]?: v.InferOutput<(typeof CommonSearchOptions)[K]> }

/** Default page size (spec 4.4 and 8). */
const defaultPageSize = 50

/** Everything of a search request but its entity conditions, checked and normalised. */
export function commonQuery(indexType: IndexType, options: Options, subUserId: string | string[] | undefined): Omit<SearchQuery, 'conditions' | 'explainKey'> {
  return {
    indexType,
    ...(subUserId !== undefined ? { subUserIds: Array.isArray(subUserId) ? subUserId : [subUserId] } : {}),
    customValues: Object.entries(options.customValue ?? {}).map(([key, value]) => ({ key, values: Array.isArray(value) ? value : [value], inObjects: false })),
    customValuesRequired: true,
    customValueOperator: operator(options.multiFieldOperator) ?? 'AND',
    filters: filters(indexType, options.filter ?? {}),
    ...(options.minScore !== undefined ? { minScore: options.minScore } : {}),
    ...(options.includeDocumentIds ? { includeIds: options.includeDocumentIds } : {}),
    ...(options.excludeDocumentIds ? { excludeIds: options.excludeDocumentIds } : {}),
    sorting: sortingOf(indexType, options.sorting),
    ...(options.facet ? { facets: facetsOf(indexType, options.facet) } : {}),
    page: { start: options.pageStart ?? 0, size: options.pageSize ?? defaultPageSize },
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

function filters(indexType: IndexType, filter: Record<string, string[]>): SearchQuery['filters'] {
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

function fieldsOf(indexType: IndexType, fieldList: string | undefined): string[] {
  if (fieldList === undefined || fieldList.trim() === '') return defaultFields(indexType)
  const fields = fieldList.split(',').map((f) => f.trim()).filter(Boolean)
  for (const field of fields) {
    if (!isRecordField(indexType, field)) throw new ApiError(1010, `fieldList: ${field} is not a ${indexType} field`)
  }
  return fields
}
