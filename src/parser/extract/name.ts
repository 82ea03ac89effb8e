import type { PersonName } from '../resume-output.js'
import { foldKey } from '../text/fold.js'
import { literalPattern } from '../text/literal-pattern.js'
import { list, readTsv } from '../vocab/tsv.js'
import type { Vocabulary } from '../vocab/vocabulary.js'

/** The name reader's words (vocab/name-words.tsv), as the patterns it tests words and texts with. */
interface NamePatterns {
  honorific: RegExp
  notName: RegExp
  streetWord: RegExp
  notInName: RegExp
}

let patterns: NamePatterns | undefined

function namePatterns(): NamePatterns {
  if (patterns) return patterns
  const words = new Map<string, string[]>()
  for (const row of readTsv('name-words.tsv')) words.set(row.use!, list(row.words).map(literalPattern))
  const any = (use: string) => {
    const listed = words.get(use)
    if (!listed || listed.length === 0) throw new Error(`vocab/name-words.tsv: no words for '${use}'`)
    return listed.join('|')
  }
  patterns = {
    honorific: new RegExp(`^(?:${any('honorific')})\\.?$`, 'i'),
    notName: new RegExp(`^(?:${any('not-name')})$`, 'i'),
    streetWord: new RegExp(`(?:${any('street-ending')})$|^(?:${any('street-word')})$`, 'i'),
    // Digits, @ and slashes never stand in a person's name either.
    notInName: new RegExp(`[\\d@/\\\\:]|\\b(?:${any('street-in-text')})\\b`),
  }
  return patterns
}

