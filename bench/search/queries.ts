import { normaliseValue } from '../../src/index/entities.js'
import { commonQuery, geoCondition } from '../../src/search/common-options.js'
import { analyzeKeyword, type KeywordEntities } from '../../src/search/keyword.js'
import type { Condition, ConditionValue, SearchQuery } from '../../src/search/query.js'
import { queryValue } from '../../src/search/query-values.js'
import { searchEntity } from '../../src/search/search-entities.js'
import { weigh } from '../../src/search/weights.js'
import { between, pick, type Random } from './random.js'
import { drawMarket, type CorpusVocabulary } from './vocab.js'

/** One benchmarked query shape: a name and a generator of queries drawn from the corpus' distributions. */
export interface Shape {
  name: string
  /** What the shape asks, for the report. */
  description: string
  next(random: Random): SearchQuery
}

const pageSize = 50
const yearsWord = { en: 'years', de: 'Jahre', es: 'años', fr: 'ans', pl: 'lat', it: 'anni' } as const
const inWord = { en: 'in', de: 'in', es: 'en', fr: 'à', pl: 'w', it: 'a' } as const

/** A city as a recruiter of that market writes it ("München"), and a title with one of its typical skills. */
function draw(v: CorpusVocabulary, random: Random) {
  const market = drawMarket(v, random())
  const place = market.cities.sample(random)
  const title = v.titles.sample(random)
  const skill = title.skills.length > 0 && random() < 0.8 ? pick(random, title.skills) : v.skills.sample(random)
  return { market, place, title, skill, otherSkill: v.skills.sample(random), years: between(random, 1, 10) }
}

/**
 * simpleSearch's conditions for a keyword (src/search/simple-search.ts, keywordConditions, with
 * partialMatch, geoSearch and geoSearchOnKeyword off): every entity found is Optional, values OR.
 * Repeated here because the handler does not export it; keep the two in step.
 */
function keywordConditions(found: KeywordEntities): Condition[] {
  const exact = (value: string, shown: string): ConditionValue => ({ type: 'exact', value: normaliseValue(value), shown })
  const optional = (entity: string, keys: string[], values: ConditionValue[]): Condition => ({ entity, keys, values, operator: 'OR', kind: 'Optional', weight: 0 })
  const conditions: Condition[] = []
  if (found.jobProfiles.length > 0) conditions.push(optional('JobProfile', ['JobProfile'], found.jobProfiles.map((p) => exact(p.canonical, p.text))))
  if (found.skills.length > 0) conditions.push(optional('Skill', ['SkillHaveExp', 'SkillWithoutExp'], found.skills.map((s) => exact(s.canonical, s.text))))
  if (found.degrees.length > 0) conditions.push(optional('Degree', ['Degree'], found.degrees.map((d) => exact(d.canonical, d.text))))
  if (found.location) {
    const { place, text } = found.location
    const [entity, value] = place.city ? ['City', place.city] : place.state && !place.country ? ['State', place.state] : ['Country', place.country]
    conditions.push(optional(entity, [entity], [exact(value, text)]))
  }
  if (found.experienceYears) {
    const { min, max, text } = found.experienceYears
    const value: ConditionValue = { type: 'months', min: (min ?? 0) * 12, ...(max !== undefined ? { max: max * 12 + 11 } : {}), column: 'experience_months', shown: text }
    conditions.push(optional('TotalExperienceInYear', [], [value]))
  }
  if (found.organization) conditions.push(optional('Employer', ['Employer', 'CurrentEmployer'], [{ type: 'prefix', value: normaliseValue(found.organization), shown: found.organization }]))
  return conditions
}

/** booleanSearch's conditions (parseConditions): required values AND, optional values OR. */
function booleanConditions(required: Record<string, string[]>, optional: Record<string, string[]>): Condition[] {
  const conditions = (object: Record<string, string[]>, kind: 'Required' | 'Optional'): Condition[] =>
    Object.entries(object).map(([name, values]) => {
      const entity = searchEntity('Resume', name)!
      return { entity: name, keys: entity.keys, values: values.map((value) => queryValue(entity.kind, value)), operator: kind === 'Required' ? 'AND' : 'OR', kind, weight: 0 }
    })
  return weigh('Resume', [...conditions(required, 'Required'), ...conditions(optional, 'Optional')], undefined, 100)
}

type Options = Parameters<typeof commonQuery>[1]

function query(conditions: Condition[], options: Options, extra: Partial<SearchQuery> = {}): SearchQuery {
  return { ...commonQuery('Resume', { pageSize, ...options }, undefined), conditions, explainKey: 'BooleanSearch', ...extra }
}

export function shapes(v: CorpusVocabulary): Shape[] {
  return [
    {
      name: 'simple keyword',
      description: 'simpleSearch "<skill> <title> in <city> <n> years" in the city\'s language; found entities OR-ed, equal shares',
      next(random) {
        const d = draw(v, random)
        const code = d.market.language.code as keyof typeof yearsWord
        const keyword = `${d.skill} ${d.title.canonical} ${inWord[code]} ${d.place.city} ${d.years} ${yearsWord[code]}`
        return query(weigh('Resume', keywordConditions(analyzeKeyword(keyword)), undefined, 100), {}, { explainKey: 'Search' })
      },
    },
    {
      name: 'boolean, 5 entities',
      description: 'required JobProfile + City; optional Skill (2 values), TotalExperienceInYear, HighestDegree',
      next(random) {
        const d = draw(v, random)
        return query(booleanConditions(
          { JobProfile: [d.title.canonical], City: [d.place.city] },
          { Skill: [d.skill, d.otherSkill], TotalExperienceInYear: [String(d.years)], HighestDegree: [pick(random, ['Bachelor', 'Master'])] },
        ), {})
      },
    },
    {
      name: 'boolean + 3 facets',
      description: 'required JobProfile; optional Skill (2), City, TotalExperienceInYear; facets City, Skill, TotalExperienceRange',
      next(random) {
        const d = draw(v, random)
        return query(booleanConditions(
          { JobProfile: [d.title.canonical] },
          { Skill: [d.skill, d.otherSkill], City: [d.place.city], TotalExperienceInYear: [String(d.years)] },
        ), { facet: { fields: ['City', 'Skill', 'TotalExperienceRange'] } })
      },
    },
    {
      name: 'geo radius 50 km',
      description: 'simpleSearch "<skill> <title>" + geoSearch 50 km around a city (distance 50 of 100)',
      next(random) {
        const d = draw(v, random)
        const conditions = keywordConditions(analyzeKeyword(`${d.skill} ${d.title.canonical}`))
        return query(weigh('Resume', conditions, undefined, 50), {}, { geo: geoCondition({ city: d.place.city, country: d.place.country, radius: 50, distanceUnit: 'KM' }, 50), explainKey: 'Search' })
      },
    },
    {
      name: 'sort by experience',
      description: 'required Skill (Zipf over every skill), sorted by TotalExperienceInMonths desc',
      next(random) {
        return query(booleanConditions({ Skill: [v.skills.sample(random)] }, {}), { sorting: [{ field: 'TotalExperienceInMonths', order: 'desc' }] })
      },
    },
  ]
}
