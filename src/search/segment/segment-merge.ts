import { sql, type Kysely, type Transaction } from 'kysely'
import type { Logger } from 'pino'
import type { PendingListFlush } from '../../db/gin-pending-lists.js'
import type { Schema } from '../../db/schema.js'
import { statisticsCheck, type StatisticsCheck } from '../../db/table-statistics.js'
import { withTenant } from '../../db/tenant.js'
import type { IndexType } from '../../entity/entity-names.js'

/**
 * Merging the delta into the search segment (migrations/0011, search_merge): on demand for one index
 * (mergeSegment), or in the background for every index that has waited long enough (startSegmentMerger).
 */

/**
 * Folds one index's delta and tombstones into its segment, in a tenant transaction `trx` (withTenant);
 * returns how many documents it merged. Committed with the transaction.
 */
export async function mergeSegment(trx: Transaction<Schema>, accountId: number, indexType: IndexType): Promise<number> {
  const { rows } = await sql<{ merged: number }>`select search_merge(${accountId}, ${indexType}) as merged`.execute(trx)
  // The merge's row counts reach pg_stat_user_tables as the transaction ends, not a second or ten later,
  // so a statistics check right after it sees them (segmentStatistics).
  await sql`select pg_stat_force_next_flush()`.execute(trx)
  return rows[0]!.merged
}

export interface MergerOptions {
  /** An index merges once this many documents (or tombstones) wait... */
  minDocs: number
  /** ...or once the oldest has waited this long. Also the interval between looks. */
  maxWaitMs: number
  logger: Logger
  /** Run after a look that merged documents: analyses the segment's tables that changed enough (segmentStatistics). */
  statistics?: StatisticsCheck
  /** Run at every look: empties the documents' GIN pending lists (db/gin-pending-lists.ts). */
  pendingLists?: PendingListFlush
}

/** The tables a merge writes, whose statistics the planner's reading of a search depends on. */
export const segmentTables = ['search_terms', 'search_term_groups', 'search_segments', 'search_forward', 'search_forward_slots', 'search_ordinals', 'search_tombstones'] as const

/** The statistics check of the segment's tables (db/table-statistics.ts), for the merger to run after merging. */
export const segmentStatistics = (db: Kysely<Schema>): StatisticsCheck => statisticsCheck(db, segmentTables)

/**
 * Merges, one index at a time, every index whose delta has reached `minDocs` or was last merged more than
 * `maxWaitMs` ago; looks again every `maxWaitMs / 5`. A failed merge (the database restarting, a fault of
 * one index) is logged with its index and tried again after `maxWaitMs`, doubling with each failure up
 * to five minutes; the indexes after it still merge. Searches stay exact meanwhile: they read what
 * waits from the rows.
 * Returns a function that stops it and waits for a merge under way.
 */
export function startSegmentMerger(db: Kysely<Schema>, options: MergerOptions): () => Promise<void> {
  let stopped = false
  let busy = false
  let running: Promise<void> = Promise.resolve()
  // Indexes whose merge failed: tried again after a wait that doubles with each failure, up to five
  // minutes, so that one that keeps failing does not take a core every second.
  const failing = new Map<string, { failures: number; until: number }>()
  const look = async () => {
    const due = await dueIndexes(db, options)
    let total = 0
    for (const index of due) {
      if (stopped) return
      const key = `${index.account_id}/${index.index_type}`
      if ((failing.get(key)?.until ?? 0) > Date.now()) continue
      const started = performance.now()
      // One index's failure is its own: the others, after it in the order, still merge.
      try {
        const merged = await withTenant(db, index.account_id, (trx) => mergeSegment(trx, index.account_id, index.index_type))
        total += merged
        failing.delete(key)
        options.logger.debug({ accountId: index.account_id, indexType: index.index_type, merged, ms: Math.round(performance.now() - started) }, 'segment merged')
      } catch (error) {
        const failures = (failing.get(key)?.failures ?? 0) + 1
        const waitMs = Math.min(maxRetryWaitMs, options.maxWaitMs * 2 ** (failures - 1))
        failing.set(key, { failures, until: Date.now() + waitMs })
        options.logger.warn({ err: error, accountId: index.account_id, indexType: index.index_type, failures, retryInMs: waitMs }, 'segment merge failed; retrying later')
      }
    }
    if (total > 0 && options.statistics && !stopped) {
      const analysed = await options.statistics()
      if (analysed.length > 0) options.logger.debug({ tables: analysed }, 'segment tables analysed')
    }
    // At every look, not only after a merge: a search reads the lists whole, and emptying them costs
    // some 40 µs a document, so a second's writes are moved in while they are few.
    if (options.pendingLists && !stopped) {
      try {
        const pages = await options.pendingLists()
        if (pages > 0) options.logger.debug({ pages }, 'GIN pending lists emptied')
      } catch (error) {
        options.logger.warn({ err: error }, 'emptying the GIN pending lists failed; trying again at the next look')
      }
    }
  }
  // A look still under way (a large merge) lets the ticks in the meantime pass.
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    running = look()
      .catch((error: unknown) => options.logger.warn({ err: error }, 'segment merge failed; retrying'))
      .finally(() => { busy = false })
  }, Math.max(50, Math.floor(options.maxWaitMs / 5)))
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    await running
  }
}

/** The longest wait before a failed index's merge is tried again. */
const maxRetryWaitMs = 5 * 60_000

/** Indexes with documents or tombstones waiting, those that waited long enough or have enough. */
async function dueIndexes(db: Kysely<Schema>, options: MergerOptions): Promise<Array<{ account_id: number; index_type: IndexType }>> {
  const { rows } = await sql<{ account_id: number; index_type: IndexType }>`
    select o.account_id::int as account_id, o.index_type
      from search_ordinals o
           left join search_segments s on s.account_id = o.account_id and s.index_type = o.index_type
           cross join lateral (select count(*) as n from search_tombstones t
                                where t.account_id = o.account_id and t.index_type = o.index_type) pending
     where (o.last_ordinal > coalesce(s.merged_upto, 0) or pending.n > 0)
       and (o.last_ordinal - coalesce(s.merged_upto, 0) + pending.n >= ${options.minDocs}
            or coalesce(s.merged_at, '-infinity') < now() - make_interval(secs => ${options.maxWaitMs / 1000}))
     order by o.last_ordinal - coalesce(s.merged_upto, 0) desc`.execute(db)
  return rows
}
