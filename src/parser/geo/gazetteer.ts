import { foldKey } from '../text/fold.js'
import { CityIndex, type City } from './cities.js'
import { PlaceNames, type Country, type Region } from './places.js'
import { Postcodes, type Postcode } from './postcodes.js'
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

/** What an address writes next to its city that agrees with it. */
export type Support = 'postcode' | 'region' | 'country'

/** A place read from an address: the place, what supports it, and what the city was read from. */
export interface Reading {
  location: Location
  support: Support[]
  /** The city's words as written ("Bangalore"); empty when only a region or a country was read. */
  cityText: string
  /** What the address writes before the city: a street, a district ("12 rue de Rivoli"). */
  before: string
  /** The city's population (GeoNames); 0 without a city. */
  population: number
}

export interface Hint {
  /** Breaks ties between same-named cities: the country of the resume's phone or language. */
  countryCode?: string
  minPopulation?: number
}

/** The countries and regions an address writes after its city. */
interface Qualifiers {
  countries: Country[]
  regions: Region[]
}

/** One comma- or dash-separated part of an address, split again before each postal code. */
interface Part {
  text: string
  /** The part's words, its postal code taken out. */
  words: string[]
  codes: Postcode[]
  /** The part starts with its postal code ("75004 Paris"), so it is a city, never a state. */
  codeFirst: boolean
  /** How many of its first words are a street and its house number ("Hauptstraße 5 Berlin": 2). */
  street: number
}

/**
 * A city whose own name was written counts a hundred times its population against one known by that
 * name only among its other names: "Salem" is Salem, not Jerusalem; "Victoria" is Victoria, not Hong
 * Kong; "Milan" is still Milano (1.4 million) before Milan, Tennessee (8,000).
 */
const ownNameWeight = 100
/**
 * A city in the hinted country counts twenty times its population: with a Pakistani phone number
 * "Hyderabad" is Hyderabad, Sindh (1.4 million) before Hyderabad, India (6.8 million), but with an
 * American one "Edinburgh" is still Edinburgh, Scotland, not the Indiana town of 4,500.
 */
const hintWeight = 20
/** A lone name that is a country and a city is the country unless the city is this big ("Singapore"). */
const countryOverCity = 100_000

/**
 * Resolves place names through GeoNames cities, country-state-city regions, the project's country and
 * region names in six languages, and postal code formats (vocab/postcodes.tsv).
 *
 * @example
 *   gazetteer.resolve('Chicago, IL')                  // Chicago, Illinois, United States, 41.85, -87.65
 *   gazetteer.resolve('80331 München')                // Munich, Bavaria, Germany
 *   gazetteer.read('12 rue de Rivoli, 75004 Paris')   // Paris, FR; support ['postcode']; before '12 rue de Rivoli'
 */
export class Gazetteer {
  readonly #countryNames = countryNames()
  readonly postcodes = new Postcodes()

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
   */
  resolve(text: string, hint: Hint = {}): Location | undefined {
    return this.read(text, hint)?.location
  }

