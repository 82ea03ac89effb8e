import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { between, seeded, type Random } from '../../bench/search/random.js'
import { scoreGroups, type ScorePart } from '../../src/search/segment/score-walk.js'
import { openTestDatabase, type TestDatabase } from '../support/test-database.js'

/**
 * search_walk (migrations/0011, 0025) picks the page's documents from the result's bitmap and the
 * units' bitmaps: a wrong or missing ordinal is a wrong page. Compared here with each document's units
 * read one by one, for units empty, sparse, dense and whole, pages short and long, and bitmaps so long
 * that the walk cannot keep every prefix it splits.
 */
let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)
afterAll(() => database.close())

interface Case {
  capacity: number
  res: number[]
  units: number[][]
  parts: ScorePart[]
  want: number
}

/** Documents among the first `span` ordinals: the result, and units of the given densities within it and around it. */
function drawCase(random: Random, capacity: number, span: number, densities: number[], want: number): Case {
  const res = Array.from({ length: span }, (_, o) => o).filter(() => random() < 0.6)
  const units = densities.map((density) => Array.from({ length: span }, (_, o) => o).filter(() => random() < density))
  // A condition per unit or per pair of units (a share per value met), each with its own weight.
  const parts: ScorePart[] = []
  for (let u = 0; u < units.length; ) {
    const of = u + 1 < units.length && random() < 0.4 ? 2 : 1
    parts.push({ weight: between(random, 5, 40), of, units: Array.from({ length: of }, (_, i) => u + i), always: false })
    u += of
  }
  return { capacity, res, units, parts, want }
}

/** The page by reading each document's units: groups in order, ordinals ascending within one, the first `want`. */
function expected(c: Case): number[] {
  const { masks, groups } = scoreGroups(c.parts, c.units.length)
  const rank = new Map(masks.map((mask, i) => [mask, groups[i]!]))
  const sets = c.units.map((u) => new Set(u))
  const maskOf = (o: number) => sets.reduce((mask, set, i) => (set.has(o) ? mask | (1 << i) : mask), 0)
  if (c.res.length <= Math.max(c.want, 300)) return c.res.slice(0, Math.max(c.want, 300))
  return [...c.res].sort((a, b) => rank.get(maskOf(a))! - rank.get(maskOf(b))! || a - b).slice(0, c.want)
}

async function walked(c: Case): Promise<number[]> {
  const { masks, groups } = scoreGroups(c.parts, c.units.length)
  const units = c.units.map((u) => sql`ordinals_bitmap(${u}::int[], ${c.capacity})`)
  const { rows } = await sql<{ page: number[] }>`
    select search_walk(ordinals_bitmap(${c.res}::int[], ${c.capacity}), array[${sql.join(units)}]::bit varying[], ${masks}::int[], ${groups}::int[], ${c.want}) as page`.execute(database.db)
  return rows[0]!.page
}

describe("the page's walk over the subsets of the units", () => {
  it('lists the best documents by the units they meet, in the order of their scores, as reading each document does', async () => {
    const random = seeded(7)
    // Empty, sparse, dense and whole units, in no order of size.
    const shapes = [[0.5, 0, 0.02, 0.9, 1], [0.3, 0.3, 0.3], [0, 0, 0.7], [0.05, 0.5, 0.01, 0.6, 0.2, 0.4, 0.1, 0.8, 0.3, 0.02]]
    for (const densities of shapes) {
      for (const want of [1, 50, 400, 2_000]) {
        const c = drawCase(random, 4_096, 3_000, densities, want)
        expect(await walked(c), JSON.stringify({ densities, want })).toEqual(expected(c))
      }
    }
  })

  it('returns a result of a few hundred documents whole, in ordinal order', async () => {
    const c = drawCase(seeded(8), 1_024, 400, [0.5, 0.2], 10)
    expect(c.res.length).toBeLessThanOrEqual(300)
    expect(await walked(c)).toEqual(c.res)
  })

  it('finds the same page when the bitmaps are too long to keep every prefix it splits', async () => {
    // At 2^22 bits (512 kB) it keeps 64 prefixes; eight dense units split the result into some 250.
    const random = seeded(9)
    for (const want of [50, 900]) {
      const c = drawCase(random, 2 ** 22, 2_000, [0.5, 0.4, 0.6, 0.5, 0.3, 0.7, 0.5, 0.45], want)
      expect(await walked(c)).toEqual(expected(c))
    }
  }, 60_000)
})
