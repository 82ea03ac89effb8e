import { sql, type Kysely } from 'kysely'
import type { Schema } from '../../db/schema.js'

/** What waits for the search segment's merges, over every account (docs/search-core.md). */
export interface SegmentBacklog {
  /** Writes (ordinals handed out) and deletions not merged yet, in all indexes. */
  waiting: number
  /** The same in the index with the most. */
  largest: number
  /** Indexes with anything waiting. */
  indexes: number
}

/**
 * The merge backlog: a merger that keeps up holds it under SEGMENT_MERGE_DOCS per index; one that
 * grows tells an operator that merges fail or fall behind (searches stay exact, and get slower).
 */
export async function segmentBacklog(db: Kysely<Schema>): Promise<SegmentBacklog> {
  const { rows } = await sql<SegmentBacklog>`
    select coalesce(sum(w.n), 0)::float8 as waiting, coalesce(max(w.n), 0)::float8 as largest, (count(*) filter (where w.n > 0))::float8 as indexes
      from (select o.last_ordinal - coalesce(s.merged_upto, 0)
                   + (select count(*) from search_tombstones t where t.account_id = o.account_id and t.index_type = o.index_type) as n
              from search_ordinals o
                   left join search_segments s on s.account_id = o.account_id and s.index_type = o.index_type) w`.execute(db)
  return rows[0]!
}
