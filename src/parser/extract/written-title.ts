import { foldKey } from '../text/fold.js'
import { hasLegalForm } from './header-parts.js'
import type { TitleHeads } from '../vocab/word-lists.js'

/** Longest title kept as written: longer segments are sentences or an employer's full name. */
const maxTitleWords = 8

/** "1. ", "• ", "- ": list markers that number a header, not part of what it names. */
export const withoutListMarker = (text: string) => text.replace(/^(?:[•*\-–]|\d{1,2}[.)])\s+/, '').trim()

/** A segment's words, folded, without the punctuation around them; "Admin/Engineer" is two words. */
export const foldedWords = (segment: string) => foldKey(segment).split(/[\s/]+/).map((w) => w.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')).filter(Boolean)

/**
 * Whether a header segment reads as a job title the vocabulary does not know: a short segment with a
 * title's head word ("Trade Floor Support Analyst III", "Ingeniero de Sistemas", "Vertriebsleiterin")
 * and no company legal form ("Analyst Partners GmbH" is an employer). "Admin/Engineer" is two words; a
 * German compound counts by its ending.
 */
export function isWrittenTitle(segment: string, heads: TitleHeads): boolean {
  if (hasLegalForm(segment)) return false
  const words = foldedWords(segment)
  if (words.length === 0 || words.length > maxTitleWords) return false
  return words.some((w) => heads.words.has(w) || heads.endings.some((end) => w.length > end.length + 2 && w.endsWith(end)))
}
