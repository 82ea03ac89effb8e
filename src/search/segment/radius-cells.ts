import { cellGrid } from '../../entity/geo-cell.js'
import type { GeoCondition } from '../query.js'

/**
 * The grid cells (src/entity/geo-cell.ts) of a radius, split for the segment: those wholly inside the
 * circle, whose documents all lie within the radius, and those on its edge, whose documents are
 * checked one by one. At the finest level that needs at most `maxCells`; undefined when none does, or
 * when the circle reaches a pole or the antimeridian (the search then reads the rows).
 */
export function radiusCells(geo: Pick<GeoCondition, 'latitude' | 'longitude' | 'radiusMeters'>): { inside: string[]; edge: string[] } | undefined {
  const { latitude, longitude, radiusMeters } = geo
  const grid = cellGrid(latitude, longitude, radiusMeters, maxCells)
  if (!grid) return undefined
  const { level, size } = grid
  const inside: string[] = []
  const edge: string[] = []
  for (const row of grid.rows) {
    for (const column of grid.columns) {
      const corners = [[row, column], [row + 1, column], [row, column + 1], [row + 1, column + 1]] as const
      const farthest = Math.max(...corners.map(([r, c]) => haversineMeters(latitude, longitude, r * size, c * size)))
      ;(farthest < radiusMeters * insideMargin ? inside : edge).push(`${level}:${row}:${column}`)
    }
  }
  return { inside, edge }
}

/** One terms_bitmap call ORs them; its cost grows little with the count. */
const maxCells = 400
/**
 * A cell is inside when its farthest corner is within 99% of the radius on the sphere: the spheroid's
 * distances (PostGIS, geography) differ from the sphere's by under 0.6%. On a sphere the farthest point
 * of a latitude-longitude cell from a point is one of its corners.
 */
const insideMargin = 0.99

function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(a)))
}

