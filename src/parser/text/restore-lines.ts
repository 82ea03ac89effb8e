import { findDateRanges } from '../extract/dates.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { isAbbreviation } from './abbreviation.js'

type Words = Pick<Vocabulary, 'headings' | 'months' | 'dateWords' | 'abbreviations'>

/** A line this long is many lines run together (text extraction lost the breaks). */
const runTogether = 300

/**
 * Gives back the lines of text whose line breaks were lost, so sections and jobs can be found: runs of
 * spaces and bullets were breaks; a known heading (in capitals, or followed by a colon) and a period
 * ("2019 – 2021", "Jan 2020 - Present") stand on lines of their own; sentences end lines. Lines of
 * ordinary length are left as they are.
 */
export function restoreLines(text: string, words: Words): string {
  if (!text.split('\n').some((line) => line.length > runTogether)) return text
  return text
    .split('\n')
    .map((line) => (line.length > runTogether ? rebuild(line, words) : line))
    .join('\n')
}

function rebuild(line: string, words: Words): string {
  // A period written with spaces where its dash was lost ("June 2012  July 2012") is no break.
  const periods = findDateRanges(line, words)
  const inPeriod = (at: number) => periods.some((r) => r.from < at && at < r.to)
  let text = line
    .replace(/ {2,}/g, (spaces, at: number) => (inPeriod(at) ? ' ' : '\n'))
    .replace(/\s*•\s*/g, '\n• ')
    .replace(/(\S*)([.!?])\s+(?=\p{Lu})/gu, (all, before: string, mark: string) => (mark === '.' && isAbbreviation(before, words) ? all : `${before}${mark}\n`))
  text = breakAround(text, (part) =>
    words.headings
      .find(part)
      .filter((m) => {
        const after = part.slice(m.to)
        if (!/^\p{Lu}/u.test(m.surface)) return false
        // In capitals, or with a colon, it is a heading; in Title case only when it has several words
        // ("Beruflicher Werdegang"): a single capitalised word ("Tecnologie") is too often just a word.
        return m.surface === m.surface.toUpperCase() || /^\s*:/.test(after) || /\s/.test(m.surface.trim()) || /^\s+\d/.test(after)
      })
      .map((m) => [m.from, m.to + (/^\s*:/.test(part.slice(m.to)) ? part.slice(m.to).indexOf(':') + 1 : 0)] as const),
  )
  // A period in parentheses belongs to the words before it ("Paralegal (2013 – present)").
  const inParentheses = (part: string, from: number, to: number) => /\(\s*$/.test(part.slice(0, from)) && /^\s*\)/.test(part.slice(to))
  text = breakAround(text, (part) => findDateRanges(part, words).filter((r) => !inParentheses(part, r.from, r.to)).map((r) => [r.from, r.to] as const))
  return text.replace(/\n\s*\n+/g, '\n').replace(/^\s+|\s+$/g, '')
}


/** Puts each span found in a line on a line of its own. */
function breakAround(text: string, spans: (line: string) => ReadonlyArray<readonly [number, number]>): string {
  return text
    .split('\n')
    .map((part) => {
      let out = ''
      let at = 0
      for (const [from, to] of [...spans(part)].sort((a, b) => a[0] - b[0])) {
        if (from < at) continue
        out += part.slice(at, from) + '\n' + part.slice(from, to) + '\n'
        at = to
      }
      return out + part.slice(at)
    })
    .join('\n')
}
