import type { Context } from 'hono'
import type { IndexType } from '../index/entity-names.js'
import type { AppEnv } from '../http/context.js'
import type { ServiceDeps } from '../http/deps.js'
import { validateBody } from '../http/validate.js'
import { AnalyzeRequest, analyzeCodes } from '../schemas/document-requests.js'
import { analyzeKeyword } from './keyword.js'
import { keywordConditions } from './simple-search.js'
import { weigh } from './weights.js'

/**
 * POST {base_url}/analyze: the entities simple search recognises in a keyword, with the values it
 * searches and each entity's weight — the debugging tool for simple search. Nothing is searched.
 */
export async function analyze(c: Context<AppEnv>, _deps: ServiceDeps): Promise<Response> {
  const body = validateBody(AnalyzeRequest, analyzeCodes, c.get('body'))
  const { indexType } = c.get('envelope') as { indexType: IndexType }
  const found = analyzeKeyword(body.query.keyword)
  const conditions = weigh(indexType, keywordConditions(indexType, found, { partialMatch: false, useLocation: true, requireProfileAndLocation: false }), undefined, 100)
  return c.json({
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
  })
}