/** Whether a word stands where a name would but is none ("Lebenslauf", "Curriculum", "CV"). */
export const isNotNameWord = (word: string) => namePatterns().notName.test(word)
/** Whether a word is an honorific or academic title ("Dr.", "Frau", "Mgr"); they go to TitleName. */
export const isHonorific = (word: string) => namePatterns().honorific.test(word)
/** Whether a text holds what never stands in a person's name: digits, @, slashes, a street's word ("Michigan Ave"). */
export const notInName = (text: string) => namePatterns().notInName.test(text)
const nameWord = /^(?:\p{Lu}[\p{L}'-]*\.?|\p{Lu}\.)$/u

export interface NameContext {
  emails: string[]
  /** Whether a line is something else: a heading, a job title, a place. */
  isOther(text: string): boolean
  /** What a lost line break ran into the end of a name, cut off (nameAlone); the name as it is by default. */
  alone?(name: string, after: string): string
  /** "Name: ..." labels in six languages. */
  labelledName?: string
  /** Lower-case particles inside names (vocab/joining-words.tsv): Ludwig van Beethoven, María de la Cruz. */
  particles: ReadonlySet<string>
}

/**
 * The candidate's name: a "Name:" label's value, else the best short line of capitalised words near
 * the top (a matching email address makes it certain), else the email address's local part.
 */
export function findName(topLines: string[], context: NameContext): PersonName {
  if (context.labelledName) return splitName(context.labelledName, context.particles)
  const emailWords = new Set(context.emails.flatMap((e) => foldKey(e.split('@')[0]!).split(/[._\-\d]+/)).filter((w) => w.length > 1))

  let best: { text: string; score: number } | undefined
  topLines.slice(0, 12).forEach((line, i) => {
    const segments = line.split(/\s*(?:[|•·,]|\s[-–]\s|\s{2,})\s*/).slice(0, 2)
    // Text whose line breaks were lost runs the name into what follows: "Anna Kowalska ul. Długa 15".
    const leading = leadingNameWords(line, context.particles)
    if (leading && !segments.includes(leading)) segments.push(leading)
    for (const segment of segments) {
      const written = segment.trim()
      const text = context.alone ? context.alone(written, line.slice(line.indexOf(written) + written.length)) : written
      if (!looksLikeName(text, context.particles) || context.isOther(text)) continue
      const words = text.split(/\s+/).filter((w) => !isHonorific(w))
      const fromEmail = words.filter((w) => emailWords.has(foldKey(w.replace(/\.$/, '')))).length
      const score = 10 - i + fromEmail * 10
      if (!best || score > best.score) best = { text, score }
    }
  })
  if (best) return splitName(best.text, context.particles)

  const local = context.emails[0]?.split('@')[0]?.split(/[._]/).filter((w) => /^\p{L}{2,}$/u.test(w))
  if (local && local.length >= 2 && local.length <= 3) return splitName(local.map(capitalise).join(' '), context.particles)
  return { FullName: '', TitleName: '', FirstName: '', MiddleName: '', LastName: '' }
}

/** The vocabulary nameAlone needs: section headings, title words, and where job titles start in a text. */
export interface NameEnds {
  isHeading(word: string): boolean
  /** A title's head or modifier word ("Consultant", "Senior") that is no known surname ("Cook"). */
  isTitleWord(word: string): boolean
  /** Character offsets in `text` where a job title of two words or more starts. */
  titleStarts(text: string): number[]
}

/** NameEnds from the parser's vocabulary; `surnames` folded (model/names.ts). */
export const nameEnds = (words: Pick<Vocabulary, 'headings' | 'titles' | 'titleHeads'>, surnames: ReadonlySet<string>): NameEnds => ({
  isHeading: (word) => words.headings.lookup(word) !== undefined,
  isTitleWord: (word) => {
    const key = foldKey(word)
    return (words.titleHeads.words.has(key) || words.titleHeads.modifiers.has(key)) && !surnames.has(key)
  },
  titleStarts: (text) => words.titles.index.find(text).filter((m) => m.end - m.start >= 2).map((m) => m.from),
})

/**
 * A name without what a lost line break ran into its end, as long as two words are left: the start of
 * a job title that goes on in `after`, the rest of its line ("Anna Nowak Data" + " Analyst ..."), then
 * the title's words and headings before it ("Anna Nowak Senior", "Anna Nowak Summary").
 */
export function nameAlone(name: string, after: string, ends: NameEnds): string {
  const words = name.split(/\s+/)
  const line = `${name} ${after.trim().split(/\s+/).slice(0, 4).join(' ')}`
  let keep = words.length
  for (const start of ends.titleStarts(line)) {
    if (start >= name.length) continue
    const before = line.slice(0, start).trim()
    const count = before === '' ? 0 : before.split(/\s+/).length
    if (count >= 2) keep = Math.min(keep, count)
  }
  const kept = words.slice(0, keep)
  while (kept.length > 2 && (ends.isHeading(kept[kept.length - 1]!) || ends.isTitleWord(kept[kept.length - 1]!))) kept.pop()
  return kept.join(' ')
}

/** The run of two to four capitalised words a line starts with, after words such as "CV". */
function leadingNameWords(line: string, particles: ReadonlySet<string>): string | undefined {
  // Two spaces or more end the name: what follows is another column or field ("Anna Nowak  Experience").
  const words = line.split(/\s{2,}/)[0]!.split(/\s+/)
  while (words.length > 0 && (isNotNameWord(words[0]!) || isHonorific(words[0]!))) words.shift()
  const run: string[] = []
  const capitals = (w: string) => w.length > 1 && w === w.toUpperCase()
  for (const word of words) {
    if (run.length === 4 || !(nameWord.test(word) || (run.length > 0 && particles.has(word))) || /\.$/.test(word)) break
    // A street ("Lindenstraße 7") ends the name, and so does the end of a name written in capitals
    // ("EMILY CARTER Senior Data Analyst").
    if (namePatterns().streetWord.test(word) || (run.length >= 2 && capitals(run[0]!) && !capitals(word))) break
    run.push(word)
  }
  while (run.length > 0 && particles.has(run[run.length - 1]!)) run.pop()
  return run.length >= 2 ? run.join(' ') : undefined
}

function looksLikeName(text: string, particles: ReadonlySet<string>): boolean {
  if (text.length < 4 || text.length > 50 || notInName(text)) return false
  const words = text.split(/\s+/).filter((w) => !isHonorific(w))
  if (words.length < 2 || words.length > 5) return false
  if (words.some(isNotNameWord)) return false
  return words.every((w) => nameWord.test(w) || particles.has(w)) && words.some((w) => !particles.has(w))
}

/** "Dr. Anna Maria KOWALSKA" -> TitleName Dr., First Anna, Middle Maria, Last Kowalska. */
export function splitName(raw: string, particles: ReadonlySet<string>): PersonName {
  let text = raw.replace(/\s+/g, ' ').trim()
  const titles: string[] = []
  let words = text.split(' ')
  while (words.length > 1 && isHonorific(words[0]!)) titles.push(words.shift()!)
  // "Kowalski, Jan" is last name first.
  if (words.join(' ').includes(',')) {
    const [last, first] = words.join(' ').split(',').map((s) => s.trim())
    words = [...(first ?? '').split(' '), ...(last ?? '').split(' ')].filter(Boolean)
  }
  // "DUPONT Jean" / "Jean DUPONT": the one word in capitals is the last name.
  const capitals = words.filter((w) => w.length > 1 && w === w.toUpperCase() && /\p{Lu}/u.test(w))
  if (capitals.length === 1 && words.length > 1) {
    words = [...words.filter((w) => w !== capitals[0]), capitals[0]!]
  }
  words = words.map((w) => (w.length > 1 && w === w.toUpperCase() ? capitalise(w) : w))
  text = words.join(' ')

  let lastStart = words.length - 1
  while (lastStart > 1 && particles.has(words[lastStart - 1]!)) lastStart -= 1
  return {
    FullName: text,
    TitleName: titles.join(' '),
    FirstName: words[0] ?? '',
    MiddleName: words.slice(1, lastStart).join(' '),
    LastName: words.length > 1 ? words.slice(lastStart).join(' ') : '',
  }
}

function capitalise(word: string): string {
  return word
    .toLowerCase()
    .replace(/(^|[-'])(\p{L})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase())
}
