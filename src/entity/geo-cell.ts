/**
 * Grid cells of latitude and longitude, stored among a document's entities (GeoCell) so that a radius
 * search can ask the GIN index for "this skill AND one of these cells" in one lookup.
 *
 * Why: a radius search ANDs the GiST index's bitmap of the documents near the point with the GIN
 * index's bitmap of the documents with the keyword's values, and PostgreSQL builds each bitmap in full
 * first, and a common skill's bitmap holds a large part of the index when only a few documents lie
 * within the radius. Inside one GIN lookup the two keys are intersected as the posting lists are read,
 * skipping through the long one (GIN's fast scan), at a small part of the cost (docs/benchmarks.md).
 *
 * A cell is `<level>:<row>:<column>`, row = floor(latitude / size), column = floor(longitude / size),
 * at three sizes, so a small radius and a large one each find a handful of cells to ask for.
 * migrations/0010 computes the same cells in SQL for documents indexed before them.
 */
const levels = [0.25, 1, 4] as const

/**
 * At most this many cells per radius: more would make the lookup many small scans. 32 rather than 16
 * lets a circle of 50 km take quarter degrees where the grid allows (28 cells around Berlin), and a
 * search that reads the rows then fetches fewer from beyond the circle (docs/benchmarks.md).
 */
const maxCells = 32

/** The cells of a point, one per level. */
export function geoCells(latitude: number, longitude: number): string[] {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return []
  return levels.map((size, level) => `${level}:${Math.floor(latitude / size)}:${Math.floor(longitude / size)}`)
}

/**
 * Cells that together hold every point within `radiusMeters` of the centre, at the finest level that
 * needs at most 32 of them; undefined when none does (a radius of thousands of km), when the circle
 * reaches a pole or crosses the antimeridian: the search then relies on the GiST index alone.
 *
 * Generous on purpose: a cell too many costs a short lookup, a cell missing would lose documents. A
 * degree of latitude is at least 110,574 m on the spheroid (110,000 used), a degree of longitude at
 * least 111,319 m x cos(latitude) (111,000 used), taken at the circle's latitude farthest from the
 * equator, where degrees of longitude are shortest.
 */
export function cellsCovering(latitude: number, longitude: number, radiusMeters: number): string[] | undefined {
  const grid = cellGrid(latitude, longitude, radiusMeters, maxCells)
  return grid?.rows.flatMap((row) => grid.columns.map((column) => `${grid.level}:${row}:${column}`))
}

/**
 * The rows and columns of cells that hold every point within `radiusMeters` of the centre, at the finest
 * level that needs at most `most` cells (cellsCovering explains the margins); undefined as there.
 */
export function cellGrid(latitude: number, longitude: number, radiusMeters: number, most: number): { level: number; size: number; rows: number[]; columns: number[] } | undefined {
  const latitudeSpan = radiusMeters / 110_000
  const south = latitude - latitudeSpan
  const north = latitude + latitudeSpan
  if (north >= 89 || south <= -89) return undefined
  const longitudeSpan = radiusMeters / (111_000 * Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180))
  const west = longitude - longitudeSpan
  const east = longitude + longitudeSpan
  if (west < -180 || east >= 180) return undefined

  for (const [level, size] of levels.entries()) {
    const rows = range(Math.floor(south / size), Math.floor(north / size))
    const columns = range(Math.floor(west / size), Math.floor(east / size))
    if (rows.length * columns.length <= most) return { level, size, rows, columns }
  }
  return undefined
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}
