import type { ModelDocument } from './document.js'
import type { EntitySpan, EntityType } from './entities.js'

/** An entity the model found, as written, with the line (sections.ts numbering) it stands on. */
export interface FoundEntity {
  type: EntityType
  text: string
  line: number
  from: number
}

/**
 * The model's entities with their text and line. A span that runs over a line break (a label split by
 * the layout) or a wide gap keeps its first part: the rules read entries line by line. What a span
 * holds of a period of its line is no part of it ("fecha" of "febrero 2023 – la fecha  Responsable").
 */
export function foundEntities(text: string, document: ModelDocument, spans: readonly EntitySpan[], dangling: ReadonlySet<string>): FoundEntity[] {
  // Where a span starting inside a period of its line starts once the period is behind it.
  const afterPeriod = (line: ModelDocument['lines'][number], from: number) => {
    const period = line.periods.find((r) => line.start + r.from <= from && from < line.start + r.to)
    return period ? line.start + period.to : from
  }
  const starts = document.lines.map((l) => l.start)
  const lineAt = (offset: number) => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if (starts[middle]! <= offset) low = middle
      else high = middle - 1
    }
    return document.lines[low]!
  }
  return spans.flatMap((span) => {
    const line = lineAt(span.from)
    const from = afterPeriod(line, span.from)
    // Two spaces or more end a column or a field: "Sabine Kaiser  Berufserfahrung" read across two columns.
    const lineEnd = line.start + line.text.length
    const start = from + /^\s*/.exec(text.slice(from, lineEnd))![0].length
    const raw = text.slice(start, Math.min(span.to, lineEnd)).split(/\s{2,}/)[0]!
    const written = withoutLooseEnds(balanced(raw, text.slice(start + raw.length, lineEnd)), dangling)
    return /\p{L}/u.test(written) ? [{ type: span.type, text: written, line: line.number, from: start }] : []
  })
}

/**
 * A span that opens a parenthesis and stops before closing it: closed when the line closes it a few
 * characters on ("Siemens PLM Software (UGS" + ")"), else cut before it ("Project Manager (consultant").
 */
function balanced(written: string, after: string): string {
  const open = written.lastIndexOf('(')
  if (open < 0 || written.indexOf(')', open) >= 0) return written
  const close = /^[^()]{0,12}\)/.exec(after)
  return close ? written + close[0] : written.slice(0, open)
}

/** The text without the word it ends on when that joins it to what follows (vocab/joining-words.tsv, `dangling`), or an ampersand: "Attorney at". */
function withoutDanglingWord(text: string, dangling: ReadonlySet<string>): string {
  const last = /\s+(\S+)$/.exec(text)
  return last && (last[1] === '&' || dangling.has(last[1]!)) ? text.slice(0, last.index) : text
}

/** Separators and joining words taken off a span's ends. */
function withoutLooseEnds(written: string, dangling: ReadonlySet<string>): string {
  let text = written.replace(/^[\s•\-–|,;:/(]+|[\s\-–|,;:/(]+$/g, '').trim()
  // A parenthesis closed and never opened belongs to the words before the span: "MBA)" of "(MBA)".
  if (text.endsWith(')') && !text.includes('(')) text = text.slice(0, -1).trim()
  for (let before = ''; before !== text; ) {
    before = text
    text = withoutDanglingWord(text, dangling).replace(/[\s\-–|,;:/]+$/, '')
  }
  return text
}
