import { loadConfig } from '../../src/config.js'
import { normaliseValue, type SearchableDocument } from '../../src/entity/entities.js'
import { matchModel, matchQuery } from '../../src/match/match-model.js'
import { commonQuery } from '../../src/search/common-options.js'
import { geoCondition } from '../../src/search/geo-radius.js'
import { analyzeKeyword } from '../../src/search/keyword.js'
import type { Condition, SearchQuery } from '../../src/search/query.js'
import { keywordConditions as simpleConditions } from '../../src/search/simple-search.js'
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

/** simpleSearch's conditions (partialMatch off unless asked, geoSearchOnKeyword off), from the production builder. */
const keywordConditions = (found: ReturnType<typeof analyzeKeyword>, useLocation = true, partialMatch = false) =>
  simpleConditions('Resume', found, { partialMatch, useLocation, requireProfileAndLocation: false })

/** A JD's searchable form drawn from the corpus' distributions: a title, its skills, a city, years. */
function jdSource(d: ReturnType<typeof draw>): SearchableDocument {
  const skills = d.title.skills.length > 0 ? d.title.skills.slice(0, 6) : [d.skill, d.otherSkill]
  const entities = {
    JobProfileTitle: [normaliseValue(d.title.canonical)],
    JobProfileFormattedName: [normaliseValue(d.title.canonical)],
    RequiredSkillSet: skills.slice(0, 4).map(normaliseValue),
    PreferredSkillSet: skills.slice(4).map(normaliseValue),
    // As the JD parser sets it: the title vocabulary's subcategory.
    SubCategory: [normaliseValue(d.title.subcategory)],
    // As jdEntities sets it: the match's Keywords part compares texts in the JD's language only.
    JDLanguage: [normaliseValue(d.market.language.name), d.market.language.code],
  }
  return {
    entities,
    display: { JobProfileTitle: [d.title.canonical], RequiredSkillSet: skills.slice(0, 4), PreferredSkillSet: skills.slice(4) },
    latitude: d.place.latitude ?? null,
    longitude: d.place.longitude ?? null,
    experienceMonths: d.years * 12,
    experienceMaxMonths: null,
    salaryMin: null,
    salaryMax: null,
    checksum: '',
  }
}

/**
 * A JD's parser output as far as the match's Keywords part reads it (document_terms: language and
 * text): its title, city, skills and years, in the market's language. Shorter than a real JD, so the
 * part costs less here than it would on real documents.
 */
function jdParsed(d: ReturnType<typeof draw>): unknown {
  const skills = d.title.skills.length > 0 ? d.title.skills.slice(0, 6) : [d.skill, d.otherSkill]
  const code = d.market.language.code as keyof typeof yearsWord
  const text = [d.title.canonical, `${inWord[code]} ${d.place.city}`, ...skills, `${d.years} ${yearsWord[code]}`].join('\n')
  return { JDParsedData: { JDLanguage: { Language: d.market.language.name, LanguageCode: code }, JobDescription: text } }
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
      name: 'match JD -> Resume',
      description: '/match from a JD (a title, 4 required + 2 preferred typical skills, a city, n years, and that as its text): the production match model, location decayed over 100 km, keywords',
      next(random) {
        // Drawn JDs always have a title and skills, so the model is never empty.
        const d = draw(v, random)
        return matchQuery(matchModel('JD', jdSource(d), 'Resume', jdParsed(d)), commonQuery('Resume', { pageSize }, undefined), { perTier: loadConfig().matchCandidatesPerTier })!
      },
    },
    {
      name: 'simple partialMatch',
      description: 'simpleSearch "<title> <skill>" with partialMatch: stored titles containing the title\'s words, or the skill',
      next(random) {
        const d = draw(v, random)
        return query(weigh('Resume', keywordConditions(analyzeKeyword(`${d.title.canonical} ${d.skill}`), true, true), undefined, 100), {}, { explainKey: 'Search' })
      },
    },
    {
      name: 'boolean with minScore',
      description: 'optional Skill (3 values), JobProfile; minScore 50 (a title, or two of the skills and more)',
      next(random) {
        const d = draw(v, random)
        return query(booleanConditions({}, { Skill: [d.skill, d.otherSkill, v.skills.sample(random)], JobProfile: [d.title.canonical] }), { minScore: 50 })
      },
    },
    {
      name: 'sort by date',
      description: 'required Skill (Zipf over every skill), sorted by ResumeDate desc (the newest first)',
      next(random) {
        return query(booleanConditions({ Skill: [v.skills.sample(random)] }, {}), { sorting: [{ field: 'ResumeDate', order: 'desc' }] })
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
