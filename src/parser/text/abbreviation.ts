import type { Vocabulary } from '../vocab/vocabulary.js'
import { foldKey } from './fold.js'

/** A dotted abbreviation without its last period: "U.S", "Ph.D", "B.A", "S.A", "B.Tech". */
export function isDottedAbbreviation(word: string): boolean {
  return /^(?:\p{L}{1,3}\.)+\p{L}{1,5}$/u.test(word)
}

/**
 * Whether the word before a period abbreviates one that goes on in the next: a dotted abbreviation
 * ("U.S.", "Ph.D.", "B.A.") or one of vocab/abbreviations.tsv ("Sr.", "St.", "Pvt."). A capital
 * initial is not one: a name written surname first ends on it ("Fitch, D. Profiles of ..."), and
 * keeping "John F. Kennedy" together cost more job titles than it gave (docs/accuracy.md).
 */
export function isAbbreviation(before: string, words: Pick<Vocabulary, 'abbreviations'>): boolean {
  const word = before.replace(/^.*[^\p{L}.]/u, '')
  return isDottedAbbreviation(word) || words.abbreviations.has(foldKey(word))
}
