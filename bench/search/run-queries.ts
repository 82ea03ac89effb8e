import { sql, type Kysely, type Transaction } from 'kysely'
import type { Account } from '../../src/accounts/account-repository.js'
import type { Schema } from '../../src/db/schema.js'
import { withTenant } from '../../src/db/tenant.js'
import type { SearchQuery } from '../../src/search/query.js'
import { searchStatementIn, type SearchRow } from '../../src/search/search-sql.js'
import type { Shape } from './queries.js'
import { seeded } from './random.js'
import type { ShapeResult } from './stats.js'

/** A search as runSearch runs it: a tenant transaction and the one statement; returns the count. */
export async function search(db: Kysely<Schema>, account: Account, q: SearchQuery): Promise<number> {
  return (await searchRow(db, account, q)).count
}

/** How a version of the statement builder makes a search's statement (search-sql.ts searchStatementIn). */
export type StatementIn = (trx: Transaction<Schema>, accountId: number, q: SearchQuery) => Promise<{ execute(trx: Transaction<Schema>): Promise<{ rows: SearchRow[] }> }>

/** The search's one row, by `statementIn` (another version's builder, for bench:paired). */
export async function searchRow(db: Kysely<Schema>, account: Account, q: SearchQuery, statementIn: StatementIn = searchStatementIn): Promise<SearchRow> {
  return withTenant(db, account.id, async (trx) => (await (await statementIn(trx, account.id, q)).execute(trx)).rows[0]!)
}

/**
 * Runs a shape `warmup` times untimed, then `runs` times timed (each run a new draw from the shape), one
 * client, back to back. Stops early when `budgetMs` is spent (warm-ups: a quarter of it), so a slow shape at 1M cannot eat the run.
 */
export async function runShape(db: Kysely<Schema>, account: Account, shape: Shape, options: { seed: number; warmup: number; runs: number; budgetMs: number }): Promise<ShapeResult> {
  const random = seeded(options.seed)
  // Warm-ups get a quarter of the budget: they fill the cache, they need not all run when each takes seconds.
  const warming = performance.now()
  for (let i = 0; i < options.warmup && performance.now() - warming < options.budgetMs / 4; i++) await search(db, account, shape.next(random))
  const result: ShapeResult = { name: shape.name, times: [], counts: [], queries: [] }
  const started = performance.now()
  for (let i = 0; i < options.runs && performance.now() - started < options.budgetMs; i++) {
    const q = shape.next(random)
    const start = performance.now()
    result.counts.push(await search(db, account, q))
    result.times.push(performance.now() - start)
    result.queries.push(q)
  }
  return result
}

/** EXPLAIN (ANALYZE, BUFFERS) of one query of the shape, in the same tenant transaction a search uses. */
export async function explain(db: Kysely<Schema>, account: Account, q: SearchQuery): Promise<string> {
  return withTenant(db, account.id, async (trx) => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${await searchStatementIn(trx, account.id, q)}`.execute(trx)
    return rows.map((row) => row['QUERY PLAN']).join('\n')
  })
}
