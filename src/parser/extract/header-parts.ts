import type { Gazetteer, Location } from '../geo/gazetteer.js'
import { literalPattern } from '../text/literal-pattern.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { loadOrganisationWords } from '../vocab/word-lists.js'

/**
 * Pieces of a job or school header: "Java Developer | Acme GmbH, Berlin", "Software Engineer at
 * Google – London", "Acme S.p.A. (Milano)". Separators and the words that join a title to its
 * employer (at, bei, chez, presso, w, en) split it.
 */
export function headerSegments(text: string): string[] {
  return text
    .split(segmentSeparator)
    .map((s) => s.replace(/^[\s\-–:]+|[\s\-–:]+$/g, '').trim())
    .filter((s) => s.length > 1 && /\p{L}/u.test(s))
}

/**
 * Legal forms written after a comma that are never a place ("MedUnison, L.L.C.", "Chartwells, Inc.").
 * Not SA, SE or SL: "Adelaide, SA" is South Australia.
 */
const commaLegalForms = 'Inc\\.?|INC\\.?|LLC|L\\.L\\.C\\.|Ltd\\.?|LTD\\.?|Limited|LIMITED|Corp\\.?|CORP\\.?|Corporation|CORPORATION|PLC|plc|LLP|L\\.P\\.|P\\.C\\.|P\\.A\\.|GmbH|S\\.\\s?A\\.|S\\.\\s?p\\.\\s?A\\.?|S\\.\\s?r\\.\\s?l\\.?|SARL'
/** Where a header line parts: bars, bullets, commas (not before a legal form), parentheses, dashes between spaces, column gaps, "at". */
const segmentSeparator = new RegExp(`\\s*(?:[|•·;()@]|,(?!\\s*(?:${commaLegalForms})(?=$|[\\s,;)]))|\\s[-–]\\s|\\s{2,}|\\s(?:at|bei|chez|presso|w|at:)\\s)\\s*`)

/** Legal forms of our markets' companies; the English ones also as headers in capitals write them ("ACME, INC."). */
const legalForms =
  'GmbH(?:\\s*&\\s*Co\\.?\\s*KG)?|AG|KG|SE|mbH|e\\.\\s?V\\.|Ltd\\.?|LTD\\.?|Limited|LIMITED|LLC|L\\.L\\.C\\.|Inc\\.?|INC\\.?|Corp\\.?|CORP\\.?|Corporation|CORPORATION|Co\\.|PLC|plc|LLP|S\\.\\s?A\\.?|SA|S\\.\\s?L\\.?|SL|SLU|S\\.\\s?A\\.\\s?S\\.?|SAS|SARL|S\\.\\s?p\\.\\s?A\\.?|SpA|S\\.\\s?r\\.\\s?l\\.?|Srl|sp\\.\\s?z\\s?o\\.\\s?o\\.?|Sp\\.\\s?z\\s?o\\.\\s?o\\.?|S\\.\\s?C\\.'
const word = (alternatives: string) => new RegExp(`(?:^|\\s)(?:${alternatives})(?=$|[\\s,.])`)
const legalForm = word(legalForms)
let organisationWords: RegExp | undefined
/** Legal forms and organisation words of our markets (vocab/organisation-words.tsv): a segment with one is an employer. */
const organisationPattern = () => (organisationWords ??= word(`${legalForms}|${loadOrganisationWords('header').map(literalPattern).join('|')}`))

const onlyLegalForm = new RegExp(`^(?:(?:Pvt|PVT|Private|PRIVATE)\\.?\\s+)?(?:${legalForms})$`)
/** Whether a segment is a legal form and nothing else ("Inc.", "L.L.C.", "Pvt. Ltd"): the company's name stands before it. */
export const isOnlyLegalForm = (segment: string) => onlyLegalForm.test(segment.trim())

/** Whether a segment carries a company's legal form ("Acme GmbH", "Comarch S.A."). */
export const hasLegalForm = (segment: string) => legalForm.test(segment)

/**
 * Whether a segment is nothing but a JD term (vocab/jd-terms.tsv: a contract, schedule or work mode,
 * "Full-time", "Remote"): a header's or label's "Vollzeit" is neither a title nor an employer.
 */
export function isOnlyTerm(segment: string, jdTerms: Vocabulary['jdTerms']): boolean {
  return jdTerms.find(segment).some((m) => m.surface.length >= segment.trim().length - 2)
}

export function findOrganisation(segments: string[]): string | undefined {
  return segments.find((s) => organisationPattern().test(s))
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
