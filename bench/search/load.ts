import { sql, type Kysely } from 'kysely'
import type { Account } from '../../src/accounts/account-repository.js'
import type { Schema } from '../../src/db/schema.js'
import { withTenant } from '../../src/db/tenant.js'
import { indexDocument } from '../../src/index/document-writer.js'
import { resumeEntities, type SearchableDocument } from '../../src/index/entities.js'
import { syntheticResume } from './generate.js'
import type { CorpusVocabulary } from './vocab.js'

/** Rows per bulk statement: big enough to amortise the round trip, small enough to keep a batch ~8 MB. */
export const batchSize = 1000

export const documentId = (n: number) => `resume-${String(n).padStart(7, '0')}`

/** A bulk row: the document and its searchable columns, keyed as json_to_recordset reads them back. */
type Row = SearchableDocument & { id: string; parsed: unknown }

/** Documents [from, to) as the rows indexDocument writes: the parser output and resumeEntities() of it. */
function batch(v: CorpusVocabulary, seed: number, from: number, to: number): Row[] {
  const rows: Row[] = []
  for (let n = from; n < to; n++) {
    const parsed = syntheticResume(v, seed, n)
    rows.push({ id: documentId(n), parsed, ...resumeEntities(parsed, { personalInformation: true }) })
  }
  return rows
}

/**
 * The bulk path: one INSERT ... SELECT FROM json_to_recordset($batch) per 1,000 documents, in a tenant
 * transaction (withTenant: row-level security applies, as for /index), writing the columns indexDocument
 * writes and spending one credit per document. No de-duplication or upsert: the database is fresh.
 * The next batch is generated while the database writes the current one.
 */
export async function bulkLoad(db: Kysely<Schema>, account: Account, v: CorpusVocabulary, seed: number, from: number, to: number, progress: (done: number) => void): Promise<void> {
  let pending: Promise<unknown> | undefined
  for (let start = from; start < to; start += batchSize) {
    const rows = batch(v, seed, start, Math.min(to, start + batchSize))
    await pending
    pending = insertBatch(db, account, rows).then(() => progress(Math.min(to, start + batchSize) - from))
  }
  await pending
}

function insertBatch(db: Kysely<Schema>, account: Account, rows: Row[]): Promise<unknown> {
  return withTenant(db, account.id, async (trx) => {
    await sql`
      insert into documents (account_id, index_type, document_id, sub_user_id, custom_value, parsed, entities, display,
                             location, experience_months, experience_max_months, salary_min, salary_max, checksum)
      select ${account.id}, 'Resume', r.id, null, '{}'::jsonb, r.parsed, r.entities, r.display,
             case when r.longitude is null or r.latitude is null then null else st_setsrid(st_makepoint(r.longitude, r.latitude), 4326)::geography end,
             r."experienceMonths", r."experienceMaxMonths", r."salaryMin", r."salaryMax", r.checksum
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(id text, parsed jsonb, entities jsonb, display jsonb, longitude float8, latitude float8,
             "experienceMonths" integer, "experienceMaxMonths" integer, "salaryMin" numeric, "salaryMax" numeric, checksum text)`.execute(trx)
    await sql`update accounts set credits_used = credits_used + ${rows.length}, updated_at = now() where account_id = ${account.id}`.execute(trx)
  })
}

/**
 * How an initial load should treat the GIN indexes: searches want `fastupdate = off` (no pending list to
 * scan), but inserting 50 keys per document straight into a large GIN index is the slowest part of a bulk
 * load. During the load the pending list takes the inserts and is merged into the index in sorted
 * batches (gin_pending_list_limit, 64 MB for the load's session), then emptied by gin_clean_pending_list;
 * the index goes back to `fastupdate = off` before any search. The merge is part of the load's time.
 */
export async function withGinPendingList<T>(db: Kysely<Schema>, load: () => Promise<T>): Promise<T> {
  const indexes = ['documents_entities', 'documents_custom_value']
  for (const index of indexes) await sql`alter index ${sql.ref(index)} set (fastupdate = on, gin_pending_list_limit = 65536)`.execute(db)
  try {
    return await load()
  } finally {
    for (const index of indexes) {
      await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db)
      await sql`alter index ${sql.ref(index)} set (fastupdate = off)`.execute(db)
      await sql`alter index ${sql.ref(index)} reset (gin_pending_list_limit)`.execute(db)
    }
  }
}

/** The per-request path: indexDocument, one transaction per document, exactly as POST /index writes. */
export async function indexOneByOne(db: Kysely<Schema>, account: Account, v: CorpusVocabulary, seed: number, from: number, to: number): Promise<void> {
  for (let n = from; n < to; n++) {
    const parsed = syntheticResume(v, seed, n)
    await indexDocument(db, account, {
      indexType: 'Resume', documentId: documentId(n), parsed, searchable: resumeEntities(parsed, { personalInformation: true }), customValue: {},
    })
  }
}
