import { cleanText } from '../text/clean.js'
import { literalPattern } from '../text/literal-pattern.js'
import { entityTypes, type EntitySpan, type EntityType } from './entities.js'

/** A labelled document as the sets give it: its text and, per entity type, the values it names. */
export interface LabelledDocument {
  name: string
  text: string
  values: Partial<Record<EntityType, readonly string[]>>
  /**
   * Types whose labels are partial (dotin labels some skills, not every one): a line without a label
   * of such a type teaches nothing about it, rather than that it holds none.
   */
  partial?: readonly EntityType[]
  /**
   * The only types the document labels (a set of job postings labels skills and nothing else): the
   * other types' taggers learn nothing from it, rather than that it holds none of their entities.
   */
  only?: readonly EntityType[]
  /**
   * The name of the document this one is another form of (its text in one line): it counts as that
   * document toward a feature's cut-off, and the span filters keep the two in one fold, so no filter
   * learns from spans of a tagger that read the other.
   */
  source?: string
}

/** Where two labels overlap, the longer wins; of equal length, the one earlier in this list. */
const priority = new Map(entityTypes.map((type, i) => [type, i]))

/**
 * Spans of a prepared text from the values labelled in it: every place where a value is written,
 * as written (case kept, any run of white space between its words, whole words only). The sets the
 * model learns from label every mention (dotin) or are generated (the synthetic resumes), so every
 * occurrence of a labelled value is taken as labelled. Overlaps keep the longer span.
 */
export function projectLabels(prepared: string, values: LabelledDocument['values']): EntitySpan[] {
  const found: EntitySpan[] = []
  for (const type of entityTypes) {
    for (const value of new Set(values[type] ?? [])) {
      const words = cleanText(value).replace(/^[•\s]+/, '').split(/\s+/).filter(Boolean)
      if (words.join(' ').length < 2) continue
      const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${words.map(literalPattern).join('\\s+')}(?![\\p{L}\\p{N}])`, 'gu')
      for (const match of prepared.matchAll(pattern)) found.push({ type, from: match.index, to: match.index + match[0].length })
    }
  }
  found.sort((a, b) => b.to - b.from - (a.to - a.from) || priority.get(a.type)! - priority.get(b.type)! || a.from - b.from)
  const kept: EntitySpan[] = []
  for (const span of found) if (!kept.some((k) => span.from < k.to && span.to > k.from)) kept.push(span)
  return kept.sort((a, b) => a.from - b.from)
}
