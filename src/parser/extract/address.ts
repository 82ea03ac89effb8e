import type { Gazetteer, Location } from '../geo/gazetteer.js'
import type { Address, Place } from '../resume-output.js'
import type { Line } from '../sections.js'

const zip = /\b(?:\d{2}-\d{3}|\d{4,5})\b/

/**
 * The candidate's address: the "Address:" label's value, else a top line with a postal code, else a
 * short top line naming a city of some size (a line of contact details: "Berlin | +49 ... | mail").
 */
export function findAddress(lines: Line[], labelled: string | undefined, gazetteer: Gazetteer): Address | undefined {
  const candidates: Array<{ text: string; minPopulation: number }> = []
  if (labelled) candidates.push({ text: labelled, minPopulation: 0 })
  for (const line of lines.slice(0, 20)) {
    if (/@|https?:|www\./.test(line.text)) continue
    if (zip.test(line.text) && /\p{L}{3,}/u.test(line.text)) candidates.push({ text: line.text, minPopulation: 0 })
  }
  for (const line of lines.slice(0, 12)) {
    for (const part of line.text.split(/\s*[|•·]\s*|\s{2,}/)) {
      if (part.split(/\s+/).length <= 5 && !/@|\d{3}/.test(part)) candidates.push({ text: part, minPopulation: 20_000 })
    }
  }
  for (const { text, minPopulation } of candidates) {
    // A short line that is not labelled and has no postal code must be wholly a place before its first
    // comma ("Chicago, IL"): in "Emily Oakley" the surname is not Oakley, California.
    const lead = text.split(',')[0]!.replace(/\d+/g, ' ').trim()
    if (minPopulation > 0 && gazetteer.cities.lookup(lead).length === 0) continue
    const place = gazetteer.resolve(text, { minPopulation })
    if (place && (place.city || minPopulation === 0)) return toAddress(text, place)
  }
  return undefined
}

/** Places a resume names after a "Preferred location" label, comma-separated. */
export function findPreferredLocations(labelled: string | undefined, gazetteer: Gazetteer, countryHint?: string): Place[] {
  if (!labelled) return []
  return labelled
    .split(/\s*[,;/|]\s*|\s+(?:or|oder|o|ou|lub|and|und|y|et|i|e)\s+/)
    .map((part) => gazetteer.resolve(part, countryHint ? { countryCode: countryHint } : {}))
    .filter((place): place is Location => place !== undefined)
    .map((place) => ({ City: place.city, State: place.state, Country: place.country }))
}

function toAddress(text: string, place: Location): Address {
  // The street is what precedes the postal code or the city: "Hauptstraße 5, 10115 Berlin".
  const cut = place.zipCode ? text.indexOf(place.zipCode) : -1
  const before = (cut > 0 ? text.slice(0, cut) : text.split(',')[0] ?? '').replace(/[,;\s]+$/, '').trim()
  const street = /\d/.test(before) && /\p{L}{3,}/u.test(before) && before !== text ? before : ''
  return {
    Type: 'Current',
    Street: street,
    City: place.city,
    State: place.state,
    StateIsoCode: place.stateCode,
    Country: place.country,
    CountryCode: place.countryCode,
    ZipCode: place.zipCode,
    Latitude: place.latitude === null ? '' : String(place.latitude),
    Longitude: place.longitude === null ? '' : String(place.longitude),
  }
}
