import { sql, type Kysely } from 'kysely'
import type { Account } from '../accounts/account-repository.js'
import type { Schema } from '../db/schema.js'
import { withTenant } from '../db/tenant.js'
import { ApiError } from '../errors/api-error.js'
import { explainHit } from './explain.js'
import type { SearchQuery } from './query.js'
import { toRecord } from './records.js'
import { searchStatementIn } from './search-sql.js'
import { mergeSegment } from './segment/segment-merge.js'

/** Spec 4.7's response: count over all matches, the page's records, facets and explanations. */
export async function runSearch(db: Kysely<Schema>, account: Account, q: SearchQuery, options: { mergeFirst?: boolean } = {}): Promise<Record<string, unknown>> {
  const row = await withTenant(db, account.id, async (trx) => {
    // In the search's own transaction: a search refused below rolls its merge back too.
    if (options.mergeFirst) await mergeSegment(trx, account.id, q.indexType)
    const { rows } = await (await searchStatementIn(trx, account.id, q)).execute(trx)
    const result = rows[0]!
    // 2021 only costs a look-up when a sub-user's search found nothing.
    if (result.count === 0 && q.subUserIds?.length) {
      const known = await sql`select 1 from documents where account_id = ${account.id} and index_type = ${q.indexType}
                                 and sub_user_id = any(${q.subUserIds}::text[]) limit 1`.execute(trx)
      if (known.rows.length === 0) throw new ApiError(2021, q.subUserIds.join(', '))
    }
    return result
  })
  return {
    count: row.count,
    pageStart: q.page.start,
    pageSize: q.page.size,
    records: row.records.map((r) => toRecord(q.indexType, r, q.fields)),
    ...(q.facets ? { facet: row.facets ?? {} } : {}),
    ...(q.explain ? { explainScore: row.records.map((r) => explainHit(q, r)) } : {}),
  }
}
