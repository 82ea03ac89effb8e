import { foldKey } from '../text/fold.js'
import { literalPattern } from '../text/literal-pattern.js'
import { readTsv, list } from '../vocab/tsv.js'

export interface ExperienceRequired {
  min?: number
  max?: number
}

/** The words of one meaning of vocab/date-words.tsv, folded, longest first (for a regex alternation). */
function wordsOf(meaning: string, file = 'date-words.tsv', key = 'meaning'): string[] {
  return readTsv(file)
    .filter((row) => row[key] === meaning)
    .flatMap((row) => list(row.variants))
    .map((w) => foldKey(w))
    .sort((a, b) => b.length - a.length)
}

const escape = (w: string) => literalPattern(w).replace(/\s+/g, '\\s+')
const alternation = (ws: string[]) => ws.map(escape).join('|')

let compiled: { pattern: RegExp; numbers: Map<string, number>; experience: RegExp } | undefined

/**
 * "3-5 years", "5+ yrs", "at least 3 years", "mindestens drei Jahre", "entre 2 y 4 años",
 * "au moins 5 ans", "minimum 4 lata", "co najmniej 2 lata", "almeno 5 anni", "up to 3 years": built from
 * the date words (year units, minimum and maximum words) and number words of the vocabularies.
 */
function compile() {
  if (compiled) return compiled
  const numbers = new Map<string, number>()
  for (const row of readTsv('numbers.tsv')) for (const w of list(row.variants)) numbers.set(foldKey(w), Number(row.value))
  const numberWords = [...numbers.keys()].sort((a, b) => b.length - a.length)
  const num = `(\\d{1,2}(?:[.,]5)?|${alternation(numberWords)})`
  const plus = alternation(wordsOf('plus'))
  const max = alternation(wordsOf('maximum'))
  const year = alternation(wordsOf('year'))
  const joiner = `(?:-|–|~|/|${alternation([...wordsOf('range'), 'and', 'und', 'y', 'et', 'i', 'e', 'o', 'or', 'oder', 'ou', 'lub', 'to'])})`
  const pattern = new RegExp(
    `(?:^|[^\\p{L}\\d])(?:(${plus})\\s+|(${max})\\s+|(?:${alternation(wordsOf('between'))})\\s+)?${num}(?:\\s*${joiner}\\s*${num})?\\s*(\\+)?\\s*(?:${year})(?![\\p{L}])`,
    'iu',
  )
  compiled = {
    pattern,
    numbers,
    experience: new RegExp(`(?:^|[^\\p{L}])(?:${alternation(wordsOf('experience'))})`, 'iu'),
  }
  return compiled
}

/** The years of experience a JD asks for: the first line that states them with an experience word. */
export function findExperienceRequired(lines: string[]): ExperienceRequired {
  const { pattern, numbers, experience } = compile()
  const read = (text: string | undefined) =>
    text === undefined ? undefined : /^\d/.test(text) ? Number(text.replace(',', '.')) : numbers.get(foldKey(text))
  for (const raw of lines) {
    const line = foldKey(raw)
    if (!experience.test(line)) continue
    const m = pattern.exec(line)
    if (!m) continue
    const [, atLeast, upTo, first, second] = m
    const a = read(first)
    const b = read(second)
    if (a === undefined || a > 40) continue
    if (upTo) return { max: a }
    if (b !== undefined && b >= a && !atLeast) return { min: a, max: b }
    return { min: a }
  }
  return {}
}
