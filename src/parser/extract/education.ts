import type { Qualification } from '../resume-output.js'
import type { Line } from '../sections.js'
import type { DegreeEntry } from '../vocab/word-lists.js'
import { startsLowerCase } from '../text/name-case.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { findDateRanges, findDates, formatDate, type YearMonth } from './dates.js'
import { degreeWithField } from './degree-field.js'
import { headerSegments, resolvePlace, standsAsState } from './header-parts.js'
import { foldedWords } from './written-title.js'

type Words = Pick<Vocabulary, 'degrees' | 'institutionWords' | 'schoolBodies' | 'months' | 'dateWords' | 'gazetteer' | 'titles' | 'titleHeads' | 'joiningWords'>

export interface Schooling {
  output: Qualification
  degree?: DegreeEntry
}

/**
 * A sentence about a school rather than its name: every school word in it is in lower case, none ends
 * it, and most of its words are in lower case ("Sponsored school newspaper", "Responsibilities include
 * overseeing all college assessment"). A name written in lower case after its first word ends with its
 * school word and stays ("Shri Chaitanya junior college"). `schools`: the text's school words, as the
 * caller found them.
 */
export function aboutSchool(text: string, schools: ReturnType<Vocabulary['institutionWords']['find']>): boolean {
  const end = text.replace(/[\s.,;:]+$/, '').length
  if (schools.length === 0 || schools.some((s) => /\p{Lu}/u.test(text.slice(s.from, s.to)) || s.to >= end)) return false
  const written = text.split(/\s+/).filter((w) => /\p{L}/u.test(w))
  return written.filter((w) => startsLowerCase(w)).length * 2 > written.length
}

/**
 * A post at a school rather than the school: its last word is a job title's head ("Middle School English
 * Teacher", "University Teaching Fellow"), unless a preposition puts it in the school's name
 * ("Fachschule für Techniker", "School for Teachers").
 */
export function namesPost(text: string, words: Pick<Vocabulary, 'titleHeads' | 'joiningWords'>): boolean {
  const written = foldedWords(text)
  const last = written.at(-1)
  return last !== undefined && words.titleHeads.words.has(last) && !words.joiningWords.school.has(written.at(-2) ?? '')
}

/** Whether a phrase with a school word names a body other than the school: its press, a committee, an association (vocab/school-bodies.tsv). */
export function namesBody(text: string, words: Pick<Vocabulary, 'schoolBodies'>): boolean {
  return words.schoolBodies.find(text).length > 0
}

/** Whether a school is its school words alone, without a name: "UNIVERSITY", "School", "College/University", "OF COLLEGE". */
export function onlySchoolWords(text: string, schools: ReturnType<Vocabulary['institutionWords']['find']>, joining: Pick<Vocabulary['joiningWords'], 'wrap'>): boolean {
  let rest = text
  for (const school of [...schools].reverse()) rest = `${rest.slice(0, school.from)} ${rest.slice(school.to)}`
  return rest.split(/[^\p{L}\p{N}]+/u).every((word) => word === '' || joining.wrap.has(word.toLowerCase()))
}

/**
 * Whether a degree stands inside a sentence: its segment starts in lower case and not with the degree
 * ("as demonstrated throughout Masters and Honours research", "awarded to the best PhD researcher"),
 * where "b.tech in computer science" opens with it.
 */
function inSentence(segments: readonly string[], surface: string): boolean {
  const segment = segments.find((s) => s.includes(surface))
  return segment !== undefined && startsLowerCase(segment) && !segment.startsWith(surface)
}

/**
 * Education entries: a degree (normalised to a level through vocab/degrees.tsv: Laurea magistrale,
 * Master, mgr inż. and Máster are all Master), an institution (a segment with a school word), the
 * institution's place and the period. A second degree or a second institution starts a new entry.
 */
export function findEducation(lines: Line[], words: Words, countryHint?: string): Schooling[] {
  const entries: Schooling[] = []
  let current: Partial<{ degreeName: string; degree: DegreeEntry; institution: string; place: ReturnType<typeof resolvePlace>; start: YearMonth; end: YearMonth }> = {}
  const flush = () => {
    if (current.degree || current.institution) entries.push(toSchooling(current))
    current = {}
  }

  for (const line of lines) {
    const segments = headerSegments(line.text)
    const degreeMatch = words.degrees.find(line.text).filter((m) => !standsAsState(line.text, m) && !inSentence(segments, m.surface))[0]
    const institution = segments.find((s) => {
      const schools = words.institutionWords.find(s)
      return schools.length > 0 && s.split(/\s+/).length <= 12 && !startsLowerCase(s) && !aboutSchool(s, schools) && !namesPost(s, words) && !namesBody(s, words)
    })
    if ((degreeMatch && current.degree) || (institution && current.institution && !degreeMatch)) flush()

    if (degreeMatch && !current.degree) {
      current.degree = degreeMatch.entry
      const segment = segments.find((s) => s.includes(degreeMatch.surface)) ?? degreeMatch.surface
      const at = line.text.indexOf(segment)
      current.degreeName = at < 0 ? segment : degreeWithField(line.text, at, at + segment.length, words)
    }
    if (institution && !current.institution) {
      current.institution = institution
      for (const segment of segments) {
        if (segment === institution || segment === current.degreeName) continue
        current.place = resolvePlace(segment, words.gazetteer, countryHint)
        if (current.place) break
      }
    }
    const range = findDateRanges(line.text, words)[0]
    if (range && !current.start) {
      current.start = range.start
      if (range.end !== 'present') current.end = range.end
    } else if (!current.end) {
      const single = findDates(line.text, words).at(-1)
      if (single) current.end = single.value
    }
  }
  flush()
  return entries
}

function toSchooling(entry: { degreeName?: string; degree?: DegreeEntry; institution?: string; place?: ReturnType<typeof resolvePlace>; start?: YearMonth; end?: YearMonth }): Schooling {
  const place = entry.place?.place
  return {
    ...(entry.degree ? { degree: entry.degree } : {}),
    output: {
      Institution: { Name: entry.institution ?? '', Location: { City: place?.city ?? '', State: place?.state ?? '', Country: place?.country ?? '' } },
      Degree: { DegreeName: entry.degreeName ?? '', NormalizeDegree: entry.degree?.name ?? '', Level: entry.degree?.level ?? '' },
      StartDate: entry.start ? formatDate(entry.start) : '',
      EndDate: entry.end ? formatDate(entry.end) : '',
    },
  }
}
