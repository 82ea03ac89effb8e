import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { foldKey } from '../text/fold.js'
import type { City } from './cities.js'
import type { Region } from './places.js'

const require = createRequire(import.meta.url)
const asset = (name: string) => readFileSync(require.resolve(`country-state-city/lib/assets/${name}`), 'utf8')

export interface StateName {
  code: string
  name: string
}

/**
 * The state (first-level region) of a GeoNames city, with its ISO 3166-2 code and English name, from
 * npm `country-state-city`. GeoNames numbers regions its own way outside the US, so a city's state is
 * the state of the nearest country-state-city place in the same country. The 8 MB city list is parsed
 * once into typed arrays per country and then let go.
 */
export class StateResolver {
  #places?: Map<string, { lat: Float32Array; lon: Float32Array; state: string[] }>
  #names = new Map<string, string>()
  #byName = new Map<string, Region[]>()
  #cache = new Map<number, StateName | undefined>()

  constructor() {
    for (const s of JSON.parse(asset('state.json')) as Array<{ name: string; isoCode: string; countryCode: string }>) {
      this.#names.set(`${s.countryCode}-${s.isoCode}`, s.name)
      const key = foldKey(s.name)
      this.#byName.set(key, [...(this.#byName.get(key) ?? []), { countryCode: s.countryCode, code: s.isoCode, name: s.name }])
    }
  }

  /**
   * The states of any country with this English name ("Lagos", "Selangor", "Punjab"), for a state written
   * after a city where the project's regions (vocab/regions.tsv) do not cover its country.
   */
  named(name: string): Region[] {
    return this.#byName.get(foldKey(name).trim()) ?? []
  }

  /** The English name of a state by its ISO 3166-2 code ("US", "IL" -> Illinois). */
  nameOf(countryCode: string, stateCode: string): string | undefined {
    return this.#names.get(`${countryCode}-${stateCode}`)
  }

  stateOf(city: City): StateName | undefined {
    if (this.#cache.has(city.id)) return this.#cache.get(city.id)
    const code = city.countryCode === 'US' ? city.admin1 : this.#nearestStateCode(city)
    const name = code ? this.nameOf(city.countryCode, code) : undefined
    const state = code && name ? { code, name } : undefined
    this.#cache.set(city.id, state)
    return state
  }

  #nearestStateCode(city: City): string | undefined {
    const places = this.#load().get(city.countryCode)
    if (!places) return undefined
    let best = -1
    let bestDistance = Infinity
    const cosLat = Math.cos((city.latitude * Math.PI) / 180)
    for (let i = 0; i < places.lat.length; i++) {
      const dLat = places.lat[i]! - city.latitude
      const dLon = (places.lon[i]! - city.longitude) * cosLat
      const distance = dLat * dLat + dLon * dLon
      if (distance < bestDistance) {
        bestDistance = distance
        best = i
      }
    }
    return best >= 0 ? places.state[best] : undefined
  }

  #load() {
    if (this.#places) return this.#places
    const rows = JSON.parse(asset('city.json')) as Array<[string, string, string, string, string]>
    const counts = new Map<string, number>()
    for (const row of rows) counts.set(row[1], (counts.get(row[1]) ?? 0) + 1)
    const places = new Map<string, { lat: Float32Array; lon: Float32Array; state: string[] }>()
    for (const [country, count] of counts) places.set(country, { lat: new Float32Array(count), lon: new Float32Array(count), state: [] })
    for (const [, country, state, lat, lon] of rows) {
      const p = places.get(country)!
      const i = p.state.length
      p.lat[i] = Number(lat)
      p.lon[i] = Number(lon)
      p.state.push(state)
    }
    this.#places = places
    return places
  }
}

/** English country names by ISO 3166-1 alpha-2 code, from country-state-city. */
export function countryNames(): Map<string, string> {
  const countries = JSON.parse(asset('country.json')) as Array<{ name: string; isoCode: string }>
  return new Map(countries.map((c) => [c.isoCode, c.name]))
}
