import { foldAccents } from '../src/parser/text/fold.js'
import { vocabulary } from '../src/parser/vocab/vocabulary.js'

/**
 * The words of a value for comparison: accents and case folded; dots and apostrophes dropped inside a
 * word so "B.Sc." = "BSc" and "Node.js" = "nodejs"; "+" and "#" kept so "C++" and "C#" stay apart from "C".
 */
export function foldTokens(value: string): string[] {
  const words = foldAccents(value).toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}+#.'’]*/gu) ?? []
  return words.map((w) => w.replace(/[.'’]/g, '')).filter((w) => w !== '')
}

/** A value's folded form: its tokens joined by one space. */
export function fold(value: string): string {
  return foldTokens(value).join(' ')
}

/** Emails match case-insensitively and exactly (surrounding space ignored). */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/** A phone's comparison key: its last 9 digits, so "+49 151 2345 6789" = "0151 23456789". */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-9)
}

export function samePhone(a: string, b: string): boolean {
  const key = phoneKey(a)
  return key !== '' && key === phoneKey(b)
}

/** The parts of a predicted name the name rule reads. */
export interface NameParts {
  FullName: string
  FirstName: string
  LastName: string
}

/** Folded full names are equal, or the first and last words agree ("Anna M. Nowak" = "Anna Nowak"). */
export function sameName(predicted: NameParts, gold: string): boolean {
  const goldWords = foldTokens(gold)
  const full = foldTokens(predicted.FullName)
  if (goldWords.length === 0) return false
  if (goldWords.join(' ') === full.join(' ')) return true
  const first = foldTokens(predicted.FirstName)[0] ?? full[0]
  const last = foldTokens(predicted.LastName).at(-1) ?? full.at(-1)
  return goldWords.length >= 2 && goldWords[0] === first && goldWords.at(-1) === last
}

/** Jaccard overlap of token sets at which two phrases count as the same entity. */
const minJaccard = 0.5

/**
 * Titles, employers, institutes, degrees: one value's token set contains the other's, or their
 * Jaccard overlap is at least 0.5 ("Senior Java Developer" = "Java Developer"; "Siemens AG" = "Siemens").
 */
export function sameTokenSet(a: string, b: string): boolean {
  const x = new Set(foldTokens(a))
  const y = new Set(foldTokens(b))
  if (x.size === 0 || y.size === 0) return false
  let shared = 0
  for (const word of x) if (y.has(word)) shared++
  if (shared === x.size || shared === y.size) return true
  return shared / (x.size + y.size - shared) >= minJaccard
}

/**
 * A predicted place matches a labelled location when it names the location's first part (the city of
 * "Pune, Maharashtra"), as written or under another name the gazetteer knows for it (the parser writes
 * Bengaluru where the resume wrote Bangalore, United States for USA), or the place the gazetteer reads
 * in the whole label ("Rowville VIC", "Kharadi, Pune, 411014").
 */
export function samePlace(predicted: string, gold: string): boolean {
  const key = fold(predicted)
  const head = gold.split(/[,;(|]/)[0]!.trim()
  if (key === '' || head === '') return false
  if (fold(head) === key) return true
  const gazetteer = vocabulary().gazetteer
  const country = gazetteer.places.country(head)
  const read = gazetteer.resolve(gold)
  const names = [
    ...gazetteer.cities.lookup(head).map((c) => c.name),
    ...gazetteer.places.regions(head).flatMap((r) => [r.name, gazetteer.states.nameOf(r.countryCode, r.code) ?? '']),
    ...(country ? [country.name, gazetteer.countryName(country.code)] : []),
    ...(read ? [read.city || read.state || read.country] : []),
  ]
  return names.some((name) => fold(name) === key)
}

/** A predicted skill: as written in the resume, and its canonical name. */
export interface SkillParts {
  Skill: string
  FormattedName: string
}

/** A gold skill matches when it folds equal to the skill as written or to its canonical name. */
export function sameSkill(predicted: SkillParts, gold: string): boolean {
  const key = fold(gold)
  return key !== '' && (fold(predicted.Skill) === key || fold(predicted.FormattedName) === key)
}

/**
 * How many predictions pair off with gold values, each used at most once: a maximum bipartite matching
 * (augmenting paths), so the count never depends on the order of either list.
 */
export function countMatches<P, G>(predicted: readonly P[], gold: readonly G[], same: (p: P, g: G) => boolean): number {
  const edges = gold.map((g) => predicted.flatMap((p, i) => (same(p, g) ? [i] : [])))
  const owner = new Array<number>(predicted.length).fill(-1)
  const augment = (g: number, seen: Set<number>): boolean => {
    for (const p of edges[g] ?? []) {
      if (seen.has(p)) continue
      seen.add(p)
      const current = owner[p] ?? -1
      if (current === -1 || augment(current, seen)) {
        owner[p] = g
        return true
      }
    }
    return false
  }
  let matched = 0
  for (let g = 0; g < gold.length; g++) if (augment(g, new Set())) matched++
  return matched
}

/**
 * Keeps the first of any values that match each other, so a label repeated in a document (or a job
 * repeated at one employer) is one entity; applied alike to gold and predictions.
 */
export function distinct<T>(values: readonly T[], same: (a: T, b: T) => boolean): T[] {
  const kept: T[] = []
  for (const value of values) if (!kept.some((k) => same(k, value))) kept.push(value)
  return kept
}
