import type { ModelDocument } from './document.js'

/** What the tagger finds. Places stay with the gazetteer: the labelled sets the model learns from do not give them. */
export const entityTypes = ['name', 'title', 'employer', 'institute', 'degree', 'skill'] as const
export type EntityType = (typeof entityTypes)[number]

/** An entity in the prepared text: its type and character offsets (end exclusive). */
export interface EntitySpan {
  type: EntityType
  from: number
  to: number
}

/** BIO tags of a document's tokens from spans: a token inside a span is B- at its start, I- after. */
export function tagsOf(document: ModelDocument, spans: readonly EntitySpan[]): string[] {
  const tags = document.tokens.map(() => 'O')
  const sorted = [...spans].sort((a, b) => a.from - b.from)
  let s = 0
  let inside: EntitySpan | undefined
  document.tokens.forEach((token, t) => {
    while (s < sorted.length && sorted[s]!.to <= token.start) s++
    const span = sorted[s]
    if (span && token.start < span.to && token.end > span.from) {
      tags[t] = `${inside === span ? 'I' : 'B'}-${span.type}`
      inside = span
    } else inside = undefined
  })
  return tags
}

/** Spans from BIO tags: a B- opens one, I- of the same type continues it. */
export function spansOf(document: ModelDocument, tags: readonly string[]): EntitySpan[] {
  const spans: EntitySpan[] = []
  tags.forEach((tag, t) => {
    const token = document.tokens[t]!
    const type = tag.slice(2) as EntityType
    const last = spans.at(-1)
    if (tag.startsWith('I-') && last && last.type === type && t > 0 && tags[t - 1] !== 'O') last.to = token.end
    else if (tag !== 'O') spans.push({ type, from: token.start, to: token.end })
  })
  return spans
}
