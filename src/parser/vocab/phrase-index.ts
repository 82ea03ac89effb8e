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

const startsUpper = /^\p{Lu}/u
/** Words whose plural-read entries an index keeps at most (`#throughSingular`). */
const singularCacheLimit = 5_000
/** Shared by every word that gathers nothing, so that the hot path allocates no empty array per word. */
const noCandidates: ReadonlyArray<never> = []

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
  /** Plural endings ([suffix, replacement], longest first) tried on a phrase's first and last word; none by default. */
  readonly #plurals: ReadonlyArray<readonly [string, string]>
  /**
   * Per word in a plural form, the entries filed under its singulars, longest first: a document's
   * capitalised words are tried in every text read, and these were gathered and sorted each time.
   * Emptied when it passes `singularCacheLimit` words, so that a long-running service keeps it small.
   */
  readonly #throughSingular = new Map<string, ReadonlyArray<Candidate<T>>>()

  /**
   * @param options.plurals endings that make a plural of a phrase's first or last word (vocab/plurals.tsv):
   *   with ["s", ""], "Bus Drivers" finds "Bus Driver", with ["es", ""] "Desarrolladores de software"
   *   finds "desarrollador de software". Case-sensitive entries are never inflected.
   */
  constructor(options: { plurals?: ReadonlyArray<readonly [string, string]> } = {}) {
    this.#plurals = options.plurals ?? []
  }

  /** Adds an alias; returns the entry that already owned the same alias, if another did. */
  add(alias: string, entry: T, options: { caseSensitive?: boolean } = {}): T | undefined {
    const tokens = tokenize(alias)
    if (tokens.length === 0) return undefined
    const keys = tokens.map((t) => t.key)
    const joined = keys.join(' ') + (options.caseSensitive ? '\u0000' + tokens.map((t) => t.cased).join(' ') : '')
    const owner = this.#keys.get(joined)
    if (owner !== undefined) return owner === entry ? undefined : owner
    this.#keys.set(joined, entry)
    this.#throughSingular.clear()

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
    // A phrase looked up on its own is a name, whatever its case: plurals count ("java developers").
    const match = tokens.length > 0 ? this.#longestAt(tokens, 0, 'any') : undefined
    return match && match.keys.length === tokens.length ? match.entry : undefined
  }

  /** The entry one word of a text names on its own, as `lookup` reads it ("Sept" -> September), without tokenising it again. */
  lookupWord(token: Token): T | undefined {
    return this.#longestAt([token], 0, 'any')?.entry
  }

  /**
   * @param inflections endings to try when a word is not found as it is ([suffix, replacement], e.g.
   *   Polish ["ie", "a"] reads "Javie" as "Java"); they apply to one-word, case-insensitive entries only.
   * @param plurals where the index's plural endings apply: 'capitalised' (the default, for documents)
   *   only to phrases that start with a capital, 'any' (for a search box's words) everywhere.
   */
  find(
    text: string,
    tokens: readonly Token[] = tokenize(text),
    inflections: ReadonlyArray<readonly [string, string]> = [],
    plurals: 'capitalised' | 'any' = 'capitalised',
  ): Array<PhraseMatch<T>> {
    const found: Array<PhraseMatch<T>> = []
    // Each word's singulars, worked out once per text: a word is tried against many phrases.
    const singulars: Array<string[] | undefined> = []
    for (let i = 0; i < tokens.length; ) {
      const match = this.#longestAt(tokens, i, plurals, singulars) ?? this.#inflectedAt(tokens[i]!, inflections)
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

  /** The words `key` is a plural of, by the index's endings; a stem keeps at least 3 letters. */
  #singulars(key: string): string[] {
    const forms: string[] = []
    for (const [suffix, replacement] of this.#plurals) {
      if (key.endsWith(suffix) && key.length - suffix.length >= 3) forms.push(key.slice(0, key.length - suffix.length) + replacement)
    }
    return forms
  }

  get size(): number {
    return this.#keys.size
  }

  #longestAt(tokens: readonly Token[], i: number, plurals: 'capitalised' | 'any' = 'capitalised', memo: Array<string[] | undefined> = []): Candidate<T> | undefined {
    const asWritten = this.#byFirst.get(tokens[i]!.key)
    // In a document a plural counts only where the phrase starts with a capital, as a header or a list
    // of occupations writes it ("Bus Drivers", "Phlebotomists"): in running text a plural names other
    // people ("trained teachers", "web servers"), not the writer's job.
    const plural = this.#plurals.length > 0 && (plurals === 'any' || startsUpper.test(tokens[i]!.cased))
    if (!asWritten && !plural) return undefined
    const organisationRule = plurals === 'capitalised'
    if (asWritten) for (const candidate of asWritten) if (this.#matchesAt(candidate, tokens, i, plural, organisationRule, memo, false)) return candidate
    if (!plural) return undefined
    // Then a phrase whose first word is in the plural ("Curators", "Desarrolladores de software"): the
    // entries filed under that word's singulars, longest first.
    for (const candidate of this.#candidatesThroughSingular(tokens, i, memo)) if (this.#matchesAt(candidate, tokens, i, plural, organisationRule, memo, true)) return candidate
    return undefined
  }

  #candidatesThroughSingular(tokens: readonly Token[], i: number, memo: Array<string[] | undefined>): ReadonlyArray<Candidate<T>> {
    const key = tokens[i]!.key
    let candidates = this.#throughSingular.get(key)
    if (candidates === undefined) {
      const singulars = this.#singularsAt(tokens, i, memo)
      // A word with no plural ending has nothing to gather, and is not kept.
      if (singulars.length === 0) return noCandidates
      candidates = singulars.flatMap((singular) => this.#byFirst.get(singular) ?? []).sort((a, b) => b.keys.length - a.keys.length)
      if (this.#throughSingular.size >= singularCacheLimit) this.#throughSingular.clear()
      this.#throughSingular.set(key, candidates)
    }
    return candidates
  }

  /** The singulars of word `j`, worked out once per text (`memo`). */
  #singularsAt(tokens: readonly Token[], j: number, memo: Array<string[] | undefined>): string[] {
    return (memo[j] ??= this.#singulars(tokens[j]!.key))
  }

  /**
   * Whether `candidate` is written at tokens[i]; its last word may be a plural when `plural`. Called for
   * every word of every line a vocabulary reads, so it takes its arguments one by one, not in an object.
   */
  #matchesAt(
    candidate: Candidate<T>,
    tokens: readonly Token[],
    i: number,
    plural: boolean,
    organisationRule: boolean,
    memo: Array<string[] | undefined>,
    firstInflected: boolean,
  ): boolean {
    const end = i + candidate.keys.length
    if (end > tokens.length) return false
    let inflected = firstInflected
    for (let k = 1; k < candidate.keys.length; k++) {
      const token = tokens[i + k]!
      if (token.gap !== candidate.gaps[k]) return false
      if (token.key === candidate.keys[k]) continue
      const lastInPlural = plural && k === candidate.keys.length - 1 && candidate.cased === undefined && this.#singularsAt(tokens, i + k, memo).includes(candidate.keys[k]!)
      if (!lastInPlural) return false
      inflected = true
    }
    // In a document, a plural also only where the name ends there: "Teachers College" is an organisation.
    if (inflected && organisationRule && end < tokens.length && !tokens[end]!.gap && startsUpper.test(tokens[end]!.cased)) return false
    if (candidate.cased !== undefined) {
      const cased = tokens.slice(i, end).map((t) => t.cased).join(' ')
      if (cased !== candidate.cased) return false
    }
    return true
  }
}
