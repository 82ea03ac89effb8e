import { describe, expect, it } from 'vitest'
import { cellsCovering, geoCells } from '../../src/entity/geo-cell.js'

/** mulberry32: the same points on every run. */
function seeded(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The point `meters` from the start in direction `bearing` (radians) on a sphere of the Earth's mean radius. */
function destination(latitude: number, longitude: number, meters: number, bearing: number): [number, number] {
  const r = Math.PI / 180
  const d = meters / 6_371_008.8
  const lat = Math.asin(Math.sin(latitude * r) * Math.cos(d) + Math.cos(latitude * r) * Math.sin(d) * Math.cos(bearing))
  const lon = longitude * r + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(latitude * r), Math.cos(d) - Math.sin(latitude * r) * Math.sin(lat))
  return [lat / r, lon / r]
}

describe('geo cells', () => {
  it('name a point at each of three sizes, negative coordinates rounded down', () => {
    expect(geoCells(50.06, 19.94)).toEqual(['0:200:79', '1:50:19', '2:12:4'])
    expect(geoCells(-33.87, -70.65)).toEqual(['0:-136:-283', '1:-34:-71', '2:-9:-18'])
    expect(geoCells(Number.NaN, 19)).toEqual([])
  })

  it('cover every point within the radius, in at most 32 cells', () => {
    const random = seeded(7)
    let covered = 0
    for (let i = 0; i < 400; i++) {
      const latitude = random() * 160 - 80
      const longitude = random() * 340 - 170
      const radius = 1000 * Math.exp(random() * Math.log(800))
      const cover = cellsCovering(latitude, longitude, radius)
      if (!cover) continue
      covered++
      expect(cover.length).toBeLessThanOrEqual(32)
      const level = cover[0]!.split(':')[0]
      for (let j = 0; j < 40; j++) {
        // Half a percent past the radius: the spheroid PostGIS measures on differs from this sphere by less.
        const [lat, lon] = destination(latitude, longitude, radius * 1.005 * Math.sqrt(random()), random() * 2 * Math.PI)
        const cell = geoCells(lat, lon).find((c) => c.startsWith(`${level}:`))!
        expect(cover).toContain(cell)
      }
    }
    expect(covered).toBeGreaterThan(300)
  })

  it('use the finest size a handful of cells can cover', () => {
    expect(cellsCovering(50.06, 19.94, 10_000)!.every((cell) => cell.startsWith('0:'))).toBe(true)
    expect(cellsCovering(50.06, 19.94, 40_000)!.every((cell) => cell.startsWith('0:'))).toBe(true)
    expect(cellsCovering(50.06, 19.94, 100_000)!.every((cell) => cell.startsWith('1:'))).toBe(true)
    expect(cellsCovering(50.06, 19.94, 300_000)!.every((cell) => cell.startsWith('2:'))).toBe(true)
  })

  it('give up, leaving the radius to the GiST index, past the antimeridian, near a pole or over thousands of km', () => {
    expect(cellsCovering(-18.1, 179.9, 30_000)).toBeUndefined()
    expect(cellsCovering(88.5, 10, 60_000)).toBeUndefined()
    expect(cellsCovering(50, 10, 3_000_000)).toBeUndefined()
  })
})
