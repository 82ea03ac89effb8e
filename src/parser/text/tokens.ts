import { foldAccents } from './fold.js'

/** A word of the text with its place, for phrase matching. */
export interface Token {
  /** Accents folded, lower case: what vocabularies are matched on. */
  key: string
  /** Accents folded, case kept: what case-sensitive entries are checked against. */
  cased: string
  start: number
  end: number
  /** Separator punctuation (, ; | • ( ) : / or a sentence end) stands between this word and the previous one. */
  gap: boolean
}

const separator = /[,;|•()[\]:/\n]|\.\s/

/**
 * Words, keeping the punctuation that is part of technical names: "C++", "C#", ".NET", "Node.js",
 * "ASP.NET", "R&D", "3.5". Hyphens, slashes and apostrophes separate words ("CI/CD" -> ci cd,
 * "d'ingénieur" -> d ingenieur); vocabularies go through the same function, so both sides agree.
 */
const wordPattern = /\.?[\p{L}\p{N}]+(?:[.&][\p{L}\p{N}]+)*(?:\+\+|\+|#)?/gu

export function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  const source = text.normalize('NFC')
  // Match on the text itself (\p{L} includes accented letters) so positions refer to it; fold per word.
  for (const match of source.matchAll(wordPattern)) {
    const cased = foldAccents(match[0])
    const previousEnd = tokens.at(-1)?.end ?? 0
    const gap = tokens.length > 0 && separator.test(source.slice(previousEnd, match.index))
    tokens.push({ key: cased.toLowerCase(), cased, start: match.index, end: match.index + match[0].length, gap })
  }
  return tokens
}

/** The comparison key of a vocabulary phrase: its tokens' keys joined by one space. */
export function phraseKey(text: string): string {
  return tokenize(text).map((t) => t.key).join(' ')
}
