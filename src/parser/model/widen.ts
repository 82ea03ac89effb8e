import { degreeWithField } from '../extract/degree-field.js'
import { isOnlyLegalForm } from '../extract/header-parts.js'
import type { Line } from '../sections.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import type { FoundEntity } from './found.js'

type Words = Pick<Vocabulary, 'institutionWords' | 'gazetteer' | 'months' | 'dateWords' | 'titles'>

/** The company's name before a comma and its legal form: "MedUnison" of "MedUnison, L.L.C.", back to a separator. */
const nameBeforeComma = /(?:^|\s{2,}|[|•·;:(]\s*|\s[-–—]\s)([\p{Lu}\p{N}][\p{L}\p{N}&.'’-]*(?:\s+[\p{L}\p{N}&.'’-]+){0,5}),\s*$/u

/**
 * The model's entities where their line writes them on: a degree with its field of study ("Master of
 * Arts" of "Master of Arts, Education"), and an employer that is only a legal form with the name
 * before it ("L.L.C." of "MedUnison, L.L.C."). The taggers end spans early at commas and joining
 * words, which the labelled sets write inside these entities.
 */
export function widened(found: readonly FoundEntity[], lines: readonly Line[], words: Words): FoundEntity[] {
  const text = new Map(lines.map((l) => [l.number, l.text]))
  return found.map((entity) => {
    const line = text.get(entity.line)
    const at = line?.indexOf(entity.text) ?? -1
    if (at < 0 || line === undefined) return entity
    if (entity.type === 'degree') return { ...entity, text: degreeWithField(line, at, at + entity.text.length, words) }
    if (entity.type === 'employer' && isOnlyLegalForm(entity.text)) {
      const name = nameBeforeComma.exec(line.slice(0, at))?.[1]
      return name ? { ...entity, text: `${name}, ${entity.text}` } : entity
    }
    return entity
  })
}
