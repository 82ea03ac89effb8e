import type { Kysely } from 'kysely'
import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import type { Config } from '../config.js'
import type { Schema } from '../db/schema.js'
import { nameWords, normaliseValue } from '../entity/entities.js'
import type { IndexType } from '../entity/entity-names.js'
import type { OperationRequest } from '../schemas/operation-request.js'
import type { SimpleSearchRequest } from '../schemas/search-request.js'
import { commonQuery } from './common-options.js'
import { geoCondition } from './geo-radius.js'
import { analyzeKeyword, type KeywordEntities } from './keyword.js'
import type { Condition, ConditionValue } from './query.js'
import { runSearch } from './run-search.js'
import { weigh } from './weights.js'

/** What the search operations need: the database, and whether a search first merges the segment. */
export interface SearchDeps {
  db: Kysely<Schema>
  config: Pick<Config, 'searchMerge'>
}

/** In simple search with geoSearch, the distance scores up to this much of 100 and the keyword the rest. */
const geoShare = 50

/**
 * POST {base_url}/simpleSearch (spec 4.2): the keyword's entities are searched together (OR), each
 * with an equal share of the score; geoSearchOnKeyword makes job profile AND location required.
 */
export async function simpleSearch(
  deps: SearchDeps,
  account: Account,
  { envelope, body }: OperationRequest<v.InferOutput<typeof SimpleSearchRequest>>,
): Promise<Record<string, unknown>> {
  const { indexType, subUserId } = envelope
  const common = commonQuery(indexType, body, subUserId)
  const found = analyzeKeyword(body.query.keyword)
  const geo = body.geoSearch ? geoCondition(body.geoSearch, geoShare) : undefined
  const onKeyword = body.geoSearchOnKeyword === true && !geo && found.location !== undefined

  const conditions = keywordConditions(indexType, found, {
    partialMatch: body.partialMatch === true,
    useLocation: !geo,
    requireProfileAndLocation: onKeyword,
  })
  if (conditions.length === 0) {
    return { count: 0, pageStart: common.page.start, pageSize: common.page.size, records: [], ...(common.facets ? { facet: {} } : {}) }
  }

  const result = await runSearch(deps.db, account, {
    ...common,
    conditions: weigh(indexType, conditions, undefined, geo ? 100 - geoShare : 100),
    customValuesRequired: body.requiredCustomValues ?? true,
    ...(geo ? { geo } : {}),
    explainKey: 'Search',
  }, { mergeFirst: deps.config.searchMerge === 'on-search' })
  const place = found.location?.place
  return onKeyword && place
    ? { ...result, geoSearch: { city: place.city, state: place.state, country: place.country, latitude: place.latitude, longitude: place.longitude } }
    : result
}

/** The conditions simple search builds from a keyword's entities (also what /analyze reports). */
export function keywordConditions(
  indexType: IndexType,
  found: KeywordEntities,
  options: { partialMatch: boolean; useLocation: boolean; requireProfileAndLocation: boolean },
): Condition[] {
  const resume = indexType === 'Resume'
  const condition = (entity: string, keys: string[], values: ConditionValue[], kind: 'Required' | 'Optional' = 'Optional'): Condition =>
    ({ entity, keys, values, operator: 'OR', kind, weight: 0 })
  const exact = (value: string, shown: string): ConditionValue => ({ type: 'exact', value: normaliseValue(value), shown })
  const conditions: Condition[] = []

  const profiles: ConditionValue[] = found.jobProfiles.map((p) => exact(p.canonical, p.text))
  if (options.partialMatch) {
    // Partial: a stored job profile containing the keyword's title words ("developer" finds every developer).
    const words = [...found.jobProfiles.map((p) => p.text), ...(found.jobProfiles.length === 0 ? found.rest : [])]
    for (const text of words) profiles.push({ type: 'words', value: normaliseValue(text), shown: text })
  }
  if (profiles.length > 0) {
    conditions.push(condition('JobProfile', resume ? ['JobProfile'] : ['JobProfileTitle'], profiles, options.requireProfileAndLocation ? 'Required' : 'Optional'))
  }
  if (found.skills.length > 0) {
    conditions.push(condition('Skill', resume ? ['SkillHaveExp', 'SkillWithoutExp'] : ['RequiredSkillSet', 'PreferredSkillSet'], found.skills.map((s) => exact(s.canonical, s.text))))
  }
  if (found.degrees.length > 0) {
    conditions.push(condition('Degree', resume ? ['Degree'] : ['QualificationsRequired', 'QualificationsPreferred'], found.degrees.map((d) => exact(d.canonical, d.text))))
  }
  if (found.location && options.useLocation) {
    const { place, text } = found.location
    const [entity, value] = place.city ? ['City', place.city] : place.state && !place.country ? ['State', place.state] : ['Country', place.country]
    const key = resume ? entity : `JobLocation${entity}`
    conditions.push(condition(entity, [key], [exact(value, text)], options.requireProfileAndLocation ? 'Required' : 'Optional'))
  }
  if (found.experienceYears) {
    const { min, max, text } = found.experienceYears
    // A resume needs at least the years; a JD must not ask for more than them.
    const value: ConditionValue = resume
      ? { type: 'months', min: (min ?? 0) * 12, ...(max !== undefined ? { max: max * 12 + 11 } : {}), column: 'experience_months', shown: text }
      : { type: 'months', min: 0, max: (max ?? min ?? 0) * 12, column: 'experience_months', shown: text }
    conditions.push(condition(resume ? 'TotalExperienceInYear' : 'MinimumYearsExperience', [], [value]))
  }
  if (found.organization) {
    const value: ConditionValue = { type: 'allWords', words: nameWords(found.organization), shown: found.organization }
    conditions.push(condition(resume ? 'Employer' : 'Organization', [resume ? 'EmployerWord' : 'OrganizationWord'], [value]))
  }
  return conditions
}
