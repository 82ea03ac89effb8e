import { sql, type RawBuilder } from 'kysely'
import type * as v from 'valibot'
import { geographyPoint } from '../db/geography.js'
import { ApiError } from '../errors/api-error.js'
import { cellsCovering } from '../entity/geo-cell.js'
import { vocabulary } from '../parser/vocab/vocabulary.js'
import type { CommonSearchOptions } from '../schemas/search-request.js'
import type { GeoCondition, SearchQuery } from './query.js'

/**
 * The geo radius of a search or match, from the request's geoSearch to its SQL: the point and radius
 * (geoCondition), the WHERE's test (withinRadius) and the grid cells its entity lookups are narrowed to
 * (radiusCells, inCells; docs/search.md, "Radius"), the distance's share of the score (geoScore) and the
 * distance a record shows (distanceMeters).
 */

type GeoSearch = NonNullable<v.InferOutput<(typeof CommonSearchOptions)['geoSearch']>>

/** Radius when geoSearch names a place but no radius: a commuting distance. */
const defaultRadiusKm = 50

/**
 * geoSearch (spec 2.7): a city (with state and country to tell namesakes apart) through the gazetteer,
 * or latitude and longitude as strings; a radius in KM (default) or mile.
 */
export function geoCondition(geo: GeoSearch, weight: number): GeoCondition {
  const unit = geo.distanceUnit?.toLowerCase() === 'mile' ? 'mile' : 'KM'
  const radius = geo.radius ?? defaultRadiusKm
  if (radius <= 0) throw new ApiError(2035)
  const radiusMeters = radius * (unit === 'mile' ? 1609.344 : 1000)

  if (geo.latitude !== undefined || geo.longitude !== undefined) {
    const latitude = Number(geo.latitude)
    const longitude = Number(geo.longitude)
    if (geo.latitude === undefined || geo.latitude.trim() === '' || !Number.isFinite(latitude) || Math.abs(latitude) > 90) throw new ApiError(2036)
    if (geo.longitude === undefined || geo.longitude.trim() === '' || !Number.isFinite(longitude) || Math.abs(longitude) > 180) throw new ApiError(2037)
    return { latitude, longitude, radiusMeters, weight, place: { city: geo.city ?? '', state: geo.state ?? '', country: geo.country ?? '', latitude, longitude, radius, distanceUnit: unit } }
  }
  if (!geo.city) throw new ApiError(2033)
  const place = vocabulary().gazetteer.resolve([geo.city, geo.state, geo.country].filter(Boolean).join(', '))
  if (!place?.city || place.latitude === null || place.longitude === null) throw new ApiError(2033, `unknown city ${geo.city}`)
  return {
    latitude: place.latitude,
    longitude: place.longitude!,
    radiusMeters,
    weight,
    place: { city: place.city, state: place.state, country: place.country, latitude: place.latitude, longitude: place.longitude!, radius, distanceUnit: unit },
  }
}

/** The centre of the radius as a PostGIS geography. */
export function geoPoint(q: SearchQuery): RawBuilder<unknown> {
  return geographyPoint(q.geo!.longitude, q.geo!.latitude)
}

/**
 * The document lies within the radius. `inCells`: a GIN lookup in the radius' cells already keeps the
 * documents near the point, and the GiST index's bitmap of the whole neighbourhood would only cost
 * time to AND in, so the test is written `_st_dwithin`: the function st_dwithin calls (spheroid, the
 * same answers) without the support function that offers the planner the index; PostGIS 3.3 and 3.6
 * (embedded) both have it. st_distance(...) <= radius would hide the index too, but is several times
 * slower a row (docs/benchmarks.md).
 */
export function withinRadius(q: SearchQuery, inCells: boolean): RawBuilder<unknown> {
  return inCells
    ? sql`_st_dwithin(d.location, ${geoPoint(q)}, ${q.geo!.radiusMeters}, true)`
    : sql`st_dwithin(d.location, ${geoPoint(q)}, ${q.geo!.radiusMeters})`
}

/**
 * The grid cells that hold a radius search's circle (src/entity/geo-cell.ts), or undefined. With them, the
 * WHERE asks the GIN index for each entity value within those cells ("java" AND cell 1:52:13, ...) rather
 * than for the value alone: the same documents once st_dwithin has kept those within the radius, since
 * every one of them lies in one of the cells, but a common value's bitmap is no longer built in full to
 * be ANDed with the GiST index's. Only the WHERE uses them; scores test the values alone.
 */
export function radiusCells(q: SearchQuery): string[] | undefined {
  if (!q.geo || q.geo.filter === false) return undefined
  return circleCells(q.geo)
}

/** The cells of the circle, whether or not the radius filters (a match's near tier looks them up). */
export function circleCells(geo: GeoCondition): string[] | undefined {
  return cellsCovering(geo.latitude, geo.longitude, geo.radiusMeters)
}

/** Any of the containments, each within one of the cells: one GIN lookup per (containment, cell). */
export function inCells(containments: Array<Record<string, string[]>>, cells: string[]): RawBuilder<unknown> {
  return sql`d.entities @> any(${containments.flatMap((c) => cells.map((cell) => JSON.stringify({ ...c, GeoCell: [cell] })))}::jsonb[])`
}

/** The distance's share: its weight at the centre, decaying linearly to 0 at the radius. */
export function geoScore(q: SearchQuery): RawBuilder<unknown> {
  if (!q.geo?.weight) return sql`0`
  return sql`(${q.geo.weight}::float8 * greatest(0, 1 - coalesce(st_distance(d.location, ${geoPoint(q)}), ${q.geo.radiusMeters}) / ${q.geo.radiusMeters}))`
}

/** The document's distance from the centre, in whole metres (null without a location). */
export function distanceMeters(q: SearchQuery): RawBuilder<unknown> {
  return sql`round(st_distance(d.location, ${geoPoint(q)})::numeric)`
}
