import { foldKey } from '../text/fold.js'
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
