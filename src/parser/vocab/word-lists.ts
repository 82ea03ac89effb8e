import { foldKey } from '../text/fold.js'
import { aliasIndex, type AliasConflict } from './alias-index.js'
import type { PhraseIndex } from './phrase-index.js'
import { PhraseSet } from './phrase-set.js'
import { list, readTsv } from './tsv.js'

/**
 * The small vocabularies: section headings, date words, months, JD terms, personal words, languages and
 * their levels, nationalities, industries, degrees. Each loader returns a phrase index whose entries
 * carry the row's meaning; the same word in several languages is one alias of one meaning.
 */

/** Short all-capital aliases ("US", "MD", "IT", "HR") are acronyms: they match only in capitals. */
const isAcronym = (alias: string) => /^[A-Z]{1,4}$/.test(alias)

function byMeaning<T>(
  vocabulary: string,
  rows: Array<Record<string, string>>,
  keyColumn: string,
  variantsColumn: string,
  make: (row: Record<string, string>) => T,
  conflicts: AliasConflict[],
): PhraseIndex<T> {
  const entries = new Map<string, T>()
  const expanded = rows.flatMap((row) => {
    const key = row[keyColumn]!
    if (!entries.has(key)) entries.set(key, make(row))
    const entry = entries.get(key)!
    return list(row[variantsColumn]).map((alias) => ({ entry, name: alias, aliases: [], caseSensitive: isAcronym(alias) }))
  })
  return aliasIndex(vocabulary, expanded, conflicts)
}

export type Section =
  | 'summary' | 'experience' | 'education' | 'skills' | 'languages' | 'certifications' | 'projects'
  | 'personal' | 'contact' | 'interests' | 'references' | 'awards' | 'publications' | 'volunteering'
  | 'responsibilities' | 'requirements' | 'preferred' | 'benefits' | 'company'

export const loadHeadings = (conflicts: AliasConflict[]) =>
  byMeaning('headings', readTsv('headings.tsv'), 'section', 'variants', (r) => ({ section: r.section as Section }), conflicts)

/** present, since, range, year, month, plus, maximum, experience, between. */
export const loadDateWords = (conflicts: AliasConflict[]) =>
  byMeaning('date-words', readTsv('date-words.tsv'), 'meaning', 'variants', (r) => ({ meaning: r.meaning! }), conflicts)

/** required, preferred, jobType:*, shift:*, remote:*, unit:*. */
export const loadJdTerms = (conflicts: AliasConflict[]) =>
  byMeaning('jd-terms', readTsv('jd-terms.tsv'), 'meaning', 'variants', (r) => ({ meaning: r.meaning! }), conflicts)

export const loadMonths = (conflicts: AliasConflict[]) =>
  byMeaning('months', readTsv('months.tsv'), 'month', 'variants', (r) => ({ month: Number(r.month) }), conflicts)

/** gender/maritalStatus values, and label words that introduce a personal field. */
export const loadPersonal = (conflicts: AliasConflict[]) =>
  byMeaning('personal', readTsv('personal.tsv').map((r) => ({ ...r, key: `${r.field}:${r.value}` })), 'key', 'variants',
    (r) => ({ field: r.field!, value: r.value! }), conflicts)

export const loadLanguageLevels = (conflicts: AliasConflict[]) =>
  byMeaning('language-levels', readTsv('language-levels.tsv'), 'level', 'variants', (r) => ({ level: r.level! }), conflicts)

/**
 * Rows with a name and aliases: every alias, acronyms matched in capitals only, and so are the aliases
 * of an optional `written` column: abbreviations that fold to an ordinary word ("MArch" is "March").
 */
function withName<T extends { name: string }>(
  vocabulary: string,
  file: string,
  make: (row: Record<string, string>) => T,
  aliasesColumn: string,
  conflicts: AliasConflict[],
): PhraseIndex<T> {
  const rows = readTsv(file).flatMap((row) => {
    const entry = make(row)
    return [
      ...[entry.name, ...list(row[aliasesColumn])].map((alias) => ({ entry, name: alias, aliases: [], caseSensitive: isAcronym(alias) })),
      ...list(row.written).map((alias) => ({ entry, name: alias, aliases: [], caseSensitive: true })),
    ]
  })
  return aliasIndex(vocabulary, rows, conflicts)
}

