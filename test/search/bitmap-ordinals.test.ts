import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seeded } from '../../bench/search/random.js'
import { openTestDatabase, type TestDatabase } from '../support/test-database.js'

/**
 * bitmap_ordinals (migrations/0018) turns a result's bitmap into the ordinals a page, a facet or a
 * radius walk reads: a wrong or missing ordinal is a wrong page or count. Compared here with the bits
 * themselves, on bitmaps that span several of its 16,384-bit windows, empty ones among them.
 */
let database: TestDatabase
beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)
afterAll(() => database.close())

/** A bitmap of `length` bits as PostgreSQL's bit string text, and its set bits' positions. */
function bitmap(length: number, density: (at: number) => number, seed: number): { text: string; ordinals: number[] } {
  const random = seeded(seed)
  const bits = Array.from({ length }, (_, at) => (random() < density(at) ? '1' : '0'))
  return { text: bits.join(''), ordinals: bits.flatMap((bit, at) => (bit === '1' ? [at] : [])) }
}

async function ordinals(text: string, skip: number, take: number): Promise<number[]> {
  const { rows } = await sql<{ o: number }>`select o from bitmap_ordinals(${text}::bit varying, ${skip}, ${take}) o`.execute(database.db)
  return rows.map((r) => r.o)
}

describe('a bitmap read as ordinals', () => {
  it('gives every set bit in ascending order, across windows with and without bits', async () => {
    const cases = [
      bitmap(70_000, () => 0.01, 1),
      // The second and fourth windows hold nothing; the first bit and the last are set.
      bitmap(70_001, (at) => (at === 0 || at === 70_000 ? 1 : Math.floor(at / 16_384) % 2 === 1 ? 0 : 0.3), 2),
      bitmap(16_384, () => 1, 3),
      bitmap(9, () => 0, 4),
    ]
    for (const { text, ordinals: expected } of cases) {
      expect(await ordinals(text, 0, 2_147_483_647)).toEqual(expected)
    }
    expect(await ordinals('', 0, 10)).toEqual([])
  })

  it('skips and takes as a page does, wherever the page starts and ends', async () => {
    const { text, ordinals: all } = bitmap(70_000, (at) => (at < 20_000 ? 0.02 : 0.002), 5)
    const windowStart = all.findIndex((o) => o >= 16_384)
    for (const [skip, take] of [[0, 1], [0, 50], [3, 7], [windowStart - 2, 5], [windowStart, 1], [all.length - 3, 50], [all.length, 10], [17, 2_147_483_647]] as const) {
      expect(await ordinals(text, skip, take)).toEqual(all.slice(skip, skip + take))
    }
  })

  it('is what a bitmap built from ordinals holds: few or many, repeated, unordered, from an offset, and none outside it', async () => {
    const random = seeded(6)
    const capacity = 40_000
    // Up to 6,710 ordinals a bit at a time at this capacity (2^28 bits copied), beyond as one text.
    for (const count of [0, 1, 3, 256, 257, 3_000, 7_000]) {
      const ordinals = Array.from({ length: count }, () => Math.floor(random() * capacity))
      // Repeated and out of order, as the postings of several terms are when they are built together.
      const given = [...ordinals, ...ordinals.slice(0, 5)].reverse()
      const expected = [...new Set(ordinals)].sort((a, b) => a - b)
      const { rows } = await sql<{ length: number; ordinals: number[] }>`
        select length(b) as length, array(select bitmap_ordinals(b, 0, 2147483647)) as ordinals
          from (select ordinals_bitmap(${given}::int[], ${capacity}) as b) x`.execute(database.db)
      expect(rows[0], String(count)).toEqual({ length: capacity, ordinals: expected })
    }
    // A common term's recent bits start at an ordinal (a multiple of 8); ordinals outside are left out.
    for (const count of [10, 300]) {
      const ordinals = Array.from({ length: count }, () => 65_536 + Math.floor(random() * 8_192))
      const { rows } = await sql<{ length: number; ordinals: number[] }>`
        select length(b) as length, array(select bitmap_ordinals(b, 0, 2147483647)) as ordinals
          from (select ordinals_bitmap(${[...ordinals, 65_535, 65_536 + 8_192]}::int[], ${8_192}, ${65_536}) as b) x`.execute(database.db)
      expect(rows[0], String(count)).toEqual({ length: 8_192, ordinals: [...new Set(ordinals)].sort((a, b) => a - b).map((o) => o - 65_536) })
    }
  })
})

describe("a merge's ordinals added to recent bits (recent_with)", () => {
  /** The length and set positions of `before` (bits from ordinal `first` on) after a merge adds `ordinals`. */
  async function added(before: string | null, ordinals: number[], first: number): Promise<{ length: number; ordinals: number[] }> {
    const { rows } = await sql<{ length: number; ordinals: number[] }>`
      select length(b) as length, array(select bitmap_ordinals(b, 0, 2147483647)) as ordinals
        from (select recent_with(${before}::bit varying, ${ordinals}::int[], ${first}) as b) x`.execute(database.db)
    return rows[0]!
  }

  it('holds the bits it had and the new ones, as wide as the highest, however many a merge adds', async () => {
    const random = seeded(7)
    const first = 131_072
    // Recent bits as a merge left them: 30,001 wide (not a whole byte), the last bit set.
    const before = bitmap(30_001, (at) => (at === 30_000 ? 1 : 0.02), 8)
    // A merger's steps (one to 1,500 ordinals in 2,000: each bit set in the tail), and a bulk load's
    // (40,000 in 200,000: one bitmap of them).
    for (const [count, span] of [[1, 2_000], [5, 2_000], [64, 2_000], [65, 2_000], [1_500, 2_000], [40_000, 200_000]] as const) {
      // Above every ordinal merged before, unordered, one repeated; the lowest in the same byte as the last old bit.
      const fresh = Array.from({ length: count }, () => first + 30_001 + Math.floor(random() * span))
      const given = [...fresh, fresh[0]!, first + 30_001].reverse()
      const highest = Math.max(...given) - first
      const expected = [...new Set([...before.ordinals, ...given.map((o) => o - first)])].sort((a, b) => a - b)
      expect(await added(before.text, given, first), `${count} in ${span}`).toEqual({ length: Math.floor(highest / 8) * 8 + 8, ordinals: expected })
    }
  })

  it("starts a term's first recent bits, and keeps them as they are when the merge adds nothing", async () => {
    expect(await added(null, [1_000 + 17, 1_000 + 3], 1_000)).toEqual({ length: 24, ordinals: [3, 17] })
    const before = bitmap(4_000, () => 0.1, 9)
    // Ordinals below the highest bit already there leave the width alone.
    expect(await added(before.text, [1_000 + 3_990], 1_000)).toEqual({ length: 4_000, ordinals: [...new Set([...before.ordinals, 3_990])].sort((a, b) => a - b) })
    expect(await added(before.text, [], 1_000)).toEqual({ length: 4_000, ordinals: before.ordinals })
  })
})
