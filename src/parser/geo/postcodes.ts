import { readTsv } from '../vocab/tsv.js'

/** A postal code found in a text, with the countries whose format it has and where they write it. */
export interface Postcode {
  code: string
  from: number
  to: number
  /** Country codes whose format matches, each with where the code stands next to the city. */
  countries: Map<string, 'before' | 'after'>
}

/**
 * Postal code formats per country (vocab/postcodes.tsv): "10115", "00-238", "SW1A 1AA", "M5V 2T6".
 *
 * @example
 *   postcodes.find('Musterstraße 12, 10115 Berlin')[0] // { code: '10115', countries: DE, FR, ES, IT, US, ... }
 */
export class Postcodes {
  readonly #formats: Array<{ pattern: RegExp; countries: Map<string, 'before' | 'after'> }> = []

  constructor() {
    const byPattern = new Map<string, Map<string, 'before' | 'after'>>()
    for (const row of readTsv('postcodes.tsv')) {
      const countries = byPattern.get(row.pattern!) ?? new Map<string, 'before' | 'after'>()
      countries.set(row.country!, row.position === 'after' ? 'after' : 'before')
      byPattern.set(row.pattern!, countries)
    }
    for (const [pattern, countries] of byPattern) {
      this.#formats.push({ pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}]|-\\d)`, 'gu'), countries })
    }
  }

  /** The postal codes in a text, longest first where two overlap ("10001-1234" over "10001"). */
  find(text: string): Postcode[] {
    const found: Postcode[] = []
    for (const { pattern, countries } of this.#formats) {
      for (const match of text.matchAll(pattern)) {
        const from = match.index
        const to = from + match[0].length
        const same = found.find((p) => p.from === from && p.to === to)
        if (same) for (const [country, position] of countries) same.countries.set(country, position)
        else found.push({ code: match[0], from, to, countries: new Map(countries) })
      }
    }
    const longest = found.filter((p) => !found.some((q) => q !== p && q.from <= p.from && q.to >= p.to && q.to - q.from > p.to - p.from))
    return longest.sort((a, b) => a.from - b.from)
  }
}