export interface LanguageEntry { name: string; code: string }
export const loadLanguages = (conflicts: AliasConflict[]) =>
  withName<LanguageEntry>('languages', 'languages.tsv', (r) => ({ name: r.name!, code: r.code! }), 'variants', conflicts)

export interface NationalityEntry { name: string; countryCode: string }
export const loadNationalities = (conflicts: AliasConflict[]) =>
  withName<NationalityEntry>('nationalities', 'nationalities.tsv', (r) => ({ name: r.name!, countryCode: r.countryCode! }), 'variants', conflicts)

export interface IndustryEntry { name: string }
export const loadIndustries = (conflicts: AliasConflict[]) =>
  withName<IndustryEntry>('industries', 'industries.tsv', (r) => ({ name: r.canonical! }), 'aliases', conflicts)

export interface AuthorityEntry { name: string }
/** Bodies that issue certifications (vocab/certification-authorities.tsv). */
export const loadCertificationAuthorities = (conflicts: AliasConflict[]) =>
  withName<AuthorityEntry>('certification-authorities', 'certification-authorities.tsv', (r) => ({ name: r.canonical! }), 'aliases', conflicts)

export interface DegreeEntry { name: string; level: string; rank: number }
export const loadDegrees = (conflicts: AliasConflict[]) =>
  withName<DegreeEntry>('degrees', 'degrees.tsv', (r) => ({ name: r.canonical!, level: r.level!, rank: Number(r.rank) }), 'aliases', conflicts)

/** Number words one to twenty ("drei Jahre", "cinco años"), for experience phrases. */
export const loadNumbers = (conflicts: AliasConflict[]) =>
  byMeaning('numbers', readTsv('numbers.tsv'), 'value', 'variants', (r) => ({ value: Number(r.value) }), conflicts)

/** School, college and university words ("Politechnika", "Liceo", "Hochschule"). */
export const loadInstitutionWords = (conflicts: AliasConflict[]) =>
  byMeaning('institution-words', readTsv('institution-words.tsv').map((r) => ({ ...r, kind: 'institution' })), 'kind', 'variants', () => ({ kind: 'institution' as const }), conflicts)

/** Words that make a phrase with a school word a body other than a school: its press, a committee, an association (vocab/school-bodies.tsv). */
export const loadSchoolBodies = (conflicts: AliasConflict[]) =>
  byMeaning('school-bodies', readTsv('school-bodies.tsv').map((r) => ({ ...r, kind: 'body' })), 'kind', 'variants', () => ({ kind: 'body' as const }), conflicts)

/**
 * English job titles of O*NET of two words or more (vocab/occupation-titles.tsv, built by
 * scripts/build-occupation-titles.ts): they say where a title is written, for the parser's model;
 * vocab/titles stays the source of canonical titles. One-word titles ("Engineer", "Director") are left
 * out: such words are everywhere, and as a feature they cost degrees and titles on dotin
 * (docs/accuracy.md, "Fifth round").
 */
export function loadOccupationTitles(): PhraseSet {
  const set = new PhraseSet()
  for (const row of readTsv('occupation-titles.tsv')) set.add(row.title!)
  return set
}

/** Labels of job description fields (title, company, location, jobCode, salary, ...) and agency phrases. */
export const loadJdLabels = (conflicts: AliasConflict[]) =>
  byMeaning('jd-labels', readTsv('jd-labels.tsv'), 'field', 'variants', (r) => ({ field: r.field! }), conflicts)

/** Case endings per language (vocab/inflections.tsv), longest first: [suffix, replacement]. */
export function loadInflections(): Map<string, Array<readonly [string, string]>> {
  return endingsByLanguage('inflections.tsv')
}

