import { foldKey } from '../text/fold.js'
import { tokenize, type Token } from '../text/tokens.js'
import type { Vocabulary } from '../vocab/vocabulary.js'

/** A calendar month; `month` is 1-12, or 0 when only the year is known. */
export interface YearMonth {
  year: number
  month: number
}

/** A period of a resume: "03/2019 – heute", "since 2018", "Jan 2015 - Dec 2017", "2015–2019". */
export interface DateRange {
  start: YearMonth
  /** `present` for "heute", "actualidad", "obecnie", "since ..." and the like. */
  end: YearMonth | 'present'
  /** Character offsets of the whole range in the line, so the rest of the line can be read. */
  from: number
  to: number
}

interface Point {
  kind: 'date' | 'present'
  value?: YearMonth
  day?: number
  from: number
  to: number
}

type DateWords = Pick<Vocabulary, 'months' | 'dateWords'>

const numeric: Array<{ pattern: RegExp; read: (m: RegExpExecArray) => { year: number; month: number; day?: number } }> = [
  // 31.12.2019, 31/12/2019, 31-12-2019 (day first, as in all six languages' countries but the US)
  { pattern: /\b(\d{1,2})[./-](\d{1,2})[./-]((?:19|20)\d{2})\b/g, read: (m) => dayFirst(m) },
  // 2019-12-31
  { pattern: /\b((?:19|20)\d{2})-(\d{1,2})-(\d{1,2})\b/g, read: (m) => ({ year: +m[1]!, month: +m[2]!, day: +m[3]! }) },
  // 2019/12, 2019-12, 2019.12 (before month-first, so "2014/09" is not read as "14/09")
  { pattern: /\b((?:19|20)\d{2})[./-](\d{1,2})\b(?![./-]\d)/g, read: (m) => ({ year: +m[1]!, month: +m[2]! }) },
  // 12/2019, 12.2019, 12-2019, 3/19; no spaces around the separator, which would be a range's dash
  { pattern: /\b(\d{1,2})[./-]((?:19|20)\d{2}|\d{2})\b(?![./-]\d)/g, read: (m) => ({ year: fullYear(m[2]!), month: +m[1]! }) },
]

function dayFirst(m: RegExpExecArray) {
  const a = +m[1]!
  const b = +m[2]!
  // 12/31/2019 is American; otherwise day first.
  return b > 12 && a <= 12 ? { year: +m[3]!, month: a, day: b } : { year: +m[3]!, month: b, day: a }
}

function fullYear(text: string): number {
  if (text.length === 4) return +text
  const year = 2000 + Number(text)
  return year > new Date().getFullYear() + 1 ? year - 100 : year
}

/** A line's words and its date words ("present", "since", "to"), read once for its points and its ranges. */
function readLine(line: string, words: DateWords): { tokens: Token[]; dateWords: ReturnType<DateWords['dateWords']['find']> } {
  const tokens = tokenize(line)
  return { tokens, dateWords: words.dateWords.find(line, tokens) }
}

/** Every date and "present" word of a line, in order. */
function points(line: string, words: DateWords, { tokens, dateWords } = readLine(line, words)): Point[] {
  const found: Point[] = []
  const taken = (from: number, to: number) => found.some((p) => from < p.to && to > p.from)
  const add = (point: Point) => {
    if (!taken(point.from, point.to)) found.push(point)
  }

  for (const { pattern, read } of numeric) {
    for (const m of line.matchAll(pattern)) {
      const value = read(m as RegExpExecArray)
      if (value.month < 1 || value.month > 12 || !plausibleYear(value.year)) continue
      add({ kind: 'date', value: { year: value.year, month: value.month }, ...(value.day ? { day: value.day } : {}), from: m.index, to: m.index + m[0].length })
    }
  }

  // Month names: "Jan 2019", "März 2018", "mayo de 2018", "Sept. '17", "15 stycznia 2019".
  const yearless: Array<{ i: number; month: number }> = []
  for (let i = 0; i < tokens.length; i++) {
    const month = words.months.lookupWord(tokens[i]!)?.month
    if (!month) continue
    yearless.push({ i, month })
    for (let k = i + 1; k <= i + 3 && k < tokens.length; k++) {
      const year = /^(?:(?:19|20)\d{2})$/.test(tokens[k]!.key) ? +tokens[k]!.key : /^\d{2}$/.test(tokens[k]!.key) && line[tokens[k]!.start - 1] === "'" ? fullYear(tokens[k]!.key) : undefined
      if (year !== undefined && plausibleYear(year)) {
        // "15 stycznia 2019": a day right before the month, not "'17" of a previous date.
        const dayToken = tokens[i - 1]
        const isDay = dayToken && /^\d{1,2}$/.test(dayToken.key) && +dayToken.key <= 31 &&
          /^[\s.]*$/.test(line.slice(dayToken.end, tokens[i]!.start)) && line[dayToken.start - 1] !== "'" &&
          !taken(dayToken.start, dayToken.end)
        const day = isDay ? +dayToken.key : undefined
        add({ kind: 'date', value: { year, month }, ...(day ? { day } : {}), from: (day ? dayToken! : tokens[i]!).start, to: tokens[k]!.end })
        yearless.pop()
        break
      }
      if (!/^(?:de|del|of|du|en|im|w|di)$/.test(tokens[k]!.key)) break
    }
  }
  // "January–June 2009", "Jan - Mar 2011", "Nov. to Feb. 2010": a month before a range's dash or word
  // takes the year of the month after it, the year before when its month comes later in the year.
  const rangeWords = new Set(dateWords.filter((m) => m.entry.meaning === 'range').map((m) => foldKey(m.surface.trim())))
  for (const { i, month } of yearless) {
    const end = found.find((p) => p.value && p.from > tokens[i]!.end && tokens.slice(i + 1, i + 4).some((t) => t.start === p.from))
    if (!end || taken(tokens[i]!.start, tokens[i]!.end)) continue
    const between = line.slice(tokens[i]!.end, end.from).replace(/\./g, '').trim()
    if (!/^[-–~]+$/.test(between) && !rangeWords.has(foldKey(between))) continue
    const year = end.value!.year - (month > end.value!.month ? 1 : 0)
    add({ kind: 'date', value: { year, month }, from: tokens[i]!.start, to: tokens[i]!.end + (line[tokens[i]!.end] === '.' ? 1 : 0) })
  }

  for (const m of line.matchAll(/\b(?:19|20)\d{2}\b/g)) {
    if (plausibleYear(+m[0])) add({ kind: 'date', value: { year: +m[0], month: 0 }, from: m.index, to: m.index + 4 })
  }

  for (const match of dateWords) {
    if (match.entry.meaning === 'present') add({ kind: 'present', from: match.from, to: match.to })
  }
  return found.sort((a, b) => a.from - b.from)
}

