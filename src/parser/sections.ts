import type { PhraseIndex } from './vocab/phrase-index.js'
import type { Vocabulary } from './vocab/vocabulary.js'
import type { Section } from './vocab/word-lists.js'

/** A line of the document with its place, so extractors can relate what they find to each other. */
export interface Line {
  text: string
  /** 0-based line number in the document. */
  number: number
}

export interface Block {
  /** `header` is what comes before the first heading (name, contact details, often the address). */
  section: Section | 'header'
  heading: string
  lines: Line[]
}

/**
 * Sections only a job description has. In a resume their headings ("Responsibilities", "Duties", "Key
 * Tasks") head a part of one job's description, so they open no section there: the job's lines stay in
 * the experience section, where its period and header are read.
 */
const jdSections: ReadonlySet<Section> = new Set(['responsibilities', 'requirements', 'preferred', 'benefits', 'company'])

const decoration = /^[\s•#>*\-–_=|.:]*(?:\d{1,2}[.)]\s+|[IVX]{1,4}[.)]\s+)?|[\s:•#*\-–_=|.]*$/g

/**
 * Splits a document into blocks by its section headings, in any of the six languages: a short line that
 * is a known heading ("Berufserfahrung", "WORK EXPERIENCE:", "2. Formación académica"), or a known
 * heading followed by a colon and content ("Skills: Java, SQL"), whose content starts the block. In a
 * resume a job description's heading is a line of the section it stands in (`jdSections`).
 */
export function segment(text: string, words: Pick<Vocabulary, 'headings' | 'joiningWords'>, kind: 'resume' | 'jd'): Block[] {
  const headings = words.headings
  const blocks: Block[] = [{ section: 'header', heading: '', lines: [] }]
  let previous = ''
  text.split('\n').forEach((raw, number) => {
    const heading = headingOf(raw, headings)
    const found = heading && (kind === 'jd' || !jdSections.has(heading.section)) && !continues(previous, raw, headings, words.joiningWords.wrap) ? heading : undefined
    if (raw.trim() !== '') previous = raw
    if (found) {
      blocks.push({ section: found.section, heading: found.heading, lines: [] })
      if (found.rest) blocks[blocks.length - 1]!.lines.push({ text: found.rest, number })
      return
    }
    if (raw.trim() !== '') blocks[blocks.length - 1]!.lines.push({ text: raw.trim(), number })
  })
  return blocks.filter((block, i) => i > 0 || block.lines.length > 0)
}

/**
 * Where the joining word a line ends on starts (vocab/joining-words.tsv, `wrap`), or -1: a one-letter
 * one ("e", "i", "w", "y") only in lower case and after another word, since "Level I" and "Vitamin E"
 * end a line as they are; and an ampersand.
 */
function joiningEnd(line: string, joining: ReadonlySet<string>): number {
  const last = /(?:^|\s)(\S+)\s*$/.exec(line)
  if (!last) return -1
  const word = last[1]!
  const at = last.index + last[0].length - last[0].trimStart().length
  if (word === '&') return at
  if (word.length === 1) return at > 0 && joining.has(word) ? at : -1
  return joining.has(word.toLowerCase()) ? at : -1
}

/**
 * Whether a line that reads as a heading goes on with the line before it, which a wrap cut after a
 * joining word: "University of Oklahoma College of" / "Continuing Education". Not when the line
 * before is the first half of a heading ("HONORS AND" / "AWARDS", "PROFESSIONAL MEMBERSHIPS AND" /
 * "ACTIVITIES": a word alone, a heading, or written in capitals).
 */
function continues(previous: string, raw: string, headings: PhraseIndex<{ section: Section }>, joining: ReadonlySet<string>): boolean {
  const joined = joiningEnd(previous, joining)
  if (joined < 0) return false
  const before = previous.slice(0, joined).trim()
  if (before.split(/\s+/).length < 2 || !/\p{Ll}/u.test(before)) return false
  return headingOf(before, headings) === undefined && headingOf(`${previous.trim()} ${raw.trim()}`, headings) === undefined
}

function headingOf(raw: string, headings: PhraseIndex<{ section: Section }>): { section: Section; heading: string; rest?: string } | undefined {
  const line = raw.trim()
  if (line.length === 0 || line.length > 80) return undefined
  const bare = line.replace(decoration, '').trim()
  if (bare.split(/\s+/).length <= 6) {
    const entry = headings.lookup(bare)
    if (entry) return { section: entry.section, heading: bare }
  }
  const labelled = /^([^:]{2,40}):\s*(.+)$/.exec(line)
  if (labelled) {
    const entry = headings.lookup(labelled[1]!.replace(decoration, ''))
    if (entry) return { section: entry.section, heading: labelled[1]!.trim(), rest: labelled[2]!.trim() }
  }
  return undefined
}
