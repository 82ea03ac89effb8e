import { tokenize, type Token } from '../text/tokens.js'

/** Where a phrase of the set is written: token indexes (end exclusive) and character offsets. */
export interface PhraseSpan {
  start: number
  end: number
  from: number
  to: number
}

/**
 * A large list of phrases of two words or more, matched as PhraseIndex matches (whole words, accent-
 * and case-insensitive, longest first, no overlaps, separators in the same places) but holding only
 * which phrases exist: for a list of tens of thousands whose entries carry no meaning (O*NET's titles),
 * a PhraseIndex's per-alias records are most of its memory (docs/accuracy.md, "Fifth round").
 *
 * @example
 *   const set = new PhraseSet(); set.add('Boilermaker Helper')
 *   set.find('Boilermaker Helper at Acme') // [{ start: 0, end: 2, from: 0, to: 18 }]
 */
export class PhraseSet {
  readonly #phrases = new Set<string>()
  readonly #firsts = new Set<string>()
  #longest = 0

  /** Adds a phrase; one of a single word is ignored. */
  add(phrase: string): void {
    const tokens = tokenize(phrase)
    if (tokens.length < 2) return
    this.#phrases.add(key(tokens, 0, tokens.length))
    this.#firsts.add(tokens[0]!.key)
    this.#longest = Math.max(this.#longest, tokens.length)
  }

  get size(): number {
    return this.#phrases.size
  }

  find(text: string, tokens: readonly Token[] = tokenize(text)): PhraseSpan[] {
    const found: PhraseSpan[] = []
    for (let i = 0; i < tokens.length; ) {
      let end = 0
      if (this.#firsts.has(tokens[i]!.key)) {
        // The key grows a word at a time; the last phrase it formed is the longest.
        let joined = tokens[i]!.key
        for (let n = 2; n <= Math.min(this.#longest, tokens.length - i); n++) {
          const token = tokens[i + n - 1]!
          joined += (token.gap ? ' |' : ' ') + token.key
          if (this.#phrases.has(joined)) end = i + n
        }
      }
      if (end === 0) {
        i += 1
        continue
      }
      found.push({ start: i, end, from: tokens[i]!.start, to: tokens[end - 1]!.end })
      i = end
    }
    return found
  }
}

/** The words' keys, a separator before a word (but the first) written as "|", as find builds them. */
function key(tokens: readonly Token[], from: number, to: number): string {
  let joined = tokens[from]!.key
  for (let t = from + 1; t < to; t++) joined += (tokens[t]!.gap ? ' |' : ' ') + tokens[t]!.key
  return joined
}