function plausibleYear(year: number): boolean {
  return year >= 1950 && year <= new Date().getFullYear() + 6
}

/**
 * The periods written in a line, in order. Two dates joined by a dash or a range word make a range;
 * a date after a "since" word, or followed by a present word, runs to the present.
 */
export function findDateRanges(line: string, words: DateWords): DateRange[] {
  const read = readLine(line, words)
  const found = points(line, words, read)
  const { dateWords } = read
  const sinceWords = dateWords.filter((m) => m.entry.meaning === 'since')
  const rangeWords = new Set(dateWords.filter((m) => m.entry.meaning === 'range').map((m) => `${m.from}`))
  const ranges: DateRange[] = []
  for (let i = 0; i < found.length; i++) {
    const start = found[i]!
    if (start.kind !== 'date') continue
    const next = found[i + 1]
    if (next && isConnector(line.slice(start.to, next.from), start.to, rangeWords)) {
      const end = next.kind === 'present' ? 'present' : next.value!
      if (end === 'present' || compare(start.value!, end) <= 0) {
        ranges.push({ start: start.value!, end, from: start.from, to: next.to })
        i += 1
        continue
      }
    }
    const since = sinceWords.find((w) => w.to <= start.from && /^[\s:]*$/.test(line.slice(w.to, start.from)))
    if (since) ranges.push({ start: start.value!, end: 'present', from: since.from, to: start.to })
  }
  return ranges
}

/** Whether the text between two dates joins them into a range: "–", "-", "to", "bis", "a", "do", ... */
function isConnector(between: string, offset: number, rangeWords: Set<string>): boolean {
  const trimmed = between.trim()
  if (/^(?:[-–~]+|\.{2,3}|>|→)?$/.test(trimmed)) return true
  const leading = between.length - between.trimStart().length
  return rangeWords.has(`${offset + leading}`) && trimmed.split(/\s+/).length <= 3
}

/**
 * A segment without the open end of a period written before it ("Present: Associate Art Editor",
 * "Aktuell - Projektleiterin"): a present word and a separator at its start. Unchanged otherwise, and
 * when nothing but the word would be left.
 */
export function withoutOpenEnd(segment: string, words: Pick<Vocabulary, 'dateWords'>): string {
  const word = words.dateWords.find(segment).find((m) => m.from === 0 && m.entry.meaning === 'present')
  const separator = word && /^\s*[:\-–—|,]\s*/.exec(segment.slice(word.to))
  if (!word || !separator) return segment
  const rest = segment.slice(word.to + separator[0].length)
  return /\p{L}/u.test(rest) ? rest : segment
}

/** Every date of a line, single or in a range: for graduation years and dates of birth. */
export function findDates(line: string, words: DateWords): Array<{ value: YearMonth; day?: number; from: number; to: number }> {
  return points(line, words)
    .filter((p) => p.kind === 'date')
    .map((p) => ({ value: p.value!, ...(p.day ? { day: p.day } : {}), from: p.from, to: p.to }))
}

export function compare(a: YearMonth, b: YearMonth): number {
  return a.year - b.year || a.month - b.month
}

/** The month a range ends in: `present` is the month of `now`. */
export function endMonth(range: DateRange, now: Date): YearMonth {
  return range.end === 'present' ? { year: now.getFullYear(), month: now.getMonth() + 1 } : range.end
}

/**
 * The month a range starts in, as a month count. A year alone ("2015 – 2019") is read as its middle:
 * starting in July and ending in June, so "2015 – 2019" is 4 years, not 5 (ranges written as whole
 * years overstate experience by a year otherwise).
 */
export function startIndex(start: YearMonth): number {
  return start.year * 12 + (start.month || 7)
}

export function endIndex(range: DateRange, now: Date): number {
  const end = endMonth(range, now)
  return end.year * 12 + (end.month || 6)
}

/** Months covered by a range, counting both ends ("01/2019 – 03/2019" is 3 months); at least 1. */
export function monthsIn(range: DateRange, now: Date): number {
  return Math.max(1, endIndex(range, now) - startIndex(range.start) + 1)
}

/** dd/MM/yyyy, the output's date format; an unknown month or day is the first. */
export function formatDate(value: YearMonth, day?: number): string {
  const dd = String(day ?? 1).padStart(2, '0')
  const mm = String(value.month || 1).padStart(2, '0')
  return `${dd}/${mm}/${value.year}`
}
