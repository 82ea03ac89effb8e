import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import { ApiError } from '../errors/api-error.js'
import type { IndexType } from '../entity/entity-names.js'
import type { OperationRequest } from '../schemas/operation-request.js'
import type { BooleanSearchRequest } from '../schemas/search-request.js'
import { commonQuery, operator } from './common-options.js'
import { geoCondition } from './geo-radius.js'
import type { Condition, CustomValueCondition } from './query.js'
import { queryValue } from './query-values.js'
import { runSearch } from './run-search.js'
import { searchEntity } from './search-entities.js'
import type { SearchDeps } from './simple-search.js'
import { weigh, type Weightage } from './weights.js'

/** POST {base_url}/booleanSearch (spec 4.3): required entities (AND), optional ones (OR), weights. */
export async function booleanSearch(
  deps: SearchDeps,
  account: Account,
  { envelope, body }: OperationRequest<v.InferOutput<typeof BooleanSearchRequest>>,
): Promise<Record<string, unknown>> {
  const { indexType, subUserId } = envelope
  const required = parseConditions(indexType, body.query.required ?? {}, 'Required')
  const optional = parseConditions(indexType, body.query.optional ?? {}, 'Optional')
  if (required.conditions.length + optional.conditions.length + required.custom.length + optional.custom.length === 0) {
    throw new ApiError(2002, 'query.required or query.optional')
  }
  for (const condition of optional.conditions) {
    if (required.conditions.some((r) => r.entity === condition.entity)) throw new ApiError(2077, condition.entity)
  }

  const geoWeight = body.geoSearch ? (body.geoSearchScore ?? 0) : 0
  const weightage: Weightage | undefined = indexType === 'JD' ? body.jdWeightage : body.resumeWeightage
  const conditions = weigh(indexType, [...required.conditions, ...optional.conditions], weightage, 100 - geoWeight)
  const common = commonQuery(indexType, body, subUserId)
  const query = {
    ...common,
    conditions,
    // CV_/CVA_ conditions join the entity conditions: required ones must all hold, optional ones are OR.
    customValues: [...common.customValues, ...required.custom, ...optional.custom],
    customValuesRequired: required.custom.length > 0 || common.customValues.length > 0,
    customValueOperator: optional.custom.length > 0 && required.custom.length === 0 ? ('OR' as const) : common.customValueOperator,
    ...(body.geoSearch ? { geo: geoCondition(body.geoSearch, geoWeight) } : {}),
    explainKey: 'BooleanSearch' as const,
  }
  return runSearch(deps.db, account, query, { mergeFirst: deps.config.searchMerge === 'on-search' })
}

/** One of query.required / query.optional: entity -> values, multiValueOperator, CV_ and CVA_ keys. */
function parseConditions(indexType: IndexType, object: Record<string, unknown>, kind: 'Required' | 'Optional') {
  const valuesCode = kind === 'Required' ? 2048 : 2049
  const unknownCode = kind === 'Required' ? 2075 : 2076
  const rawOperator = object.multiValueOperator
  if (rawOperator !== undefined && typeof rawOperator !== 'boolean' && !(typeof rawOperator === 'string' && /^(and|or)$/i.test(rawOperator))) {
    throw new ApiError(valuesCode, 'multiValueOperator must be AND, OR or a boolean')
  }
  const valueOperator = operator(rawOperator as string | boolean | undefined) ?? 'AND'
  const conditions: Condition[] = []
  const custom: CustomValueCondition[] = []
  for (const [name, values] of Object.entries(object)) {
    if (name === 'multiValueOperator') continue
    if (!Array.isArray(values) || values.some((value) => typeof value !== 'string')) {
      throw new ApiError(kind === 'Optional' && !Array.isArray(values) ? 2050 : valuesCode, name)
    }
    const strings = (values as string[]).filter((value) => value.trim() !== '')
    if (strings.length === 0) continue
    const customKey = /^(CVA?)_(.+)$/.exec(name)
    if (customKey) {
      custom.push({ key: customKey[2]!, values: strings, inObjects: customKey[1] === 'CVA' })
      continue
    }
    const entity = searchEntity(indexType, name)
    if (!entity) throw new ApiError(unknownCode, name)
    conditions.push({
      entity: name,
      keys: entity.keys,
      values: strings.map((value) => queryValue(entity.kind, value)),
      operator: kind === 'Optional' && rawOperator === undefined ? 'OR' : valueOperator,
      kind,
      weight: 0,
    })
  }
  return { conditions, custom }
}
