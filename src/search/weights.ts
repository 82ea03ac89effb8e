import { ApiError } from '../errors/api-error.js'
import type { IndexType } from '../entity/entity-names.js'
import type { Condition } from './query.js'
import { searchEntity } from './search-entities.js'

export type Weightage = Array<{ Parent: string; Weight: number; Child?: Record<string, number> | undefined }>

/**
 * Dynamic weightage parents and their children. JD: as spec 4.3 names them. Resume (`resumeWeightage`,
 * this service's own): JobProfile, Employer, Skill, Degree, Experience, and the place and category
 * entities by their own names.
 */
const parents: Record<IndexType, Record<string, string[]>> = {
  JD: {
    JobProfile: ['JobProfileTitle', 'JobProfile', 'JobProfileAlias', 'JobProfileFormattedName'],
    Organization: ['Organization'],
    Skill: ['Skill', 'RequiredSkillSet', 'PreferredSkillSet', 'AliasSkillSet', 'JobProfileRelatedSkills'],
    Degree: ['Degree', 'Qualification', 'QualificationsRequired', 'QualificationsPreferred'],
    ExperienceRequired: ['MinimumYearsExperience', 'MaximumYearsExperience'],
    JobLocationCity: ['JobLocationCity', 'City'],
    JobLocationState: ['JobLocationState', 'State'],
    JobLocationCountry: ['JobLocationCountry', 'Country'],
    IndustryType: ['IndustryType'],
    Domains: ['Domains'],
  },
  Resume: {
    JobProfile: ['CurrentJobProfile', 'CurrentJobAlias', 'JobProfile', 'JobAlias'],
    Employer: ['Employer', 'CurrentEmployer'],
    Skill: ['Skill', 'SkillHaveExp', 'SkillWithoutExp', 'SkillAlias'],
    Degree: ['Degree', 'HighestDegree'],
    Experience: ['TotalExperienceInYear', 'TotalExperienceInMonths'],
    City: ['City'],
    State: ['State'],
    Country: ['Country'],
    Category: ['Category'],
    SubCategory: ['SubCategory'],
  },
}

/**
 * Gives each condition its share of `total`: equal shares without weightage; with it, the parent's
 * weight (split by Child shares, else equally among the parent's conditions), scaled so the weights of
 * the conditions passed add up to `total`. Entities without dynamic weightage (spec 2.4) weigh 0 then.
 */
export function weigh(indexType: IndexType, conditions: Condition[], weightage: Weightage | undefined, total: number): Condition[] {
  if (conditions.length === 0) return conditions
  if (!weightage || weightage.length === 0) return exactShares(conditions, conditions.map(() => 1), total)
  const known = parents[indexType]
  for (const entry of weightage) {
    if (!known[entry.Parent]) throw new ApiError(1010, `weightage Parent ${entry.Parent}; known: ${Object.keys(known).join(', ')}`)
  }
  const raw = conditions.map((c) => {
    if (!searchEntity(indexType, c.entity)?.weighted) return 0
    const entry = weightage.find((w) => known[w.Parent]!.includes(c.entity))
    if (!entry) return 0
    if (entry.Child && Object.keys(entry.Child).length > 0) {
      const shares = Object.values(entry.Child).reduce((a, b) => a + b, 0)
      return shares > 0 ? (entry.Weight * (entry.Child[c.entity] ?? 0)) / shares : 0
    }
    const siblings = conditions.filter((o) => known[entry.Parent]!.includes(o.entity)).length
    return entry.Weight / siblings
  })
  return exactShares(conditions, raw, total)
}

/** Shares of `total` in proportion to `raw`, rounded to cents, the last one taking the remainder so they add up exactly. */
function exactShares(conditions: Condition[], raw: number[], total: number): Condition[] {
  const sum = raw.reduce((a, b) => a + b, 0)
  if (sum <= 0) return conditions.map((c) => ({ ...c, weight: 0 }))
  const weights = raw.map((r) => round((r * total) / sum))
  const last = weights.findLastIndex((w) => w > 0)
  weights[last] = round(total - weights.reduce((a, b, i) => (i === last ? a : a + b), 0))
  return conditions.map((c, i) => ({ ...c, weight: weights[i]! }))
}

const round = (n: number) => Math.round(n * 100) / 100