  /** Like resolve, and says what supports the place and what was written before the city. */
  read(text: string, hint: Hint = {}): Reading | undefined {
    const parts = this.#parts(text)
    const written: Qualifiers = { countries: [], regions: [] }
    const cityParts: number[] = []
    // Qualifiers come last ("Springfield, IL, USA"): read them right to left. A name may be a country
    // or a region ("Georgia"); the city decides which.
    for (let i = parts.length - 1; i >= 0; i--) {
      const part = parts[i]!
      if (part.street === part.words.length) continue
      const name = part.words.join(' ')
      const asCountry = this.places.country(name)
      const country = asCountry && (i > 0 || !this.#bigCity(name)) ? asCountry : undefined
      // A region only qualifies a city written before it ("Springfield, IL"); "28014 Madrid" is the city,
      // and so is a big city alone ("Madrid") or one its region is named after ("Venezia"), while
      // "California" alone is the state.
      const cityBefore = parts.slice(0, i).some((p) => this.#hasCity(p))
      const regions = part.street === 0 && !part.codeFirst && (cityBefore || !this.#cityOverRegion(name)) ? this.#regionsNamed(name, cityBefore) : []
      // Text that runs on after the address: "San Mateo, CA Authorized to work in the US".
      const lead = !country && regions.length === 0 && cityBefore && i === parts.length - 1 ? this.#leadingQualifier(part) : undefined
      if (country) written.countries.push(country)
      written.regions.push(...regions)
      if (lead) {
        written.countries.push(...lead.countries)
        written.regions.push(...lead.regions)
      } else if (!country && regions.length === 0) cityParts.unshift(i)
    }

    for (const index of [...cityParts].reverse()) {
      const found = this.#cityIn(parts, index, written, hint)
      if (found) return found
    }
    return this.#regionOnly(parts, written)
  }

  /** The English name of a country by ISO code ("DE" -> Germany). */
  countryName(code: string): string {
    return this.#countryNames.get(code.toUpperCase()) ?? ''
  }

  #parts(text: string): Part[] {
    return text.split(/\s*[,;|/•·()]\s*|\s+[-–—]\s+|\n/).flatMap((raw) => {
      const codes = this.postcodes.find(raw)
      const cuts = [0, ...codes.map((c) => c.from).filter((from) => from > 0), raw.length]
      return cuts.slice(1).flatMap((to, i) => {
        const from = cuts[i]!
        const text = raw.slice(from, to).trim()
        if (text === '') return []
        const own = codes.filter((c) => c.from >= from && c.to <= to)
        let rest = text
        for (const code of own) rest = rest.replace(code.code, ' ')
        const words = rest.replace(/^[\s\-–.:]+|[\s\-–:]+$/g, '').split(/\s+/).filter((w) => w !== '')
        return [{ text, words, codes: own, codeFirst: own.length > 0 && own[0]!.from === from, street: this.places.streetLength(words, to < raw.length) }]
      })
    })
  }

  /** A country or a region in a part's first words, the rest being other text ("CA Authorized to ..."). */
  #leadingQualifier(part: Part): Qualifiers | undefined {
    for (let take = Math.min(3, part.words.length - 1); take >= 1; take--) {
      const name = part.words.slice(0, take).join(' ')
      const country = this.places.country(name)
      const regions = this.#regionsNamed(name, true)
      if (country || regions.length > 0) return { countries: country ? [country] : [], regions }
    }
    return undefined
  }

  /** Regions by name: the project's (vocab/regions.tsv), and after a city any country's states. */
  #regionsNamed(words: string, afterCity: boolean): Region[] {
    const curated = this.places.regions(words)
    return curated.length > 0 || !afterCity ? curated : this.states.named(words)
  }

