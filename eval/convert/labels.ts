import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Gold } from '../gold-format.js'

/** A labelled span of a source set: its label ("Designation", "company_name", ...) and its text. */
export interface Span {
  type: string
  text: string
  /** Where the span starts in the document's text, when the converter knows it. */
  start?: number
}

/** A converted document, ready to write as NAME.txt and NAME.gold.json. */
export interface GoldExample {
  name: string
  text: string
  gold: Gold
}

/** The gold list fields a converter can fill from spans. */
export type ListField = 'emails' | 'titles' | 'employers' | 'institutes' | 'degrees' | 'skills'

/** Which source labels make each gold field; a field a set does not label is left out. */
export interface LabelMap {
  name?: string[]
  /** Labels of the candidate's own location (the first one is kept). */
  city?: string[]
  lists: Partial<Record<ListField, string[]>>
}

/** A label's text on one line: inner line breaks and runs of spaces become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * Gold labels from spans: the first span of a name label; for lists, the distinct spans (exact after
 * whitespace is collapsed) in document order. A field with no span is left out, so it is not scored:
 * the sets do not say whether an unlabelled field is absent or merely unlabelled.
 */
export function goldFromSpans(spans: Span[], map: LabelMap, base: Gold = {}): Gold {
  const texts = (types: string[]) => spans.filter((s) => types.includes(s.type)).map((s) => oneLine(s.text)).filter((t) => t !== '')
  const gold: Gold = { ...base }
  const name = map.name ? texts(map.name)[0] : undefined
  if (name !== undefined) gold.name = name
  const city = map.city ? texts(map.city)[0] : undefined
  if (city !== undefined) gold.city = city
  for (const [field, types] of Object.entries(map.lists) as Array<[ListField, string[]]>) {
    const values = [...new Set(texts(types))]
    if (values.length > 0) gold[field] = values
  }
  return gold
}

/** Spans from character offsets into a text (end exclusive), as Label Studio and spaCy give them. */
export function spansAt(text: string, offsets: Array<{ start: number; end: number; type: string }>): Span[] {
  return [...offsets].sort((a, b) => a.start - b.start).map(({ start, end, type }) => ({ type, text: text.slice(start, end) }))
}

/** Writes NAME.txt and NAME.gold.json. */
export function writeGoldExample(dir: string, { name, text, gold }: GoldExample): void {
  writeFileSync(join(dir, `${name}.txt`), text)
  writeFileSync(join(dir, `${name}.gold.json`), `${JSON.stringify(gold, null, 2)}\n`)
}
