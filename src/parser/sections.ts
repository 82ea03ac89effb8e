import type { PhraseIndex } from './vocab/phrase-index.js'
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
export function segment(text: string, headings: PhraseIndex<{ section: Section }>, kind: 'resume' | 'jd'): Block[] {
  const blocks: Block[] = [{ section: 'header', heading: '', lines: [] }]
  text.split('\n').forEach((raw, number) => {
    const heading = headingOf(raw, headings)
    const found = heading && (kind === 'jd' || !jdSections.has(heading.section)) ? heading : undefined
    if (found) {
      blocks.push({ section: found.section, heading: found.heading, lines: [] })
      if (found.rest) blocks[blocks.length - 1]!.lines.push({ text: found.rest, number })
      return
    }
    if (raw.trim() !== '') blocks[blocks.length - 1]!.lines.push({ text: raw.trim(), number })
  })
  return blocks.filter((block, i) => i > 0 || block.lines.length > 0)
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