  /** A region or a country without a city ("Bayern", "Polska", "Tamil Nadu, India"). */
  #regionOnly(parts: Part[], written: Qualifiers): Reading | undefined {
    const country = written.countries[0]
    const region = written.regions.find((r) => !country || r.countryCode === country.code) ?? (country ? undefined : written.regions[0])
    const countryCode = country?.code ?? region?.countryCode
    if (!countryCode) return undefined
    const zipCode = parts.flatMap((p) => p.codes).find((c) => c.countries.has(countryCode))?.code ?? ''
    const location = {
      city: '',
      state: region?.name ?? '',
      stateCode: region?.code ?? '',
      country: this.#countryNames.get(countryCode) ?? country?.name ?? '',
      countryCode,
      zipCode,
      latitude: null,
      longitude: null,
    }
    return { location, support: [], cityText: '', before: '', population: 0 }
  }

  /** Whether a part's words after its street end with a city's name. */
  #hasCity(part: Part): boolean {
    const words = part.words.slice(part.street)
    for (let take = Math.min(words.length, 4); take >= 1; take--) {
      if (this.cities.lookup(words.slice(words.length - take).join(' ')).length > 0) return true
    }
    return false
  }

  #bigCity(name: string): boolean {
    return this.cities.lookup(name).some((c) => c.population >= countryOverCity)
  }

  /**
   * Whether a name alone means a city rather than the region of that name: a big city, or the city a
   * province is named after ("Venezia", "Pisa", "Ávila"): it bears the name written or the region's own,
   * in the region's country (in its state for the US, where GeoNames gives it), so that "California"
   * alone stays the state, not the town in Maryland, and "Brandenburg" the Land.
   */
  #cityOverRegion(name: string): boolean {
    const regions = this.places.regions(name)
    return this.cities.lookup(name).some((c) => c.population >= countryOverCity || regions.some((r) =>
      r.countryCode === c.countryCode && (c.countryCode !== 'US' || c.admin1 === r.code) && [foldKey(name), foldKey(r.name)].includes(foldKey(c.name))))
  }

  /**
   * The city of one part: its last words ("Hauptstraße 5 Berlin"), or the words before a state written
   * in the same part ("Austin TX", "Rowville VIC 3178"); among same-named cities, the one the written
   * country, region and postal code agree with, else the hint's, else the most populous.
   */
  #cityIn(parts: Part[], index: number, written: Qualifiers, hint: Hint): Reading | undefined {
    const { words, street } = parts[index]!
    const readings: Array<{ end: number; written: Qualifiers }> = []
    // A state or a country may end the city's part: "Austin TX", "Rowville VIC 3178", "69002 Lyon France".
    for (let r = Math.min(3, words.length - street - 1); r >= 1; r--) {
      const tail = words.slice(-r).join(' ')
      const regions = this.#regionsNamed(tail, true)
      const country = this.places.country(tail)
      if (regions.length > 0 || country) {
        readings.push({ end: words.length - r, written: { countries: [...(country ? [country] : []), ...written.countries], regions: [...regions, ...written.regions] } })
      }
    }
    readings.push({ end: words.length, written })

    for (const reading of readings) {
      const inPart = reading.end < words.length
      const agree = this.#agreement(reading.written)
      for (let take = Math.min(reading.end - street, 4); take >= 1; take--) {
        const cityText = words.slice(reading.end - take, reading.end).join(' ')
        const key = foldKey(cityText)
        // A code of three letters or fewer names a city alone ("NYC"), not among other words ("Jan Kowalski, MBA").
        const short = cityText.length <= 3 && (parts.length > 1 || words.length > 1)
        const candidates = this.cities.lookup(cityText).filter((c) => c.population >= (hint.minPopulation ?? 0) && (!short || foldKey(c.name) === key))
        if (candidates.length === 0) continue
        const agreeing = candidates.filter((c) => agree(c).rank > 0)
        // A state written inside the part must agree, or the part is read without it.
        if (inPart && agreeing.length === 0) break
        const codes = this.#codesAround(parts, index, reading.end - take === 0)
        const fits = (c: City) => codes.some(({ code, position }) => code.countries.get(c.countryCode) === position)
        const weight = (c: City) => c.population * (foldKey(c.name) === key ? ownNameWeight : 1) * (c.countryCode === hint.countryCode ? hintWeight : 1)
        const city = [...(agreeing.length > 0 ? agreeing : candidates)].sort((a, b) => agree(b).rank - agree(a).rank || Number(fits(b)) - Number(fits(a)) || weight(b) - weight(a))[0]!
        const support: Support[] = [...agree(city).support, ...(fits(city) ? ['postcode' as const] : [])]
        const zipCode = codes.find(({ code, position }) => code.countries.get(city.countryCode) === position)?.code.code ?? ''
        const before = [...parts.slice(0, index).map((p) => p.text), words.slice(0, reading.end - take).join(' ')].filter((t) => t !== '').join(', ')
        return { location: this.#fromCity(city, zipCode), support, cityText, before, population: city.population }
      }
    }
    return undefined
  }

  /**
   * What the written country and regions say of a city: 'country' when it is in the country, 'region'
   * when it is in the region's state or, for the project's regions (which include provinces and
   * départements, finer than the data's states), in the region's country. `rank` puts the state first.
   */
  #agreement(written: Qualifiers): (city: City) => { support: Support[]; rank: number } {
    return (city) => {
      const regions = written.regions.filter((r) => r.countryCode === city.countryCode)
      const inState = regions.some((r) => this.states.stateOf(city)?.code === r.code || city.admin1 === r.code)
      const inRegion = inState || regions.some((r) => this.places.regions(r.name, r.countryCode).length > 0)
      const inCountry = written.countries.some((c) => c.code === city.countryCode)
      const support: Support[] = [...(inRegion ? ['region' as const] : []), ...(inCountry ? ['country' as const] : [])]
      return { support, rank: (inState ? 2 : 0) + support.length }
    }
  }

  /**
   * Postal codes of the address, each before or after the city of part `index`. A code that starts the
   * city's part stands before the city only when the city follows it: in "2260 Arbor Court" it is a
   * house number.
   */
  #codesAround(parts: Part[], index: number, cityStartsPart: boolean): Array<{ code: Postcode; position: 'before' | 'after' }> {
    return parts.flatMap((part, i) => {
      // A number before a street is its house number: "12345 East Oaks Drive".
      if (part.street > 0 || (i === index && part.codeFirst && !cityStartsPart)) return []
      const position = i < index || (i === index && part.codeFirst) ? 'before' : 'after'
      return part.codes.map((code) => ({ code, position: position as 'before' | 'after' }))
    })
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
