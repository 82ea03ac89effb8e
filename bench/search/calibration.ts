import { sql, type Kysely } from 'kysely'
import type { Schema } from '../../src/db/schema.js'
import { summary } from '../stats.js'

/**
 * The machine's speed on two fixed statements that read no table, each the median of five runs, so
 * that runs on different days can be compared: the same code has read twice the p95 on one day as on
 * another (docs/benchmarks.md). `bitmap` builds and counts bit strings of 1M bits, as the search
 * segment does; `rows` hashes 300,000 generated rows one by one, as a statement over rows does.
 */
export async function calibrate(db: Kysely<Schema>): Promise<{ bitmapMs: number; rowsMs: number }> {
  const median = async (statement: () => Promise<unknown>) => {
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const start = performance.now()
      await statement()
      times.push(performance.now() - start)
    }
    return summary(times).median
  }
  const bitmapMs = await median(() => sql`select sum(bit_count(x.b & (x.b >> i))) from (select repeat('1011001', 149797)::bit varying as b offset 0) x, generate_series(1, 200) i`.execute(db))
  const rowsMs = await median(() => sql`select sum(hashtext(md5((a * 1000 + b)::text))::float8) from generate_series(1, 300) a, generate_series(1, 1000) b`.execute(db))
  return { bitmapMs, rowsMs }
}
