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
 * the layout) or a wide gap keeps its first part: the rules read entries line by line.
 */
export function foundEntities(text: string, document: ModelDocument, spans: readonly EntitySpan[]): FoundEntity[] {
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
    // Two spaces or more end a column or a field: "Sabine Kaiser  Berufserfahrung" read across two columns.
    const written = text.slice(span.from, Math.min(span.to, line.start + line.text.length)).split(/\s{2,}/)[0]!.replace(/^[\s•\-–|,;:/(]+|[\s\-–|,;:/(]+$/g, '').trim()
    return /\p{L}/u.test(written) ? [{ type: span.type, text: written, line: line.number, from: span.from }] : []
  })
}
