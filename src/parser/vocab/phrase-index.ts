import { tokenize, type Token } from '../text/tokens.js'

/** A phrase found in a text: which entry, and which tokens it covers (end exclusive). */
export interface PhraseMatch<T> {
  entry: T
  /** The alias as the vocabulary writes it. */
  alias: string
  start: number
  end: number
  /** The text as written, from the first token's start to the last token's end. */
  surface: string
  /** Character offsets of the surface in the text. */
  from: number
  to: number
}

interface Candidate<T> {
  keys: string[]
  /** Where the alias itself has separators ("CI/CD"): the text must have them in the same places. */
  gaps: boolean[]
  entry: T
  alias: string
  /** For case-sensitive entries: the exact (accent-folded) casing the text must have. */
  cased?: string
}

/**
 * Finds vocabulary phrases in text: whole words, accent- and case-insensitive, longest match first,
 * no overlaps. Entries marked case-sensitive ("Go", "R", "Swift") match only in their written casing.
 *
 * @example
 *   const index = new PhraseIndex<string>()
 *   index.add('Machine Learning', 'ml'); index.add('uczenie maszynowe', 'ml')
 *   index.find('Znam uczenie maszynowe') // [{ entry: 'ml', surface: 'uczenie maszynowe', ... }]
 */
export class PhraseIndex<T> {
  #byFirst = new Map<string, Array<Candidate<T>>>()
  #keys = new Map<string, T>()

  /** Adds an alias; returns the entry that already owned the same alias, if another did. */
  add(alias: string, entry: T, options: { caseSensitive?: boolean } = {}): T | undefined {
    const tokens = tokenize(alias)
    if (tokens.length === 0) return undefined
    const keys = tokens.map((t) => t.key)
    const joined = keys.join(' ') + (options.caseSensitive ? '\u0000' + tokens.map((t) => t.cased).join(' ') : '')
    const owner = this.#keys.get(joined)
    if (owner !== undefined) return owner === entry ? undefined : owner
    this.#keys.set(joined, entry)

    const candidate: Candidate<T> = { keys, gaps: tokens.map((t) => t.gap), entry, alias }
    if (options.caseSensitive) candidate.cased = tokens.map((t) => t.cased).join(' ')
    const list = this.#byFirst.get(keys[0]!) ?? []
    list.push(candidate)
    // Longest first, so "Java Script" beats "Java" and "Bachelor of Science" beats "Bachelor".
    list.sort((a, b) => b.keys.length - a.keys.length)
    this.#byFirst.set(keys[0]!, list)
    return undefined
  }

  /** The entry an exact phrase names, if any ("k8s" -> Kubernetes). */
  lookup(phrase: string): T | undefined {
    const tokens = tokenize(phrase)
    const match = tokens.length > 0 ? this.#longestAt(tokens, 0) : undefined
    return match && match.keys.length === tokens.length ? match.entry : undefined
  }

  /**
   * @param inflections endings to try when a word is not found as it is ([suffix, replacement], e.g.
   *   Polish ["ie", "a"] reads "Javie" as "Java"); they apply to one-word, case-insensitive entries only.
   */
  find(text: string, tokens: Token[] = tokenize(text), inflections: ReadonlyArray<readonly [string, string]> = []): Array<PhraseMatch<T>> {
    const found: Array<PhraseMatch<T>> = []
    for (let i = 0; i < tokens.length; ) {
      const match = this.#longestAt(tokens, i) ?? this.#inflectedAt(tokens[i]!, inflections)
      if (!match) {
        i += 1
        continue
      }
      const end = i + match.keys.length
      found.push({
        entry: match.entry,
        alias: match.alias,
        start: i,
        end,
        surface: text.slice(tokens[i]!.start, tokens[end - 1]!.end),
        from: tokens[i]!.start,
        to: tokens[end - 1]!.end,
      })
      i = end
    }
    return found
  }

  #inflectedAt(token: Token, inflections: ReadonlyArray<readonly [string, string]>): Candidate<T> | undefined {
    for (const [suffix, replacement] of inflections) {
      if (!token.key.endsWith(suffix) || token.key.length - suffix.length < 3) continue
      const stem = token.key.slice(0, token.key.length - suffix.length) + replacement
      const candidate = this.#byFirst.get(stem)?.find((c) => c.keys.length === 1 && c.cased === undefined)
      if (candidate) return candidate
    }
    return undefined
  }

  get size(): number {
    return this.#keys.size
  }

  #longestAt(tokens: Token[], i: number): Candidate<T> | undefined {
    const candidates = this.#byFirst.get(tokens[i]!.key)
    if (!candidates) return undefined
    for (const candidate of candidates) {
      if (i + candidate.keys.length > tokens.length) continue
      let same = true
      for (let k = 1; k < candidate.keys.length && same; k++) {
        same = tokens[i + k]!.key === candidate.keys[k] && tokens[i + k]!.gap === candidate.gaps[k]
      }
      if (!same) continue
      if (candidate.cased !== undefined) {
        const cased = tokens.slice(i, i + candidate.keys.length).map((t) => t.cased).join(' ')
        if (cased !== candidate.cased) continue
      }
      return candidate
    }
    return undefined
  }
}
