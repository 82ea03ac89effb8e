import { sql, type Kysely } from 'kysely'
import type { Schema } from './schema.js'

/** Analyses the tables whose changes since their last analyze pass the threshold; returns their names. */
export type StatisticsCheck = () => Promise<string[]>

/**
 * Autovacuum's analyze part, with its default threshold: a table is analysed once the rows changed
 * since its last analyze exceed 50 plus a tenth of the table. PGlite runs no autovacuum, so without
 * this the embedded planner never has statistics and reads an account's rows through the primary key
 * instead of the entity and location indexes; on PostgreSQL the segment merger runs it for the
 * segment's tables after a merge, which autovacuum would analyse only at its next round, up to a
 * minute later (meanwhile a fresh dictionary was read by scans: docs/benchmarks.md). `tables` limits
 * it to those tables. It goes through the pool like any query, so it never runs inside a request's
 * transaction; a table its connection does not own is skipped with a warning, not an error.
 */
export function statisticsCheck(db: Kysely<Schema>, tables?: readonly string[]): StatisticsCheck {
  return async () => {
    // PGlite flushes its table counters only when asked; the flush lands at the end of this statement.
    await sql`select pg_stat_force_next_flush()`.execute(db)
    const { rows } = await sql<{ name: string }>`
      select quote_ident(relname) as name from pg_stat_user_tables
      where schemaname = 'public' and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
        and (${tables ? sql`relname = any(${[...tables]})` : sql`true`})
      order by relname`.execute(db)
    for (const { name } of rows) await sql`analyze ${sql.raw(name)}`.execute(db)
    return rows.map((r) => r.name)
  }
}

/** Runs `check` every `intervalMs` until stopped; a failed check is reported and the next one tries again. */
export function everyInterval(check: StatisticsCheck, intervalMs: number, onError: (error: unknown) => void): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    check().catch(onError).finally(() => (running = false))
  }, intervalMs)
  // The check must never keep a CLI or a test process alive.
  timer.unref()
  return () => clearInterval(timer)
}
