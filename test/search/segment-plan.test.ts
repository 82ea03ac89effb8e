import { describe, expect, it } from 'vitest'
import type { Bits } from '../../src/search/segment/bitmap-expression.js'
import type { Condition, SearchQuery } from '../../src/search/query.js'
import { radiusCells } from '../../src/search/segment/radius-cells.js'
import { segmentPlan } from '../../src/search/segment/segment-plan.js'
import { scoreGroups, sqlRound2, subsetScore } from '../../src/search/segment/score-walk.js'

describe('the score walk', () => {
  it('rounds as PostgreSQL rounds a float8 cast to numeric: 15 significant digits, halves away from zero', () => {
    expect(sqlRound2(2.675)).toBe(2.68)
    expect(sqlRound2(100 / 3)).toBe(33.33)
    expect(sqlRound2(200 / 3)).toBe(66.67)
    expect(sqlRound2(-2.675)).toBe(-2.68)
    expect(sqlRound2(0.1 + 0.2)).toBe(0.3)
  })

  it('orders every subset of the units by score, equal scores in one group', () => {
    // Skill (2 values, 50) and City (one value, 50): {both skills, city} 100, {one skill, city} 75 twice, ...
    const parts = [
      { weight: 50, of: 2, units: [0, 1], always: false },
      { weight: 50, of: 1, units: [2], always: false },
    ]
    const { masks, groups, scores } = scoreGroups(parts, 3)
    expect(scores).toEqual([100, 75, 75, 50, 50, 25, 25, 0])
    expect(masks[0]).toBe(0b111)
    expect(new Set(masks.slice(1, 3))).toEqual(new Set([0b101, 0b110]))
    expect(groups).toEqual([0, 1, 1, 3, 3, 5, 5, 7])
    expect(subsetScore(parts, 0b011)).toBe(50)
  })

  it('gives every document 100 when nothing weighs, and a required part to all', () => {
    expect(subsetScore([], 0)).toBe(100)
    expect(scoreGroups([{ weight: 40, of: 1, units: [], always: true }, { weight: 60, of: 3, units: [0, 1, 2], always: false }], 3).scores[0]).toBe(100)
  })
})

describe('a score threshold', () => {
  const optional = (entity: string, values: string[], weight: number): Condition => ({
    entity, keys: [entity], values: values.map((value) => ({ type: 'exact' as const, value, shown: value })), operator: 'OR', kind: 'Optional', weight,
  })
  // Skill (two values, 60) and City (one, 40): {both skills} 60, {one skill, city} 70, {city} 40.
  const query = (minScore?: number): SearchQuery => ({
    indexType: 'Resume', conditions: [optional('Skill', ['java', 'sql'], 60), optional('City', ['lyon'], 40)],
    customValues: [], customValuesRequired: true, customValueOperator: 'AND', filters: [], sorting: [], page: { start: 0, size: 10 },
    fields: [], includeSkillType: false, showCustomValue: false, explainKey: 'BooleanSearch', ...(minScore !== undefined ? { minScore } : {}),
  })
  /** The documents a Bits expression keeps, over every combination of the three terms a document may have. */
  const kept = (bits: Bits, has: Set<string>): boolean => {
    switch (bits.kind) {
      case 'term': return has.has(`${bits.field}=${bits.value}`)
      case 'any': return bits.of.some((b) => kept(b, has))
      case 'all': return bits.of.every((b) => kept(b, has))
      case 'not': return !kept(bits.of, has)
      default: throw new Error(bits.kind)
    }
  }
  const documents = [0, 1, 2, 3, 4, 5, 6, 7].map((m) => new Set(['Skill=java', 'Skill=sql', 'City=lyon'].filter((_, i) => (m >> i) & 1)))
  const score = (has: Set<string>) => (has.has('Skill=java') ? 30 : 0) + (has.has('Skill=sql') ? 30 : 0) + (has.has('City=lyon') ? 40 : 0)

  it('leaves a threshold to the rows when a distance is part of the score', () => {
    const place = { city: 'Lyon', state: '', country: 'France', latitude: 45.76, longitude: 4.84, radius: 50, distanceUnit: 'KM' }
    const geo = { latitude: 45.76, longitude: 4.84, radiusMeters: 50_000, weight: 40, place }
    expect(segmentPlan({ ...query(50), geo })).toBeUndefined()
    expect(segmentPlan({ ...query(), geo })?.distance).toBeDefined()
  })

  it.each([1, 30, 40, 60, 61, 70, 100])('keeps in the segment exactly the documents scoring at least %i', (min) => {
    const plan = segmentPlan(query(min))
    expect(plan).toBeDefined()
    for (const has of documents) expect(kept(plan!.keep, has), [...has].join(' ')).toBe(score(has) > 0 && score(has) >= min)
  })
})

describe('the cells of a radius', () => {
  const rad = Math.PI / 180
  const meters = (a: [number, number], b: [number, number]) => {
    const h = Math.sin(((b[0] - a[0]) * rad) / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a[1]) * rad) / 2) ** 2
    return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h))
  }
  const cellOf = (level: number, p: [number, number]) => `${level}:${Math.floor(p[0] / [0.25, 1, 4][level]!)}:${Math.floor(p[1] / [0.25, 1, 4][level]!)}`

  it.each([[52.52, 13.405, 50_000], [40.7128, -74.006, 10_000], [-33.87, 151.21, 200_000], [40.42, -3.7, 2_500_000]])(
    'around %f, %f within %i m: every point inside is in a cell, an inside cell holds no point beyond, and no cell lies wholly beyond',
    (latitude, longitude, radius) => {
      const cells = radiusCells({ latitude, longitude, radiusMeters: radius })!
      const level = Number(cells.inside.concat(cells.edge)[0]!.split(':')[0])
      const all = new Set([...cells.inside, ...cells.edge])
      const inside = new Set(cells.inside)
      let seed = 7
      const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647)
      for (let i = 0; i < 20_000; i++) {
        const p: [number, number] = [latitude + (random() - 0.5) * 2 * (radius / 100_000), longitude + (random() - 0.5) * 2 * (radius / 40_000)]
        if (Math.abs(p[0]) >= 89 || Math.abs(p[1]) >= 180) continue
        const d = meters([latitude, longitude], p)
        const cell = cellOf(level, p)
        if (d <= radius * 0.995) expect(all.has(cell), `${p} at ${Math.round(d)} m`).toBe(true)
        if (inside.has(cell)) expect(d, `${p} in inside cell ${cell}`).toBeLessThan(radius * 0.995)
        // No point of a cell is nearer the centre than its bound (with the spheroid's 0.6% to spare).
        const at = cells.byDistance.indexOf(cell)
        if (at >= 0) expect(d * 0.994, `${p} in ${cell}`).toBeGreaterThanOrEqual(cells.nearest[at]!)
      }
      expect(new Set(cells.byDistance)).toEqual(all)
      expect(cells.nearest).toEqual([...cells.nearest].sort((a, b) => a - b))
      // No cell lies wholly beyond the circle: its documents would all be checked for nothing.
      expect(cells.nearest.every((m) => m <= radius)).toBe(true)
      // Only a circle wider than a cell has cells wholly inside it.
      if (radius >= 50_000) expect(cells.inside.length).toBeGreaterThan(0)
    },
  )

  it('gives up at a pole and across the antimeridian', () => {
    expect(radiusCells({ latitude: 88.5, longitude: 0, radiusMeters: 200_000 })).toBeUndefined()
    expect(radiusCells({ latitude: 0, longitude: 179.9, radiusMeters: 50_000 })).toBeUndefined()
  })
})
