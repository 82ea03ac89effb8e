import { sql, type Kysely } from 'kysely'
import type { Schema } from './schema.js'

/** Empties the pending lists of the documents table's GIN indexes; returns how many pages they held. */
export type PendingListFlush = () => Promise<number>

/**
 * The documents table's GIN indexes take a write's entries into a pending list (migrations/0019): an
 * append, where inserting each of a resume's ~100 keys into the index was most of a write. Every scan
 * of the index reads the whole list, so the segment merger empties it at each look (every second by
 * default), in bulk: some 40 µs a document (docs/benchmarks.md, "GIN pending lists, and a plain write
 * in one statement"). Only indexes the connection's role owns can be emptied this way; the others are
 * left to the writes, one of which empties a list once it passes 4 MB.
 */
export function pendingListFlush(db: Kysely<Schema>): PendingListFlush {
  return async () => {
    const { rows } = await sql<{ pages: number }>`
      select coalesce(sum(gin_clean_pending_list(i.indexrelid)), 0)::int as pages
        from pg_index i
             join pg_class c on c.oid = i.indexrelid
             join pg_am a on a.oid = c.relam
       where i.indrelid = 'documents'::regclass and a.amname = 'gin' and pg_has_role(c.relowner, 'USAGE')`.execute(db)
    return rows[0]!.pages
  }
}
