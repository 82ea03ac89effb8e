import type { Gazetteer, Location } from '../geo/gazetteer.js'
import { literalPattern } from '../text/literal-pattern.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { loadHeaderWords, loadLegalForms, loadOrganisationWords } from '../vocab/word-lists.js'

/**
 * Pieces of a job or school header: "Java Developer | Acme GmbH, Berlin", "Software Engineer at
 * Google – London", "Acme S.p.A. (Milano)". Separators and the words that join a title to its
 * employer (at, bei, chez, presso, w, en) split it.
 */
export function headerSegments(text: string): string[] {
  return text
    .split(patterns().segmentSeparator)
    .map((s) => s.replace(/^[\s\-–:]+|[\s\-–:]+$/g, '').trim())
    .filter((s) => s.length > 1 && /\p{L}/u.test(s))
}

/**
 * A legal form of vocab/legal-forms.tsv as a pattern: a period inside it may be followed by a space
 * ("S. A."), a space inside it may be left out ("sp.z o.o."), and one that does not end in a period may
 * be followed by one ("Inc.").
 */
function legalFormPattern(form: string): string {
  const pattern = [...form].map((c, i) => (c === '.' ? (i < form.length - 1 ? '\\.\\s?' : '\\.') : c === ' ' ? '\\s?' : literalPattern(c))).join('')
  return form.endsWith('.') ? pattern : `${pattern}\\.?`
}

const word = (alternatives: string) => new RegExp(`(?:^|\\s)(?:${alternatives})(?=$|[\\s,.])`)

interface HeaderPatterns {
  /** Where a header line parts: bars, bullets, commas (not before a legal form), parentheses, dashes between spaces, column gaps, "at". */
  segmentSeparator: RegExp
  legalForm: RegExp
  onlyLegalForm: RegExp
  /** Legal forms and organisation words of our markets (vocab/organisation-words.tsv): a segment with one is an employer. */
  organisation: RegExp
}
let built: HeaderPatterns | undefined

/** The header reader's patterns, built from vocab/legal-forms.tsv, header-words.tsv and organisation-words.tsv on first use. */
function patterns(): HeaderPatterns {
  if (built) return built
  const forms = loadLegalForms('form').map(legalFormPattern).join('|')
  // After a comma a legal form stays with its company: "MedUnison, L.L.C." is not a place.
  const commaForms = loadLegalForms('comma').map(legalFormPattern).join('|')
  const prefixes = loadLegalForms('prefix').map(legalFormPattern).join('|')
  const joiners = loadHeaderWords('joiner').map(literalPattern).join('|')
  built = {
    segmentSeparator: new RegExp(`\\s*(?:[|•·;()@]|,(?!\\s*(?:${commaForms})(?=$|[\\s,;)]))|\\s[-–]\\s|\\s{2,}|\\s(?:${joiners})\\s)\\s*`),
    legalForm: word(forms),
    onlyLegalForm: new RegExp(`^(?:(?:${prefixes})\\s+)?(?:${forms})$`),
    organisation: word(`${forms}|${loadOrganisationWords('header').map(literalPattern).join('|')}`),
  }
  return built
}

/** Whether a segment is a legal form and nothing else ("Inc.", "L.L.C.", "Pvt. Ltd"): the company's name stands before it. */
export const isOnlyLegalForm = (segment: string) => patterns().onlyLegalForm.test(segment.trim())

/** Whether a segment carries a company's legal form ("Acme GmbH", "Comarch S.A."). */
export const hasLegalForm = (segment: string) => patterns().legalForm.test(segment)

/**
 * Whether a segment is nothing but a JD term (vocab/jd-terms.tsv: a contract, schedule or work mode,
 * "Full-time", "Remote"): a header's or label's "Vollzeit" is neither a title nor an employer.
 */
export function isOnlyTerm(segment: string, jdTerms: Vocabulary['jdTerms']): boolean {
  return jdTerms.find(segment).some((m) => m.surface.length >= segment.trim().length - 2)
}

export function findOrganisation(segments: string[]): string | undefined {
  return segments.find((s) => patterns().organisation.test(s))
}

/**
 * A segment that is only a place ("Berlin", "Chicago, IL", "80331 München", "Remote" is not), with
 * the segment it came from. A place must be most of the segment, so "Orange Polska" stays an employer.
 */
export function resolvePlace(segment: string, gazetteer: Gazetteer, countryHint?: string): { segment: string; place: Location } | undefined {
  if (segment.split(/\s+/).length > 4) return undefined
  // The whole segment must name the place (a postal code aside): "Hotel Costa Azul" is an employer,
  // though Azul is a city.
  const name = segment.replace(/\b\d[\d-]*\b/g, ' ').replace(/\s+/g, ' ').trim()
  const wholly = gazetteer.cities.lookup(name).length > 0 || gazetteer.places.country(name) !== undefined || gazetteer.places.regions(name).length > 0
  if (!wholly) return undefined
  const place = gazetteer.resolve(segment, { minPopulation: 1000, ...(countryHint ? { countryCode: countryHint } : {}) })
  return place ? { segment, place } : undefined
}

/**
 * Whether a two-letter degree or title ("MD", "MA", "PA") is written as a state or a legal form: after
 * a capitalised word and a comma ("Towson, MD", "Cohen & Foster, PA") or before a postal code ("MD 21222").
 */
export function standsAsState(text: string, match: { from: number; to: number; surface: string }): boolean {
  if (!/^[A-Z]{2}$/.test(match.surface)) return false
  return /\p{Lu}[\p{L}.'-]*,\s*$/u.test(text.slice(0, match.from)) || /^\s+\d{4,5}\b/.test(text.slice(match.to))
}
