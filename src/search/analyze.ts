import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import type { AnalyzeRequest } from '../schemas/document-requests.js'
import type { OperationRequest } from '../schemas/operation-request.js'
import { analyzeKeyword } from './keyword.js'
import { keywordConditions, type SearchDeps } from './simple-search.js'
import { weigh } from './weights.js'

/**
 * POST {base_url}/analyze: the entities simple search recognises in a keyword, with the values it
 * searches and each entity's weight — the debugging tool for simple search. Nothing is searched.
 */
export async function analyze(
  _deps: SearchDeps,
  _account: Account,
  { envelope, body }: OperationRequest<v.InferOutput<typeof AnalyzeRequest>>,
) {
  const { indexType } = envelope
  const found = analyzeKeyword(body.query.keyword)
  const conditions = weigh(indexType, keywordConditions(indexType, found, { partialMatch: false, useLocation: true, requireProfileAndLocation: false }), undefined, 100)
  return {
    status: '200',
    indexType,
    keyword: body.query.keyword,
    entities: conditions.map((condition) => ({
      entity: condition.entity,
      weight: condition.weight,
      values: condition.values.map((value) => ({
        written: value.shown,
        ...(value.type === 'months' ? { months: { min: value.min, ...(value.max !== undefined ? { max: value.max } : {}) } } : { searched: value.type === 'allWords' ? value.words.join(' ') : value.value }),
      })),
    })),
    ...(found.location ? { location: { city: found.location.place.city, state: found.location.place.state, country: found.location.place.country, latitude: found.location.place.latitude, longitude: found.location.place.longitude } } : {}),
    unrecognised: found.rest.filter((word) => !found.organization?.includes(word)),
  }
}
