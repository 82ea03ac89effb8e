import { findExperienceRequired } from '../parser/extract/jd-experience.js'
import type { Location } from '../parser/geo/gazetteer.js'
import { tokenize } from '../parser/text/tokens.js'
import { vocabulary } from '../parser/vocab/vocabulary.js'

/** What simple search recognises in a keyword (and /analyze reports). */
export interface KeywordEntities {
  jobProfiles: Array<{ text: string; canonical: string }>
  skills: Array<{ text: string; canonical: string }>
  degrees: Array<{ text: string; canonical: string }>
  location?: { text: string; place: Location }
  experienceYears?: { min?: number; max?: number; text: string }
  organization?: string
  /** Words left over that were not recognised. */
  rest: string[]
}


/**
 * Recognises job profiles, skills and degrees with the parser's vocabularies, a location with the
 * gazetteer, years of experience ("5 years", "5+ yrs", "5 Jahre", "5 años", "5 ans", "5 lat",
 * "5 anni"), and takes what is left (capitalised, not a connector) as an organisation.
 */
export function analyzeKeyword(keyword: string): KeywordEntities {
  const words = vocabulary()
  const found: KeywordEntities = { jobProfiles: [], skills: [], degrees: [], rest: [] }
  const taken: Array<[number, number]> = []
  const take = (from: number, to: number) => taken.push([from, to])
  const free = (from: number, to: number) => !taken.some(([a, b]) => from < b && to > a)
  // Words that join entities in our six languages: "java developer in Berlin with 5 years".
  const connector = (word: string) => words.joiningWords.query.has(word.toLowerCase())

  const experience = findYearsPhrase(keyword)
  if (experience) {
    found.experienceYears = experience.value
    take(experience.from, experience.to)
  }
  // A search box's words are looked for in the plural too, in any case ("java developers in Berlin").
  for (const m of words.titles.index.find(keyword, undefined, undefined, 'any')) {
    if (!free(m.from, m.to)) continue
    found.jobProfiles.push({ text: m.surface, canonical: m.entry.canonical })
    take(m.from, m.to)
  }
  for (const m of words.degrees.find(keyword)) {
    if (!free(m.from, m.to)) continue
    found.degrees.push({ text: m.surface, canonical: m.entry.name })
    take(m.from, m.to)
  }
  for (const m of words.skills.index.find(keyword)) {
    if (!free(m.from, m.to)) continue
    found.skills.push({ text: m.surface, canonical: m.entry.canonical })
    take(m.from, m.to)
  }

  // A place among the remaining words: the longest run that the gazetteer knows.
  const tokens = tokenize(keyword).filter((t) => free(t.start, t.end))
  for (let length = Math.min(3, tokens.length); length >= 1 && !found.location; length--) {
    for (let i = 0; i + length <= tokens.length; i++) {
      const run = tokens.slice(i, i + length)
      if (run.some((t) => connector(t.cased))) continue
      const text = keyword.slice(run[0]!.start, run[length - 1]!.end)
      const place = words.gazetteer.resolve(text, { minPopulation: 15_000 })
      if (place && (place.city || place.country)) {
        found.location = { text, place }
        take(run[0]!.start, run[length - 1]!.end)
        break
      }
    }
  }

  const rest = tokenize(keyword).filter((t) => free(t.start, t.end) && !connector(t.cased))
  found.rest = rest.map((t) => keyword.slice(t.start, t.end))
  // Capitalised words nobody claimed are most likely an employer's name: "Siemens", "Banco Santander".
  const capitalised = rest.filter((t) => /^\p{Lu}/u.test(t.cased) && t.key.length > 1)
  if (capitalised.length > 0) found.organization = capitalised.map((t) => keyword.slice(t.start, t.end)).join(' ')
  return found
}

/** "5 years", "5+ yrs", "3-5 Jahre": the years and where they are written. */
function findYearsPhrase(keyword: string): { value: { min?: number; max?: number; text: string }; from: number; to: number } | undefined {
  // The JD experience reader wants an experience word; a keyword rarely has one, so lend it one.
  const marker = ' experience'
  const found = findExperienceRequired([keyword + marker])
  if (found.min === undefined && found.max === undefined) return undefined
  const match = /(?:\d+(?:[.,]5)?\s*(?:[-–]|to|bis|a|à|do)?\s*)?\d+(?:[.,]5)?\s*\+?\s*\p{L}+\.?/u.exec(keyword)
  const from = match?.index ?? 0
  return { value: { ...found, text: match?.[0] ?? keyword }, from, to: from + (match?.[0].length ?? 0) }
}
