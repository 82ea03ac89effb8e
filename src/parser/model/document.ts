import { findDateRanges } from '../extract/dates.js'
import { segment, type Block } from '../sections.js'
import { cleanText } from '../text/clean.js'
import { restoreLines } from '../text/restore-lines.js'
import type { Vocabulary } from '../vocab/vocabulary.js'

/** A token the tagger reads: a word, or one punctuation character, with its place in the text. */
export interface ModelToken {
  text: string
  start: number
  end: number
  /** Index into ModelDocument.lines. */
  line: number
}

/** A line of the prepared text with what the features need to know about it. */
export interface ModelLine {
  text: string
  /** Offset of the line in the prepared text. */
  start: number
  /** 0-based line number in the prepared text, as sections.ts numbers lines. */
  number: number
  /** Among non-empty lines, 0-based: the name is on one of the first few. */
  rank: number
  section: Block['section']
  heading: boolean
  dated: boolean
  /** The periods written on the line ("2019 – 2021"), as offsets into its text. */
  periods: ReadonlyArray<{ from: number; to: number }>
  /** Tokens of the line: [first, end) into ModelDocument.tokens. */
  first: number
  end: number
}

/** A text as the tagger sees it: the prepared text, its lines and its tokens. */
export interface ModelDocument {
  text: string
  lines: ModelLine[]
  tokens: ModelToken[]
}

type Words = Pick<Vocabulary, 'headings' | 'months' | 'dateWords' | 'abbreviations' | 'joiningWords'>

/**
 * The text the parser reads: cleaned, and with lost line breaks given back (restore-lines.ts), so that
 * a one-line text is read as lines and sentence-like pieces, as the rules read it. Spans found by the
 * tagger are offsets into this text.
 */
export function prepareText(text: string, words: Words): string {
  return restoreLines(cleanText(text), words)
}

/**
 * Words keep the punctuation inside them ("Node.js", "B.E", "O'Brien", "e-mail", "C++"); every other
 * character that is not a space is a token of its own, so separators ("|", "-", "/", ",") are features.
 */
const tokenPattern = /[\p{L}\p{N}]+(?:['.&-][\p{L}\p{N}]+)*(?:\+\+|\+|#)?|[^\s\p{L}\p{N}]/gu

/** Lines, sections and tokens of a prepared text; `blocks` are its sections when the caller has them. */
export function modelDocument(text: string, words: Words, blocks: readonly Block[] = segment(text, words, 'resume')): ModelDocument {
  const sections = new Map<number, Block['section']>()
  const headingLines = new Set<number>()
  let number = 0
  for (const block of blocks) {
    for (const line of block.lines) sections.set(line.number, block.section)
  }
  const lines: ModelLine[] = []
  const tokens: ModelToken[] = []
  let offset = 0
  let rank = 0
  let section: Block['section'] = 'header'
  for (const raw of text.split('\n')) {
    const start = offset
    offset += raw.length + 1
    const index = number++
    if (raw.trim() === '') continue
    // A line segment() did not give to a block is a heading: it opens the section of the next line.
    const known = sections.get(index)
    if (known === undefined) headingLines.add(index)
    section = known ?? section
    const periods = findDateRanges(raw, words).map((r) => ({ from: r.from, to: r.to }))
    const line: ModelLine = { text: raw, start, number: index, rank: rank++, section, heading: known === undefined, dated: periods.length > 0, periods, first: tokens.length, end: tokens.length }
    for (const match of raw.matchAll(tokenPattern)) {
      tokens.push({ text: match[0], start: start + match.index, end: start + match.index + match[0].length, line: lines.length })
    }
    line.end = tokens.length
    lines.push(line)
  }
  // A heading's section is the one it opens.
  lines.forEach((line, i) => {
    if (line.heading) line.section = lines[i + 1]?.section ?? line.section
  })
  return { text, lines, tokens }
}
