import { isHonorific, isNotNameWord, notInName } from '../extract/name.js'
import type { FoundEntity } from './found.js'

/** Lines from the top where a name is looked for. */
const nameLines = 15

/**
 * The candidate's name as the model found it near the top of the document: the first name span of two
 * to five words that is not something else (a job title, a heading, a place: `isOther`), so a headline
 * ("Senior Human Resources Professional") or a place above the name is never taken for it. A
 * document's title the span starts with is no part of it, and an honorific does not count as a word:
 * "Lebenslauf Dr." read in one line before "Katharina Schneider" is no name. `alone` cuts off what a
 * lost line break ran into the span's end (extract/name.ts nameAlone).
 */
export function modelName(
  found: readonly FoundEntity[],
  topLines: readonly number[],
  isOther: (text: string) => boolean,
  alone: (f: FoundEntity) => string = (f) => f.text,
): string | undefined {
  const top = new Set(topLines.slice(0, nameLines))
  for (const f of found) {
    if (f.type !== 'name' || !top.has(f.line) || notInName(f.text)) continue
    const words = alone(f).split(/\s+/)
    while (words.length > 0 && isNotNameWord(words[0]!)) words.shift()
    const named = words.filter((w) => !isHonorific(w)).length
    const text = words.join(' ')
    if (named >= 2 && words.length <= 5 && !words.some(isNotNameWord) && !isOther(text)) return text
  }
  return undefined
}