/** Plural endings of titles (vocab/plurals.tsv), every language's, longest first, each rule once. */
export function loadPlurals(): Array<readonly [string, string]> {
  const rules = new Map([...endingsByLanguage('plurals.tsv').values()].flat().map((rule) => [rule.join('\u0000'), rule] as const))
  return [...rules.values()].sort((a, b) => b[0].length - a[0].length)
}

/**
 * lang, suffix, replacement rows by language, longest suffix first, folded as words are for matching
 * (tokens.ts: "ę" is matched as "e", "ś" as "s").
 */
function endingsByLanguage(file: string): Map<string, Array<readonly [string, string]>> {
  const byLanguage = new Map<string, Array<readonly [string, string]>>()
  for (const row of readTsv(file)) {
    const rules = byLanguage.get(row.lang!) ?? []
    rules.push([foldKey(row.suffix!), foldKey(row.replacement ?? '')] as const)
    byLanguage.set(row.lang!, rules)
  }
  for (const rules of byLanguage.values()) rules.sort((a, b) => b[0].length - a[0].length)
  return byLanguage
}

/** Joining words of every language by use (vocab/joining-words.tsv): `school` accent-folded, the others in lower case. */
export interface JoiningWords {
  name: Set<string>
  wrap: Set<string>
  school: Set<string>
  query: Set<string>
  particle: Set<string>
  dangling: Set<string>
}

export function loadJoiningWords(): JoiningWords {
  const joining: JoiningWords = { name: new Set(), wrap: new Set(), school: new Set(), query: new Set(), particle: new Set(), dangling: new Set() }
  for (const row of readTsv('joining-words.tsv')) {
    const use = row.use as keyof JoiningWords
    if (!(use in joining)) throw new Error(`vocab/joining-words.tsv: unknown use '${row.use}'`)
    for (const word of list(row.words)) joining[use].add(use === 'school' ? foldKey(word) : word.toLowerCase())
  }
  return joining
}

/** Head words of job titles (vocab/title-heads.tsv), folded: whole words, and compound endings. */
export interface TitleHeads {
  words: Set<string>
  endings: string[]
  /** Words that rank or qualify a title ("Senior"), heads of none. */
  modifiers: Set<string>
}

/** The `|`-separated cell of `column` in the row of `file` whose `use` is `use`: one reader's list of a small vocabulary. */
function listedFor(file: string, column: string, use: string): string[] {
  const row = readTsv(file).find((r) => r.use === use)
  if (!row) throw new Error(`vocab/${file}: no ${column} for '${use}'`)
  return list(row[column])
}

/** Organisation words as one reader lists them (vocab/organisation-words.tsv). */
export const loadOrganisationWords = (use: 'tagger' | 'span-filter' | 'header') => listedFor('organisation-words.tsv', 'words', use)

/** Legal forms as one reader lists them (vocab/legal-forms.tsv), as written. */
export const loadLegalForms = (use: 'form' | 'comma' | 'prefix') => listedFor('legal-forms.tsv', 'forms', use)

/** The words that join a title to its employer, or a company to its hiring (vocab/header-words.tsv), as written. */
export const loadHeaderWords = (use: 'joiner' | 'jd-joiner' | 'hiring') => listedFor('header-words.tsv', 'words', use)

/** Abbreviations whose period ends no sentence (vocab/abbreviations.tsv), folded. */
export function loadAbbreviations(): Set<string> {
  return new Set(readTsv('abbreviations.tsv').flatMap((row) => list(row.abbreviations).map(foldKey)))
}

export function loadTitleHeads(): TitleHeads {
  const heads: TitleHeads = { words: new Set(), endings: [], modifiers: new Set() }
  for (const row of readTsv('title-heads.tsv')) {
    for (const head of list(row.heads).map(foldKey)) {
      if (row.match === 'modifier') {
        heads.modifiers.add(head)
        continue
      }
      heads.words.add(head)
      if (row.match === 'end') heads.endings.push(head)
    }
  }
  return heads
}
