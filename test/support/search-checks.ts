import { sql, type Kysely } from 'kysely'
import { expect } from 'vitest'
import type { Schema } from '../../src/db/schema.js'
import { haversineKm, type Facts } from './corpus.js'

/** A search or match response (spec 4.7) as clients read it. */
export interface Answer {
  count: number
  pageStart: number
  pageSize: number
  records: Array<Record<string, any>>
  facet?: Record<string, Array<{ value: string; count: number }>>
  explainScore?: Array<{ id: string; explaination: any }>
}

/** What the request asked for that the answer must honour. */
export interface Asked {
  pageStart?: number
  pageSize?: number
  /** Records come by score (the default), not by another sort field. */
  byScore?: boolean
  explain?: 'json' | 'text'
  /** The explanation's key: Search, BooleanSearch or Match. */
  explainKey?: string
  minScore?: number
  excludeDocumentIds?: string[]
  facetLimit?: number
  /** Each document's place in the order documents were written (writeOrder): equal scores come in it. */
  writeOrder?: Map<string, number>
}

/**
 * The order the documents of a test's database were written in, by id (ids unique across index types):
 * the order equal scores come in (docs/search-core.md). Read from the rows, since concurrent writers
 * leave it to chance.
 */
export async function writeOrder(db: Kysely<Schema>): Promise<Map<string, number>> {
  const { rows } = await sql<{ document_id: string; ordinal: number }>`select document_id, ordinal from documents`.execute(db)
  return new Map(rows.map((r) => [r.document_id, r.ordinal]))
}

/**
 * What holds for every answer, whatever it found: a page of the count's size, scores out of 100 in
 * order, explanations of exactly the page's scores, facet counts that do not exceed the count.
 */
export function expectConsistent(answer: Answer, asked: Asked = {}): void {
  const start = asked.pageStart ?? 0
  const size = asked.pageSize ?? 50
  expect(answer).toMatchObject({ pageStart: start, pageSize: size })
  expect(Number.isInteger(answer.count) && answer.count >= 0).toBe(true)
  expect(answer.records.length, 'a page holds what the count leaves after pageStart').toBe(Math.max(0, Math.min(size, answer.count - start)))
  expect(new Set(answer.records.map((r) => r.id)).size, 'no record twice').toBe(answer.records.length)
  for (const r of answer.records) {
    expect(r.score, r.id).toBeGreaterThanOrEqual(asked.minScore ?? 0)
    expect(r.score, r.id).toBeLessThanOrEqual(100)
  }
  if (asked.byScore !== false) {
    const order = asked.writeOrder
    for (let i = 1; i < answer.records.length; i++) {
      const [a, b] = [answer.records[i - 1]!, answer.records[i]!]
      const tieInOrder = order === undefined || order.get(a.id)! < order.get(b.id)!
      expect(a.score > b.score || (a.score === b.score && tieInOrder), `${a.id} (${a.score}) before ${b.id} (${b.score})`).toBe(true)
    }
  }
  for (const id of asked.excludeDocumentIds ?? []) expect(answer.records.map((r) => r.id)).not.toContain(id)
  if (asked.explain) expectExplained(answer, asked.explain, asked.explainKey)
  for (const [field, values] of Object.entries(answer.facet ?? {})) {
    expect(values.length, field).toBeLessThanOrEqual(asked.facetLimit ?? 10)
    for (let i = 0; i < values.length; i++) {
      expect(values[i]!.count, `${field} ${values[i]!.value}`).toBeGreaterThan(0)
      expect(values[i]!.count, `${field} ${values[i]!.value}`).toBeLessThanOrEqual(answer.count)
      if (i > 0) expect(values[i]!.count, field).toBeLessThanOrEqual(values[i - 1]!.count)
    }
  }
}

/** One explanation per record, in order, whose parts add up to the record's score. */
function expectExplained(answer: Answer, type: 'json' | 'text', key = 'BooleanSearch'): void {
  expect(answer.explainScore).toHaveLength(answer.records.length)
  answer.records.forEach((record, i) => {
    const explained = answer.explainScore![i]!
    if (type === 'text') {
      expect(explained.explaination).toMatch(new RegExp(`^score ${record.score} of 100 = `))
      return
    }
    expect(explained.id).toBe(record.id)
    expect(explained.explaination.score).toBe(record.score)
    const parts = explained.explaination[key].detailScore as Array<{ score: number; maxScore: number }>
    const geo = explained.explaination.geoSearh?.score ?? 0
    const sum = parts.reduce((total, p) => total + p.score, 0) + geo
    expect(Math.abs(sum - record.score), `${record.id}: parts ${sum}, score ${record.score}`).toBeLessThan(0.05)
    for (const p of parts) expect(p.score).toBeLessThanOrEqual(p.maxScore + 0.005)
  })
}

/**
 * The answer found exactly the documents that should match: its count is theirs, its records are among
 * them, and when the page holds them all, they are all there (by id, so a failure names what is missing).
 */
export function expectExactly(answer: Answer, expected: Iterable<string>): void {
  const want = [...new Set(expected)].sort()
  expect(answer.count, `count of ${want.length} expected documents`).toBe(want.length)
  const found = answer.records.map((r) => r.id as string).sort()
  if (answer.records.length === want.length) expect(found).toEqual(want)
  else expect(want).toEqual(expect.arrayContaining(found))
}

/**
 * Every record lies within the radius, by haversine from its document's coordinates and by the
 * distance the service reports; every expected document clearly inside it was found. Documents within
 * half a percent of the edge may go either way: the service measures on the spheroid.
 */
export function expectWithinRadius(answer: Answer, facts: Map<string, Facts>, centre: { latitude: number; longitude: number }, radiusKm: number, candidates: Iterable<Facts>): void {
  const found = new Set(answer.records.map((r) => r.id))
  expect(answer.records.length, 'the whole answer on one page').toBe(answer.count)
  for (const r of answer.records) {
    const f = facts.get(r.id)!
    expect(haversineKm(centre, f as { latitude: number; longitude: number }), r.id).toBeLessThanOrEqual(radiusKm * 1.005)
    expect(r.distanceKm, r.id).toBeLessThanOrEqual(radiusKm + 0.1)
  }
  for (const f of candidates) {
    if (f.latitude === undefined || f.longitude === undefined) continue
    if (haversineKm(centre, f as { latitude: number; longitude: number }) <= radiusKm * 0.995) expect(found, `${f.id} lies within ${radiusKm} km`).toContain(f.id)
  }
}

/** Each facet value counted exactly as often as the matched documents hold it, and none left out that holds it more often. */
export function expectFacetCounts(values: Array<{ value: string; count: number }>, matched: Facts[], valuesOf: (f: Facts) => Iterable<string>): void {
  const counts = new Map<string, number>()
  for (const f of matched) for (const value of new Set(valuesOf(f))) counts.set(value, (counts.get(value) ?? 0) + 1)
  for (const { value, count } of values) expect(count, value).toBe(counts.get(value))
  const shown = new Set(values.map((v) => v.value))
  const smallest = values.at(-1)?.count ?? 0
  for (const [value, count] of counts) if (!shown.has(value)) expect(count, `${value} left out of the facet`).toBeLessThanOrEqual(smallest)
}
