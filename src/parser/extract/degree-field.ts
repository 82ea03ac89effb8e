import type { Vocabulary } from '../vocab/vocabulary.js'
import { findDates } from './dates.js'
import { resolvePlace } from './header-parts.js'

type Words = Pick<Vocabulary, 'institutionWords' | 'gazetteer' | 'months' | 'dateWords' | 'titles' | 'joiningWords' | 'degrees'>

/** Where a degree's field of study surely ends: a column gap, a dash or bar between spaces, a bullet, a digit, "from"/"at" a school, a grade. */
const fieldEnd = /\s{2,}|\s[-–—|•·]\s|[|•·;:]|\p{N}|[\s,](?:from|at|C?GPA|G\.P\.A|Grade|Percentage|Marks)\b/u
/** Longer than this, what follows a degree is a sentence, not its field. */
const maxFieldWords = 8
/** Longer than this, a "degree" is a sentence about one ("Bachelor of Science in Clothing, Textiles and Related Arts" has 9 words). */
export const maxDegreeWords = 12

/**
 * A degree as written with its field of study: the vocabulary and the model find "Master of Arts",
 * "BS", "BSc (Hons" or "Bachelor of Arts in Social", where the entry reads "Master of Arts, Education",
 * "BS, Business Management", "BSc (Hons) Marketing", "Bachelor of Arts in Social and Behavioral
 * Sciences". The degree runs on over the words after it, piece by piece between commas, until a
 * separator, a date, a school ("University of Phoenix"), a place ("Baton Rouge") or a sentence. A
 * column gap after a joining word is a wrapped line, not a separator ("Masters of  Commerce"), and a
 * label before the degree is no part of it ("Course: Bachelor of Arts").
 *
 * @example
 *   degreeWithField('Master of Arts, Education  GPA 4.0', 0, 14, words) // 'Master of Arts, Education'
 */
export function degreeWithField(line: string, from: number, to: number, words: Words): string {
  const degree = line.slice(from, to)
  const rest = line.slice(to)
  // A parenthesis the degree left open is closed when the line closes it ("BSc (Hons" + ")"), else cut.
  const open = degree.lastIndexOf('(') > degree.lastIndexOf(')')
  const closing = open ? (/^[^()]{0,12}\)/.exec(rest)?.[0] ?? '') : ''
  if (open && !closing) return degree.slice(0, degree.lastIndexOf('(')).trim()
  let written = degree + closing
  let count = written.split(/\s+/).length
  const after = wrapsOn(written, rest.slice(closing.length), words.joiningWords.wrap)
  const stop = after.search(fieldEnd)
  // "(MBA) (1997)": the run stops at the year, and the parenthesis it opened is no part of it.
  const run = (stop < 0 ? after : after.slice(0, stop)).replace(/[\s(]+$/, '')
  for (const piece of run.split(/(?=,)/)) {
    const field = piece.replace(/^,/, '').trim()
    const more = field.split(/\s+/).filter(Boolean).length
    if (more === 0 || more > maxFieldWords || count + more > maxDegreeWords || !isField(field, words, joined(written, words.joiningWords.wrap))) break
    written += piece.trimEnd()
    count += more
  }
  return withoutSchool(withoutLabel(written, words), words)
}

/**
 * The words after a degree with the column gap that follows a joining word closed to one space: a wrap
 * the text lost its line break at ("Masters of" above "Commerce", dotin's one-line CVs: "Masters of  Commerce").
 */
function wrapsOn(degree: string, after: string, wrap: ReadonlySet<string>): string {
  const gap = /^(\s*?)(\p{L}+)?(\s{2,})(?=\p{L})/u.exec(after)
  if (!gap) return after
  const wrapped = gap[2] !== undefined ? wrap.has(gap[2].toLowerCase()) : joined(degree, wrap)
  return wrapped ? gap[1]! + (gap[2] ?? '') + ' ' + after.slice(gap[0].length) : after
}

/** A degree without the label written before it: "Course: Master of Business Information Systems". */
function withoutLabel(degree: string, words: Pick<Vocabulary, 'degrees'>): string {
  const labelled = /^([^:]{2,24}?)\s*:\s*(\S.*)$/u.exec(degree)
  if (!labelled || words.degrees.find(labelled[1]!).length > 0) return degree
  return words.degrees.find(labelled[2]!).length > 0 ? labelled[2]! : degree
}

/** A Latin honour after a degree ("summa cum laude", "(magna cum laude)"): the degree's grade, not its name. */
const latinHonour = /[\s,;(]+(?:(?:summa|magna|maxima)\s+)?cum\s+laude\b.*$/iu

/**
 * A degree without the school and the honour a tagger's span or a line's segment read into it: "LLB in
 * Criminal Law" of "University College Cork: LLB in Criminal Law", "Bachelor of Engineering in Computer
 * Science" of "... from VMKV Eng. college", "MBA" of "MBA, Harvard Business School", "Bachelor of Arts
 * in English Literature" of "... summa cum laude".
 */
export function withoutSchool(degree: string, words: Pick<Vocabulary, 'institutionWords'>): string {
  let text = degree
  const labelled = /^([^:]+):\s+(\S.*)$/u.exec(text)
  if (labelled && words.institutionWords.find(labelled[1]!).length > 0 && words.institutionWords.find(labelled[2]!).length === 0) text = labelled[2]!
  const from = /\s(?:from|at)\s+\p{Lu}/u.exec(text)
  if (from && from.index > 0) text = text.slice(0, from.index)
  const pieces = text.split(/(?=,)/)
  const school = pieces.findIndex((piece, i) => i > 0 && words.institutionWords.find(piece).length > 0)
  if (school > 0) text = pieces.slice(0, school).join('')
  return text.replace(latinHonour, '').trim()
}

/** Whether a degree as read so far ends on a joining word ("Masters of"): its field must follow. */
const joined = (degree: string, wrap: ReadonlySet<string>) => wrap.has(/(\p{L}+)\s*$/u.exec(degree)?.[1]?.toLowerCase() ?? '')

/**
 * Words that name a field of study rather than a school, a place, a date or a clause ("Education",
 * "Textiles and Related Arts"). After a joining word only a city of 50,000 people or more is a place:
 * "Master of Commerce" is no degree taken in Commerce, California.
 */
function isField(field: string, words: Words, afterJoin = false): boolean {
  if (!/^[\p{L}(]/u.test(field) || /[()]/.test(field.replace(/\([^()]{1,20}\)/g, ''))) return false
  if (words.institutionWords.find(field).length > 0) return false
  // A job held after the degree ("MBA Marketing Manager") is no field.
  if (words.titles.index.find(field).some((m) => m.end - m.start >= 2)) return false
  // A date or a date word: "December 1995", "July", "Expected graduation".
  if (findDates(field, words).length > 0 || words.months.find(field).length > 0 || words.dateWords.find(field).length > 0 || /^expected\b/i.test(field)) return false
  const place = resolvePlace(field, words.gazetteer)
  const smallTown = place?.place.city === field && !words.gazetteer.cities.lookup(field).some((c) => c.population >= 50_000)
  if (place !== undefined && !(afterJoin && smallTown)) return false
  // A town at the end ("Computer Science Stanford") is where it was taken: the field stops before it.
  const last = field.split(/\s+/).at(-1)!
  return !(field.includes(' ') && /^\p{Lu}/u.test(last) && words.gazetteer.cities.lookup(last).some((c) => c.population >= 50_000))
}
