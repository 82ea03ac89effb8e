import { foldKey } from '../text/fold.js'
import { literalPattern } from '../text/literal-pattern.js'
import { list, readTsv } from '../vocab/tsv.js'

export interface Country {
  code: string
  name: string
}

export interface Region {
  countryCode: string
  code: string
  name: string
}

/**
 * Country and region names in six languages (vocab/countries.tsv, vocab/regions.tsv), by folded name.
 * A region name may exist in several countries; the caller narrows by country.
 */
export class PlaceNames {
  readonly #countries = new Map<string, Country>()
  readonly #countriesByCode = new Map<string, Country>()
  readonly #regions = new Map<string, Region[]>()
  readonly #locationLabel: RegExp
  readonly #streetWords: Record<'first' | 'last' | 'suffix', string[]> = { first: [], last: [], suffix: [] }

  constructor() {
    for (const row of readTsv('countries.tsv')) {
      const country = { code: row.code!, name: row.name! }
      this.#countriesByCode.set(country.code, country)
      for (const alias of [country.name, ...list(row.aliases)]) {
        if (!this.#countries.has(foldKey(alias))) this.#countries.set(foldKey(alias), country)
      }
    }
    for (const row of readTsv('regions.tsv')) {
      const region = { countryCode: row.country!, code: row.code!, name: row.name! }
      for (const alias of new Set([region.name, ...list(row.aliases)].map(foldKey))) {
        const known = this.#regions.get(alias) ?? []
        known.push(region)
        this.#regions.set(alias, known)
      }
    }
    const labels = readTsv('location-labels.tsv').flatMap((row) => list(row.labels)).sort((a, b) => b.length - a.length)
    const escape = (label: string) => literalPattern(label).replace(/ /g, '\\s+')
    const withMark = labels.map(escape).join('|')
    const withPreposition = labels.filter((l) => /\s(?:in|at|of|à|a|en|w)$/i.test(l)).map(escape).join('|')
    for (const row of readTsv('street-words.tsv')) {
      const position = row.position as 'first' | 'last' | 'suffix'
      // Keyed word by word, as an address part's words are ("P.O. Box" -> "p.o box").
      this.#streetWords[position].push(...list(row.words).map((type) => type.split(/\s+/).map(streetKey).join(' ')))
    }
    this.#locationLabel = new RegExp(`^(?:(?:${withMark})\\s*[:：\\-–]|(?:${withPreposition})\\s)\\s*`, 'iu')
  }

  /**
   * The text after a location label at its start ("Location: Pune" -> "Pune"; vocab/location-labels.tsv),
   * or undefined when it has none.
   */
  afterLocationLabel(text: string): string | undefined {
    const found = this.#locationLabel.exec(text)
    return found ? text.slice(found[0].length) : undefined
  }

  /**
   * How many of an address part's first words are a street (vocab/street-words.tsv), its house number
   * included: "Hauptstraße 5 Berlin" -> 2, "221B Baker Street London" -> 3, "rue de Rivoli" -> 3, "Berlin" -> 0.
   * `numberFollows`: the part was cut before a number ("P.O. Box" of "P.O. Box 67123").
   */
  streetLength(words: string[], numberFollows = false): number {
    const keys = words.map(streetKey)
    const withNumber = (end: number) => (end < words.length && /\d/.test(words[end]!) ? end + 1 : end)
    let length = 0
    // A house number may come first: "12 rue de Rivoli".
    const start = /\d/.test(words[0] ?? '') ? 1 : 0
    for (const type of this.#streetWords.first) {
      const typeWords = type.split(' ')
      // Its name may be the number a postal code's cut or a phone number's removal took away ("P.O. Box |
      // 67123"); a type of several words is no town's name even alone.
      const named = words.length > start + typeWords.length || ((numberFollows || typeWords.length > 1) && words.length === start + typeWords.length)
      if (named && keys.slice(start, start + typeWords.length).join(' ') === type) {
        // The name runs on to the house number: "Calle Mayor 5 Madrid".
        const number = words.findIndex((word, i) => i >= start + typeWords.length && /\d/.test(word))
        length = Math.max(length, number === -1 ? words.length : number + 1)
      }
    }
    keys.forEach((key, i) => {
      const last = this.#streetWords.last.includes(key) && (i > 0 || /\d/.test(words[1] ?? ''))
      const suffix = this.#streetWords.suffix.some((end) => key.length > end.length + 2 && key.endsWith(end))
      if (last || suffix) length = Math.max(length, withNumber(i + 1))
    })
    return length
  }

  country(name: string): Country | undefined {
    return this.#countries.get(foldKey(name).trim())
  }

  countryByCode(code: string): Country | undefined {
    return this.#countriesByCode.get(code.toUpperCase())
  }

  /**
   * The regions a name may mean, within a country when one is known. Two-letter postal codes ("IL",
   * "CA") count only in capitals, so "ca." or "in" in a sentence is not a state.
   */
  regions(name: string, countryCode?: string): Region[] {
    const trimmed = name.trim()
    if (/^[A-Za-z]{2}\.?$/.test(trimmed) && trimmed.slice(0, 2) !== trimmed.slice(0, 2).toUpperCase()) return []
    const found = this.#regions.get(foldKey(trimmed)) ?? []
    return countryCode ? found.filter((r) => r.countryCode === countryCode) : found
  }
}

/** A street word's comparison key: folded, without its trailing dot ("Str." = "str"). */
function streetKey(word: string): string {
  return foldKey(word).replace(/\.$/, '')
}
