import { sql, type RawBuilder } from 'kysely'

/**
 * A point as a PostGIS geography (WGS 84, SRID 4326), the type of `documents.location`: distances
 * and radius tests on it are in metres on the spheroid. Longitude first, as PostGIS takes it.
 *
 * @example
 *   sql`st_distance(d.location, ${geographyPoint(13.4, 52.52)})`
 */
export function geographyPoint(longitude: number, latitude: number): RawBuilder<unknown> {
  return sql`st_setsrid(st_makepoint(${longitude}, ${latitude}), 4326)::geography`
}
