import { sql, type Kysely, type Transaction } from 'kysely'
import type { Schema } from './schema.js'

/** The role whose row-level security policies confine a transaction to one account (migrations/0001). */
const tenantRole = 'resume_search_tenant'

/**
 * Runs `work` in a transaction that can only see and change `accountId`'s rows.
 *
 * Queries inside still filter on the account (the first defence, and what lets Citus route them); the
 * role switch and the per-transaction setting are the second: a query that forgets its WHERE still sees
 * only this account's rows.
 *
 * @example
 *   const count = await withTenant(db, account.id, (trx) =>
 *     sql`select count(*)::int as n from documents where account_id = ${account.id}`.execute(trx))
 */
export async function withTenant<T>(
  db: Kysely<Schema>,
  accountId: number,
  work: (trx: Transaction<Schema>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // jit off: a tenant's statements are request-sized, but the planner's guesses for jsonb containment
    // can cross jit_above_cost and spend longer compiling a search than running it.
    // work_mem 32MB: a broad search's bitmap and its scored rows stay exact and in memory; at the 4MB
    // default the bitmap turned lossy (every row of its pages rechecked) and the scored rows spilled.
    // No parallel workers: starting them took longer than a radius search runs without them, and
    // concurrent requests already keep the cores busy. (Figures: docs/benchmarks.md.)
    await sql`select set_config('role', ${tenantRole}, true),
                     set_config('resume_search.account_id', ${String(accountId)}, true),
                     set_config('jit', 'off', true),
                     set_config('work_mem', '32MB', true),
                     set_config('max_parallel_workers_per_gather', '0', true)`.execute(trx)
    return work(trx)
  })
}

class RolledBack<T> {
  constructor(readonly value: T) {}
}

/**
 * Like withTenant, but the transaction is always rolled back: for work that needs rows in the tables
 * only for a moment (oneMatch scores an uploaded document with the search SQL, indexing nothing).
 */
export async function withTenantRolledBack<T>(
  db: Kysely<Schema>,
  accountId: number,
  work: (trx: Transaction<Schema>) => Promise<T>,
): Promise<T> {
  try {
    await withTenant(db, accountId, async (trx) => {
      throw new RolledBack(await work(trx))
    })
  } catch (outcome) {
    if (outcome instanceof RolledBack) return outcome.value as T
    throw outcome
  }
  throw new Error('unreachable: the transaction always rolls back')
}
