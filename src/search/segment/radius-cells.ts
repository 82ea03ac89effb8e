import { cellGrid } from '../../entity/geo-cell.js'
import type { GeoCondition } from '../query.js'

/**
 * The grid cells (src/entity/geo-cell.ts) of a radius, split for the segment: those wholly inside the
 * circle, whose documents all lie within the radius, and those on its edge, whose documents are
 * checked one by one. At the finest level that needs at most `maxCells`; undefined when none does, or
 * when the circle reaches a pole or the antimeridian (the search then reads the rows).
 */
export function radiusCells(geo: Pick<GeoCondition, 'latitude' | 'longitude' | 'radiusMeters'>): RadiusCells | undefined {
  const { latitude, longitude, radiusMeters } = geo
  const grid = cellGrid(latitude, longitude, radiusMeters, maxCells)
  if (!grid) return undefined
  const { level, size } = grid
  const inside: string[] = []
  const edge: string[] = []
  const near: Array<{ cell: string; meters: number }> = []
  for (const row of grid.rows) {
    for (const column of grid.columns) {
      const cell = `${level}:${row}:${column}`
      // The nearest point of the cell is about where the centre's coordinates, clamped into it, fall.
      const nearest = haversineMeters(latitude, longitude, clamp(latitude, row * size, (row + 1) * size), clamp(longitude, column * size, (column + 1) * size))
      // A corner cell of the square around the circle may lie wholly beyond it: its documents need no check.
      if (nearest * nearMargin > radiusMeters) continue
      const corners = [[row, column], [row + 1, column], [row, column + 1], [row + 1, column + 1]] as const
      const farthest = Math.max(...corners.map(([r, c]) => haversineMeters(latitude, longitude, r * size, c * size)))
      ;(farthest < radiusMeters * insideMargin ? inside : edge).push(cell)
      near.push({ cell, meters: nearest * nearMargin })
    }
  }
  near.sort((a, b) => a.meters - b.meters)
  return { inside, edge, byDistance: near.map((n) => n.cell), nearest: near.map((n) => n.meters) }
}

export interface RadiusCells {
  /** Cells wholly inside the circle, and those on its edge. */
  inside: string[]
  edge: string[]
  /** All of them, nearest first, with a distance no document in each is nearer than. */
  byDistance: string[]
  nearest: number[]
}

const clamp = (x: number, low: number, high: number) => Math.min(Math.max(x, low), high)

/** One terms_bitmap call ORs them; its cost grows little with the count. */
const maxCells = 400
/**
 * A cell is inside when its farthest corner is within 99% of the radius on the sphere: the spheroid's
 * distances (PostGIS, geography) differ from the sphere's by under 0.6%. On a sphere the farthest point
 * of a latitude-longitude cell from a point is one of its corners.
 */
const insideMargin = 0.99
/**
 * The clamped point is the nearest on a plane; on the sphere the nearest point of a cell of at most 4
 * degrees lies within a few per cent of it, and the spheroid within 0.6%: a tenth off keeps the bound low.
 */
const nearMargin = 0.9

function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(a)))
}

