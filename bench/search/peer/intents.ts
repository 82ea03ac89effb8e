import type { Random } from '../random.js'
import { drawMarket, type CorpusVocabulary } from '../vocab.js'

/**
 * One request of the peer comparison, in terms both engines answer: every value is required (AND), as
 * a client writes it ("München", "Software Developer"); each engine turns it into its own query
 * (api-request.ts for ours, sphinxql.ts for Sphinx).
 */
export interface IntentQuery {
  title?: string
  city?: string
  skills: string[]
  /** Counts of City, Skill and TotalExperienceRange over every match, top 10 each. */
  facets: boolean
  /** Within `radiusKm` of the point; the city names it for our API's response. */
  near?: { city: string; country: string; latitude: number; longitude: number; radiusKm: number }
  /** Most months of experience first. */
  byExperience: boolean
}

/** One of the five intents of issue 19, with a generator of queries drawn from the corpus' distributions. */
export interface PeerIntent {
  name: string
  description: string
  next(random: Random): IntentQuery
}

export const facetFields = ['City', 'Skill', 'TotalExperienceRange'] as const
export const radiusKm = 50

/** A city of a market drawn by its share, Zipf within it: the capital is common, small towns a long tail. */
function place(v: CorpusVocabulary, random: Random) {
  return drawMarket(v, random()).cities.sample(random)
}

/** A Zipf skill other than `first`; a few redraws, since the commonest skills come up often. */
function otherSkill(v: CorpusVocabulary, random: Random, first: string): string {
  for (let i = 0; i < 20; i++) {
    const skill = v.skills.sample(random)
    if (skill !== first) return skill
  }
  return v.skills.items.find((skill) => skill !== first)!
}

const base = { skills: [], facets: false, byExperience: false }

export function peerIntents(v: CorpusVocabulary): PeerIntent[] {
  // Skills are Zipf over every skill, as the sort-by-experience shape of queries.ts draws them: common values, broad results.
  const twoSkills = (random: Random) => {
    const first = v.skills.sample(random)
    return [first, otherSkill(v, random, first)]
  }
  return [
    {
      name: 'title + city',
      description: 'required JobProfile (Zipf title) and City (Zipf city of a market)',
      next: (random) => ({ ...base, title: v.titles.sample(random).canonical, city: place(v, random).city }),
    },
    {
      name: 'two required skills',
      description: 'required Skill: two different Zipf skills (AND)',
      next: (random) => ({ ...base, skills: twoSkills(random) }),
    },
    {
      name: 'two skills + 3 facets',
      description: `the same, with facets ${facetFields.join(', ')} (top 10 each)`,
      next: (random) => ({ ...base, skills: twoSkills(random), facets: true }),
    },
    {
      name: `one skill within ${radiusKm} km`,
      description: `required Skill (Zipf) within ${radiusKm} km of a Zipf city's point`,
      next(random) {
        const skill = v.skills.sample(random)
        const at = place(v, random)
        return { ...base, skills: [skill], near: { city: at.city, country: at.country, latitude: at.latitude!, longitude: at.longitude!, radiusKm } }
      },
    },
    {
      name: 'one skill by experience',
      description: 'required Skill (Zipf), sorted by TotalExperienceInMonths desc',
      next: (random) => ({ ...base, skills: [v.skills.sample(random)], byExperience: true }),
    },
  ]
}

/** The query's values in one line, for the report of a count the engines disagree on. */
export function describeQuery(q: IntentQuery): string {
  return [q.title, q.city, ...q.skills, q.near ? `${q.near.radiusKm} km of ${q.near.city}` : undefined].filter((part) => part !== undefined).join(' / ')
}
