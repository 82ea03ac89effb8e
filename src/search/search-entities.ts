import { entityNames, type IndexType } from '../entity/entity-names.js'

/** How a query value for an entity is normalised before it is compared with stored values. */
export type ValueKind = 'title' | 'skill' | 'degree' | 'city' | 'state' | 'country' | 'years' | 'months' | 'maxYears' | 'text'

export interface SearchEntity {
  /** The stored entity names it searches. */
  keys: string[]
  kind: ValueKind
  /** Spec 2.4: whether dynamic weightage applies. */
  weighted: boolean
}

/** Composites and alternative names of spec 2.4. */
const composites: Record<IndexType, Record<string, string[]>> = {
  Resume: { Skill: ['SkillHaveExp', 'SkillWithoutExp'] },
  JD: {
    Skill: ['RequiredSkillSet', 'PreferredSkillSet'],
    Qualification: ['QualificationsRequired', 'QualificationsPreferred'],
    Degree: ['QualificationsRequired', 'QualificationsPreferred'],
    JobProfile: ['JobProfileTitle'],
    City: ['JobLocationCity'],
    State: ['JobLocationState'],
    Country: ['JobLocationCountry'],
  },
}

/**
 * The composites of several keys, each once (Qualification and Degree share theirs): the search
 * segment's forward rows hold a slot for each (migrations/0012, search_composites, holds the same list).
 */
export function multiKeyComposites(indexType: IndexType): string[][] {
  const lists = Object.values(composites[indexType]).filter((keys) => keys.length > 1)
  return [...new Map(lists.map((keys) => [keys.join('+'), keys])).values()]
}

/** Spec 2.4, "Dynamic weightage: No". */
const unweighted = new Set(['LastInstitute', 'Institute', 'LanguageKnown', 'Languages'])

function kindOf(key: string): ValueKind {
  if (/^(?:CurrentJobProfile|JobProfile|JobProfileTitle|JobProfileFormattedName)$/.test(key)) return 'title'
  if (/Skill(?:HaveExp|WithoutExp|Set)$|^JobProfileRelatedSkills$/.test(key) && key !== 'AliasSkillSet') return 'skill'
  if (/^(?:Degree|HighestDegree|Qualifications(?:Required|Preferred))$/.test(key)) return 'degree'
  if (/City$/.test(key)) return 'city'
  if (/State$/.test(key)) return 'state'
  if (/Country$/.test(key)) return 'country'
  if (key === 'TotalExperienceInYear' || key === 'MinimumYearsExperience') return 'years'
  if (key === 'TotalExperienceInMonths') return 'months'
  if (key === 'MaximumYearsExperience') return 'maxYears'
  return 'text'
}

/** The entity a client names in a query, filter, facet or weightage; undefined when unknown. */
export function searchEntity(indexType: IndexType, name: string): SearchEntity | undefined {
  const keys = composites[indexType][name] ?? ((entityNames[indexType] as readonly string[]).includes(name) ? [name] : undefined)
  if (!keys) return undefined
  return { keys, kind: kindOf(keys[0]!), weighted: !unweighted.has(name) }
}
