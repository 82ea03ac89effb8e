import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../src/db/database.js'

/**
 * PGlite runs no autovacuum: the embedded database keeps its planner statistics itself, on a timer,
 * once a table has changed by autovacuum's default threshold (50 rows and a tenth of the table).
 */
describe('the embedded database keeps its statistics', () => {
  let database: Database
  const analysed = async () =>
    (await sql<{ last: Date | null }>`select last_analyze as last from pg_stat_user_tables where relname = 'items'`.execute(database.db)).rows[0]?.last ?? null

  beforeAll(async () => {
    database = await openDatabase({ statisticsIntervalMs: 200 })
    await sql`create table items (id int primary key, tag text)`.execute(database.db)
  })
  afterAll(() => database.close())

  it('leaves a table alone below the threshold, and analyses it by itself once it is passed', async () => {
    await sql`insert into items select n, 'a' from generate_series(1, 40) n`.execute(database.db)
    await new Promise((resolve) => setTimeout(resolve, 800))
    expect(await analysed(), 'analysed after 40 changed rows').toBeNull()

    await sql`insert into items select n, 'b' from generate_series(41, 2000) n`.execute(database.db)
    const deadline = Date.now() + 10_000
    while ((await analysed()) === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await analysed(), 'analysed after 2,000 changed rows').not.toBeNull()
    const { rows } = await sql<{ n: number }>`select reltuples::int as n from pg_class where relname = 'items'`.execute(database.db)
    expect(rows[0]!.n).toBe(2000)
  })

  it('analyses again after further changes, and not while nothing changes', async () => {
    const before = (await analysed())!
    await sql`update items set tag = 'c' where id <= 500`.execute(database.db)
    const deadline = Date.now() + 10_000
    while ((await analysed())! <= before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    const after = (await analysed())!
    expect(after.getTime()).toBeGreaterThan(before.getTime())
    expect(await database.statistics!(), 'tables analysed with nothing changed').toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(await analysed()).toEqual(after)
  })
})
