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
    await sql`select set_config('role', ${tenantRole}, true),
                     set_config('resume_search.account_id', ${String(accountId)}, true)`.execute(trx)
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
