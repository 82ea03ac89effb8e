import { normaliseValue } from '../entity/entities.js'
import { vocabulary } from '../parser/vocab/vocabulary.js'
import type { ConditionValue } from './query.js'
import type { ValueKind } from './search-entities.js'

/**
 * A query value as stored values are written: titles, skills and degrees by their canonical names
 * ("Java-Entwickler" finds Java developers in any language), places by the gazetteer's names
 * ("München" finds Munich), experience as months. Unknown words are compared folded.
 */
export function queryValue(kind: ValueKind, raw: string): ConditionValue {
  const words = vocabulary()
  const shown = raw.trim()
  const exact = (value: string): ConditionValue => ({ type: 'exact', value: normaliseValue(value), shown })
  switch (kind) {
    case 'title':
      return exact(canonical(words.titles.index, shown) ?? shown)
    case 'skill':
      return exact(canonical(words.skills.index, shown) ?? shown)
    case 'degree': {
      const degree = words.degrees.lookup(shown)
      // A level word ("Master") matches the level every degree of that level stores.
      return exact(degree ? (normaliseValue(degree.level) === normaliseValue(shown) ? degree.level : degree.name) : shown)
    }
    case 'city':
      return exact(words.gazetteer.resolve(shown)?.city || shown)
    case 'state':
      return exact(words.gazetteer.resolve(shown)?.state || shown)
    case 'country':
      return exact(words.gazetteer.places.country(shown)?.name ?? shown)
    case 'years':
    case 'months':
    case 'maxYears':
      return experienceValue(kind, shown)
    case 'text':
      return exact(shown)
  }
}

function canonical<T extends { canonical: string }>(index: { lookup(text: string): T | undefined; find(text: string): Array<{ entry: T; surface: string }> }, text: string): string | undefined {
  const whole = index.lookup(text)
  if (whole) return whole.canonical
  // "Senior Java Developer" is the Java Developer title with a seniority word.
  return index.find(text).sort((a, b) => b.surface.length - a.surface.length)[0]?.entry.canonical
}

/** "5" means at least 5; "3-5" between 3 and 5 (inclusive, in whole years). */
function experienceValue(kind: 'years' | 'months' | 'maxYears', text: string): ConditionValue {
  const perUnit = kind === 'months' ? 1 : 12
  const column = kind === 'maxYears' ? 'experience_max_months' : 'experience_months'
  const range = /^\s*(\d+(?:[.,]\d+)?)\s*(?:-|–|to)\s*(\d+(?:[.,]\d+)?)\s*$/.exec(text)
  if (range) {
    const min = Number(range[1]!.replace(',', '.'))
    const max = Number(range[2]!.replace(',', '.'))
    return { type: 'months', min: Math.round(min * perUnit), max: Math.round((max + (perUnit === 12 ? 1 : 0)) * perUnit) - (perUnit === 12 ? 1 : 0), column, shown: text }
  }
  const least = /^\s*(\d+(?:[.,]\d+)?)\s*\+?\s*$/.exec(text)
  if (least) return { type: 'months', min: Math.round(Number(least[1]!.replace(',', '.')) * perUnit), column, shown: text }
  return { type: 'exact', value: normaliseValue(text), shown: text }
}
