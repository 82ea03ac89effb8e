import { sql, type Kysely, type Transaction } from 'kysely'
import type { Account } from '../../src/accounts/account-repository.js'
import type { Schema } from '../../src/db/schema.js'
import { withTenant } from '../../src/db/tenant.js'
import { indexDocument } from '../../src/indexing/document-writer.js'
import { resumeEntities, type SearchableDocument } from '../../src/entity/entities.js'
import { syntheticResume } from './generate.js'
import type { CorpusVocabulary } from './vocab.js'

/** Rows per bulk statement: big enough to amortise the round trip, small enough to keep a batch ~8 MB. */
export const batchSize = 1000

export const documentId = (n: number) => `resume-${String(n).padStart(7, '0')}`

/** A bulk row: the document and its searchable columns, keyed as jsonb_to_recordset reads them back. */
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
 * The bulk path: one INSERT ... SELECT FROM jsonb_to_recordset($batch) per 1,000 documents, in a tenant
 * transaction (withTenant: row-level security applies, as for /index), writing the columns indexDocument
 * writes and spending one credit per document. No de-duplication or upsert: the database is fresh.
 * The next batch is generated while the database writes the current one; with `streams` above 1
 * (PostgreSQL, a pool of 2 x streams connections) that many are written at once (insertBatchBeside).
 */
export async function bulkLoad(db: Kysely<Schema>, account: Account, v: CorpusVocabulary, seed: number, from: number, to: number, progress: (done: number) => void, streams = 1): Promise<void> {
  const insert = streams > 1 ? insertBatchBeside : insertBatch
  const writing: Promise<unknown>[] = []
  for (let start = from; start < to; start += batchSize) {
    const rows = batch(v, seed, start, Math.min(to, start + batchSize))
    if (writing.length >= streams) await writing.shift()
    writing.push(insert(db, account, rows).then(() => progress(Math.min(to, start + batchSize) - from)))
  }
  await Promise.all(writing)
}

/** One batch in one transaction, its ordinals taken in it: the counter's lock, held to the commit, orders batches one after another. */
function insertBatch(db: Kysely<Schema>, account: Account, rows: Row[]): Promise<unknown> {
  return withTenant(db, account.id, async (trx) => {
    // The batch's ordinals in one step, not one trigger call per row (migrations/0021).
    await insertRows(trx, account, rows, await takeOrdinals(trx, account, rows.length))
    await spendCredits(trx, account, rows.length)
  })
}

/**
 * One batch beside others: its ordinals and credits are taken in a short transaction of their own, so
 * the next batch does not wait for this one's commit on the counter's lock (a third of the bulk load's
 * time: docs/benchmarks.md, "Two batches at once"). The merge must then not pass a range still being
 * written, which it would: it merges up to the counter's committed value. So the batch's transaction
 * first locks the index's segment row FOR SHARE, which search_merge locks FOR UPDATE before it reads
 * the counter: a merge waits for every batch whose ordinals it could see, and a batch that starts while
 * a merge runs waits for it before taking any. Batches share the lock; a merge may wait until the load
 * pauses. The credits go in the short transaction too, as the account row's lock would order the
 * batches again: a batch that fails after it has spent them and leaves its ordinals unused (the load
 * stops there). Holds two connections at once: `streams` batches need twice as many in the pool.
 */
function insertBatchBeside(db: Kysely<Schema>, account: Account, rows: Row[]): Promise<unknown> {
  return withTenant(db, account.id, async (trx) => {
    // The segment row a first merge would make, so that a fresh index has a row to lock.
    await sql`insert into search_segments (account_id, index_type, tombstones) values (${account.id}, 'Resume', ordinals_bitmap('{}', 1024)) on conflict do nothing`.execute(trx)
    await sql`select from search_segments where account_id = ${account.id} and index_type = 'Resume' for share`.execute(trx)
    const first = await withTenant(db, account.id, async (apart) => {
      await spendCredits(apart, account, rows.length)
      return takeOrdinals(apart, account, rows.length)
    })
    await insertRows(trx, account, rows, first)
  })
}

