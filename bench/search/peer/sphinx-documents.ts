import type { SearchableDocument } from '../../../src/entity/entities.js'
import { searchEntity } from '../../../src/search/search-entities.js'

/** A term id no document holds: what a query value that is in no document becomes. */
export const unknownTerm = 0xffffffff

/**
 * Normalised entity values to dense uint ids, one dictionary per attribute: Sphinx filters and facets
 * on integers, and the service's normalised values (resumeEntities, queryValue) are the terms.
 */
export class TermIds {
  readonly #ids = new Map<string, number>()

  /** The value's id, assigned on first sight (ids start at 1, so 0 is "none" in a single-valued attribute). */
  add(value: string): number {
    let id = this.#ids.get(value)
    if (id === undefined) this.#ids.set(value, (id = this.#ids.size + 1))
    return id
  }

  find(value: string): number {
    return this.#ids.get(value) ?? unknownTerm
  }

  get size(): number {
    return this.#ids.size
  }
}

export interface SphinxTerms {
  titles: TermIds
  cities: TermIds
  skills: TermIds
  ranges: TermIds
}

export const newTerms = (): SphinxTerms => ({ titles: new TermIds(), cities: new TermIds(), skills: new TermIds(), ranges: new TermIds() })

/** One resume as Sphinx indexes it: term ids, experience, and the point in radians for GEODIST. */
export interface SphinxDocument {
  id: number
  /** The current job title's text: a plain index needs one full-text field, and no intent searches it. */
  profile: string
  titles: number[]
  city: number
  skills: number[]
  experienceRange: number
  experienceMonths: number
  latitude: number
  longitude: number
}

/** The stored entities each attribute holds: the keys our search compares for the same entity name. */
const keysOf = (name: string) => searchEntity('Resume', name)!.keys
const titleKeys = keysOf('JobProfile')
const cityKeys = keysOf('City')
const skillKeys = keysOf('Skill')
const rangeKeys = keysOf('TotalExperienceRange')

const valuesOf = (doc: SearchableDocument, keys: string[]) => [...new Set(keys.flatMap((key) => doc.entities[key] ?? []))]
const radians = (degrees: number | null) => ((degrees ?? 0) * Math.PI) / 180

/**
 * A resume's searchable form (resumeEntities) as a Sphinx document with id `id` (Sphinx ids start at 1).
 * City and experience range are single-valued here: a generated resume has one address and one range.
 * A resume without a point is put at 0, 0, in the Gulf of Guinea, far from every corpus city.
 */
export function sphinxDocument(id: number, doc: SearchableDocument, terms: SphinxTerms): SphinxDocument {
  const first = (keys: string[], ids: TermIds) => {
    const value = valuesOf(doc, keys)[0]
    return value === undefined ? 0 : ids.add(value)
  }
  return {
    id,
    profile: doc.display.CurrentJobProfile?.[0] ?? '',
    titles: valuesOf(doc, titleKeys).map((value) => terms.titles.add(value)),
    city: first(cityKeys, terms.cities),
    skills: valuesOf(doc, skillKeys).map((value) => terms.skills.add(value)),
    experienceRange: first(rangeKeys, terms.ranges),
    experienceMonths: doc.experienceMonths ?? 0,
    latitude: radians(doc.latitude),
    longitude: radians(doc.longitude),
  }
}

/**
 * The tsvpipe columns after the document id, in the order of tsvLine's values: sphinx-config.ts declares
 * them from this list, so the two cannot drift apart.
 */
export const tsvColumns = [
  ['tsvpipe_field', 'profile'],
  ['tsvpipe_attr_multi', 'titles'],
  ['tsvpipe_attr_uint', 'city'],
  ['tsvpipe_attr_multi', 'skills'],
  ['tsvpipe_attr_uint', 'experience_range'],
  ['tsvpipe_attr_uint', 'experience_months'],
  ['tsvpipe_attr_float', 'latitude'],
  ['tsvpipe_attr_float', 'longitude'],
] as const

/** The document as one tsvpipe line: tab-separated, MVAs comma-separated, no tab or line break in the text. */
export function tsvLine(d: SphinxDocument): string {
  const text = d.profile.replace(/[\t\r\n\\]+/g, ' ')
  return [d.id, text, d.titles.join(','), d.city, d.skills.join(','), d.experienceRange, d.experienceMonths, d.latitude, d.longitude].join('\t') + '\n'
}
