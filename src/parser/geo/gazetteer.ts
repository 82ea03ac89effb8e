import { CityIndex, type City } from './cities.js'
import { PlaceNames, type Country, type Region } from './places.js'
import { countryNames, StateResolver } from './states.js'

/** A place normalised to city, state and country, with the city's coordinates. */
export interface Location {
  city: string
  state: string
  stateCode: string
  country: string
  countryCode: string
  zipCode: string
  latitude: number | null
  longitude: number | null
}

/** Postal codes of our markets: 5 digits (DE, ES, FR, IT, US), 00-000 (PL), 4 digits (AT, CH, BE, NL). */
const zipPattern = /\b(\d{2}-\d{3}|\d{5}(?:-\d{4})?|[1-9]\d{3}(?:\s?[A-Z]{2})?)\b/

/**
 * Resolves place names through GeoNames cities, country-state-city regions and the project's country
 * and region names in six languages.
 *
 * @example
 *   gazetteer.resolve('Chicago, IL')     // Chicago, Illinois, United States, 41.85, -87.65
 *   gazetteer.resolve('80331 München')   // Munich, Bavaria, Germany
 *   gazetteer.resolve('Kraków, Polska')  // Kraków, Lesser Poland, Poland
 */
export class Gazetteer {
  readonly #countryNames = countryNames()

  constructor(
    readonly cities: CityIndex,
    readonly states: StateResolver,
    readonly places: PlaceNames,
  ) {}

  static load(): Gazetteer {
    return new Gazetteer(CityIndex.load(), new StateResolver(), new PlaceNames())
  }

  /**
   * A location string as people write it: "City", "City, State", "City, Country", "ZIP City",
   * "Street 1, ZIP City, Country". Returns undefined when nothing in it is a known place.
   * `hint.countryCode` breaks ties between same-named cities (the resume's country).
   */
  resolve(text: string, hint: { countryCode?: string; minPopulation?: number } = {}): Location | undefined {
    const zipCode = zipPattern.exec(text)?.[1] ?? ''
    const parts = text
      .split(/\s*[,;|/•·()]\s*|\s+[-–—]\s+|\n/)
      .map((part) => part.replace(zipPattern, ' ').replace(/\s+/g, ' ').trim())
      .filter((part) => part !== '')

    let country: Country | undefined
    let region: Region | undefined
    const cityParts: string[] = []
    // Qualifiers come last ("Springfield, IL, USA"): read them right to left.
    for (let i = parts.length - 1; i >= 0; i--) {
      const part = parts[i]!
      const asCountry = this.places.country(part)
      if (asCountry && !country && (i > 0 || this.cities.lookup(part).length === 0)) {
        country = asCountry
        continue
      }
      // A region only qualifies a city written before it ("Springfield, IL"); "28014 Madrid" is the city.
      const cityBefore = parts.slice(0, i).some((p) => this.#hasCity(p))
      const asRegion = cityBefore || this.cities.lookup(part).length === 0 ? this.places.regions(part, country?.code)[0] : undefined
      if (asRegion && !region) {
        region = asRegion
        country ??= this.places.countryByCode(asRegion.countryCode) ?? { code: asRegion.countryCode, name: asRegion.countryCode }
        continue
      }
      cityParts.unshift(part)
    }

    const city = this.#bestCity(cityParts, country?.code, region, hint)
    if (city) return this.#fromCity(city, zipCode)
    if (!country && !region) return undefined
    const countryCode = country?.code ?? region!.countryCode
    return {
      city: '',
      state: region?.name ?? '',
      stateCode: region?.code ?? '',
      country: this.#countryNames.get(countryCode) ?? country?.name ?? '',
      countryCode,
      zipCode,
      latitude: null,
      longitude: null,
    }
  }

  /** The English name of a country by ISO code ("DE" -> Germany). */
  countryName(code: string): string {
    return this.#countryNames.get(code.toUpperCase()) ?? ''
  }

  #hasCity(part: string): boolean {
    const words = part.split(' ')
    for (let take = Math.min(words.length, 4); take >= 1; take--) {
      if (this.cities.lookup(words.slice(words.length - take).join(' ')).length > 0) return true
    }
    return false
  }

  #bestCity(parts: string[], countryCode: string | undefined, region: Region | undefined, hint: { countryCode?: string; minPopulation?: number }): City | undefined {
    // The city is usually the last unqualified part ("Hauptstraße 5, Berlin"); within a part, try the
    // whole part, then its last words ("Hauptstraße 5 Berlin").
    for (const part of [...parts].reverse()) {
      const words = part.split(' ')
      for (let take = Math.min(words.length, 4); take >= 1; take--) {
        const candidates = this.cities.lookup(words.slice(words.length - take).join(' '))
          .filter((c) => c.population >= (hint.minPopulation ?? 0))
          .filter((c) => !countryCode || c.countryCode === countryCode)
          .filter((c) => !region || this.states.stateOf(c)?.code === region.code || c.admin1 === region.code)
        if (candidates.length === 0) continue
        return candidates.find((c) => c.countryCode === hint.countryCode) ?? candidates[0]
      }
    }
    return undefined
  }

  #fromCity(city: City, zipCode: string): Location {
    const state = this.states.stateOf(city)
    return {
      city: city.name,
      state: state?.name ?? '',
      stateCode: state?.code ?? '',
      country: this.#countryNames.get(city.countryCode) ?? city.countryCode,
      countryCode: city.countryCode,
      zipCode,
      latitude: city.latitude,
      longitude: city.longitude,
    }
  }
}
