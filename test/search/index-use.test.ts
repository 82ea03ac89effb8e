import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkLoad } from '../../bench/search/load.js'
import { shapes, type Shape } from '../../bench/search/queries.js'
import { seeded } from '../../bench/search/random.js'
import type { Account } from '../../src/accounts/account-repository.js'
import { pendingListFlush } from '../../src/db/gin-pending-lists.js'
import { commonQuery } from '../../src/search/common-options.js'
import { geoCondition } from '../../src/search/geo-radius.js'
import type { SearchQuery } from '../../src/search/query.js'
import { queryValue } from '../../src/search/query-values.js'
import { searchEntity } from '../../src/search/search-entities.js'
import { corpusVocabulary } from '../support/corpus.js'
import { ginScan, planScans } from '../support/plans.js'
import { openTestDatabase, type TestDatabase } from '../support/test-database.js'

/**
 * Searches run under row-level security, where PostgreSQL lets an index serve a condition only when the
 * condition's function is LEAKPROOF (migrations/0003); without it every search reads the account's whole
 * table (1,524 ms instead of 0.19 at 100,000 documents, docs/benchmarks.md). Each representative search
 * of the benchmark (bench/search/queries.ts, built by the service's own query builders) is planned here
 * as the service runs it: its statement, in a tenant transaction (withTenant), over 3,000 resumes.
 */
const seed = 18
let database: TestDatabase
let account: Account

const scans = (q: SearchQuery) => planScans(database.db, account.id, q)

const gin = expect.objectContaining(ginScan)
const sampleScan = expect.objectContaining({ node: 'Bitmap Index Scan', index: 'documents_entities_sample' })
const seqScan = { node: 'Seq Scan', table: 'documents' }

let representative: Shape[]
const first = (shape: Shape) => shape.next(seeded(seed))

/** A radius over years of experience alone: no GIN lookup carries the grid cells, so the GiST index finds the circle. */
function yearsWithin(): SearchQuery {
  const years = searchEntity('Resume', 'TotalExperienceInYear')!
  return {
    ...commonQuery('Resume', {}, undefined),
    conditions: [{ entity: 'TotalExperienceInYear', keys: years.keys, values: [queryValue(years.kind, '5')], operator: 'OR', kind: 'Optional', weight: 50 }],
    explainKey: 'BooleanSearch',
    geo: geoCondition({ city: 'Kraków', radius: 30, distanceUnit: 'KM' }, 50),
  }
}

beforeAll(async () => {
  database = await openTestDatabase()
  const { rows } = await sql<{ id: number }>`insert into accounts (name, key_hash) values ('index-use', '\\x01'::bytea) returning account_id as id`.execute(database.db)
  account = { id: Number(rows[0]!.id), name: 'index-use', expiresAt: null, searchEngine: true, plugins: true, indexQuota: null, subUserLimit: null }
  const v = corpusVocabulary(seed)
  await bulkLoad(database.db, account, v, seed, 0, 3000, () => {})
  // The GIN pending lists emptied, as the service's segment merger does every second (migrations/0019),
  // and statistics, as PostgreSQL's autovacuum gathers them within a minute of a load this size (the
  // embedded database gathers none: test/load.test.ts, "plans").
  await pendingListFlush(database.db)()
  await sql`analyze documents`.execute(database.db)
  representative = shapes(v)
}, 120_000)
afterAll(() => database.close())

describe('searches under row-level security', () => {
  it.each(['simple keyword', 'boolean, 5 entities', 'boolean + 3 facets', 'geo radius 50 km', 'sort by experience'])('%s looks its values up in the GIN index', async (name) => {
    const found = await scans(first(representative.find((shape) => shape.name === name)!))
    expect(found).toContainEqual(gin)
    expect(found).not.toContainEqual(expect.objectContaining(seqScan))
  })

  it('a radius search looks its values up within the grid cells of its circle, in the GIN index', async () => {
    const found = await scans(first(representative.find((shape) => shape.name === 'geo radius 50 km')!))
    // entities @> any(array['{"SkillHaveExp": [...], "GeoCell": [...]}', ...]) as the index condition (docs/search.md, "Radius").
    expect(found).toContainEqual(expect.objectContaining({ index: 'documents_entities', condition: expect.stringMatching(/@> ANY/) }))
  })

  it('a match looks its candidates up in the sample\'s GIN index, then the whole one', async () => {
    const found = await scans(first(representative.find((shape) => shape.name.startsWith('match'))!))
    expect(found).toContainEqual(sampleScan)
    expect(found).toContainEqual(gin)
    expect(found).not.toContainEqual(expect.objectContaining(seqScan))
  })

  it('a radius no GIN lookup narrows is looked up in the GiST index', async () => {
    const found = await scans(yearsWithin())
    expect(found).toContainEqual(expect.objectContaining({ index: 'documents_location' }))
    expect(found).not.toContainEqual(expect.objectContaining(seqScan))
  })
})

describe('without the LEAKPROOF marks of migrations/0003', () => {
  // The functions as 0003 marks them; each test takes a mark away in this file's own database and puts it back.
  async function without<T>(functions: string[], run: () => Promise<T>): Promise<T> {
    for (const f of functions) await sql`alter function ${sql.raw(f)} not leakproof`.execute(database.db)
    try {
      return await run()
    } finally {
      for (const f of functions) await sql`alter function ${sql.raw(f)} leakproof`.execute(database.db)
    }
  }

  it('a search reads the whole table instead of the GIN index', async () => {
    const q = first(representative.find((shape) => shape.name === 'simple keyword')!)
    const found = await without(['jsonb_contains(jsonb, jsonb)'], () => scans(q))
    expect(found).toContainEqual(expect.objectContaining(seqScan))
    expect(found).not.toContainEqual(gin)
    // And with the mark back, the index again: the difference is the mark.
    expect(await scans(q)).toContainEqual(gin)
  })

  it('a radius reads the whole table instead of the GiST index', async () => {
    const found = await without(['st_dwithin(geography, geography, double precision, boolean)', 'geography_overlaps(geography, geography)', 'overlaps_geog(geography, gidx)'], () => scans(yearsWithin()))
    expect(found).toContainEqual(expect.objectContaining(seqScan))
    expect(found).not.toContainEqual(expect.objectContaining({ index: 'documents_location' }))
  })
})