async function takeOrdinals(trx: Transaction<Schema>, account: Account, count: number): Promise<number> {
  const { rows: [taken] } = await sql<{ first: number }>`select search_take_ordinals(${account.id}, 'Resume', ${count}) as first`.execute(trx)
  return taken!.first
}

async function spendCredits(trx: Transaction<Schema>, account: Account, count: number): Promise<void> {
  await sql`
    insert into account_credits as c (account_id, credits_used) values (${account.id}, ${count})
    on conflict (account_id) do update set credits_used = c.credits_used + ${count}`.execute(trx)
}

// jsonb, not json: json_to_recordset parses each document's three jsonb columns a second time from their text.
async function insertRows(trx: Transaction<Schema>, account: Account, rows: Row[], first: number): Promise<void> {
  await sql`
    insert into documents (account_id, index_type, document_id, sub_user_id, custom_value, parsed, entities, display,
                           location, experience_months, experience_max_months, salary_min, salary_max, checksum, ordinal)
    select ${account.id}, 'Resume', r.id, null, '{}'::jsonb, r.parsed, r.entities, r.display,
           case when r.longitude is null or r.latitude is null then null else st_setsrid(st_makepoint(r.longitude, r.latitude), 4326)::geography end,
           r."experienceMonths", r."experienceMaxMonths", r."salaryMin", r."salaryMax", r.checksum,
           ${first}::integer + (row_number() over ())::integer - 1
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id text, parsed jsonb, entities jsonb, display jsonb, longitude float8, latitude float8,
           "experienceMonths" integer, "experienceMaxMonths" integer, "salaryMin" numeric, "salaryMax" numeric, checksum text)`.execute(trx)
}

/**
 * An initial load builds the GIN indexes after the rows are in, the way pg_restore does. Searches want
 * `fastupdate = off`, but inserting ~60 keys per document straight into a growing GIN index is the
 * slowest part of a bulk load (744 documents/s at 40k), and loading through the pending lists instead
 * (1,135/s) leaves the index 2.5 times its size (95 MB against 38 MB at 100k). Dropping the indexes and
 * creating them from their own definitions afterwards is both fast and compact; the build counts in
 * the load's time. Only for a load into an empty table: a live index keeps its indexes.
 */
export async function withGinIndexesBuiltAfter<T>(db: Kysely<Schema>, load: () => Promise<T>): Promise<T> {
  const { rows: [table] } = await sql<{ empty: boolean }>`select not exists (select from documents) as empty`.execute(db)
  if (!table!.empty) throw new Error('withGinIndexesBuiltAfter: the documents table is not empty')
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.relname as name, pg_get_indexdef(i.oid) as definition
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_am a on a.oid = i.relam
     where x.indrelid = 'documents'::regclass and a.amname = 'gin'`.execute(db)
  for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db)
  try {
    return await load()
  } finally {
    // maintenance_work_mem bounds how much of an index build is sorted in memory.
    await sql`set maintenance_work_mem = '512MB'`.execute(db)
    for (const index of indexes) await sql.raw(index.definition).execute(db)
    await sql`reset maintenance_work_mem`.execute(db)
  }
}

/**
 * The per-request path: indexDocument, one transaction per document, exactly as POST /index writes, from
 * `clients` concurrent clients (an import sends several requests at a time; one client measures the
 * round trips more than the database).
 */
export async function indexOneByOne(db: Kysely<Schema>, account: Account, v: CorpusVocabulary, seed: number, from: number, to: number, clients = 1): Promise<void> {
  let next = from
  const client = async () => {
    for (let n = next++; n < to; n = next++) {
      const parsed = syntheticResume(v, seed, n)
      await indexDocument(db, account, {
        indexType: 'Resume', documentId: documentId(n), parsed, searchable: resumeEntities(parsed, { personalInformation: true }), customValue: {},
      })
    }
  }
  await Promise.all(Array.from({ length: clients }, client))
}
