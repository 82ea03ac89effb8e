import { sql, type Kysely, type Transaction } from 'kysely'
import type { Account } from '../accounts/account-repository.js'
import type { Schema } from '../db/schema.js'
import { withTenant } from '../db/tenant.js'
import { ApiError } from '../errors/api-error.js'
import type { SearchableDocument } from '../entity/entities.js'
import type { IndexType } from '../entity/entity-names.js'

/** What the write path needs: the database. */
export interface IndexDeps {
  db: Kysely<Schema>
}

export interface Deduplication {
  checkDuplicate: boolean
  /** Entity names whose values together define a duplicate; none: the parser output's checksum. */
  fields?: string[]
  /** true: a duplicate is updated in place; false (default): the new document is ignored. */
  update?: boolean
}

export interface IndexRequest {
  indexType: IndexType
  subUserId?: string
  documentId: string
  parsed: unknown
  searchable: SearchableDocument
  customValue: Record<string, unknown>
  deduplication?: Deduplication
}

/** Spec 3: what an index call did. */
export type IndexAction = 'indexed' | 'indexUpdated' | 'updated' | 'ignored'

/**
 * Writes one document in one transaction: nothing is written unless everything holds. The row and its
 * credit are one call of documents_write, whose new credit count says whether the quota allowed it
 * (2080 rolls the row back). Writes to one index take turns on its ordinal counter from that call until
 * they commit (migrations/0011), so a plain write (no de-duplication, no sub-user) is one statement sent
 * alone (indexAlone), committed by the server as it returns, with no round trip while the lock is held.
 *
 * A write that de-duplicates or names a sub-user decides against the index and the sub-users as they
 * stand, so it locks the account row first and holds it to the end, as concurrent such writes then
 * take turns. FOR NO KEY UPDATE, not FOR UPDATE: the key-share locks of plain writes' inserts (their
 * foreign key) and of a running merge do not conflict with it, so neither waits for the other:
 * 1. De-duplication: a duplicate under another id is updated in place (`updated`) or the call changes
 *    nothing (`ignored`, no credit used).
 * 2. A new sub-user beyond the key's limit is 2020.
 * Then upsert by id: `indexed` (new) or `indexUpdated` (replaced). Every write uses one credit.
 */
export async function indexDocument(db: Kysely<Schema>, account: Account, request: IndexRequest): Promise<{ action: IndexAction; id: string }> {
  const done = (inserted: boolean, id: string, action?: IndexAction) => ({ action: action ?? (inserted ? 'indexed' as const : 'indexUpdated' as const), id })
  if (!request.deduplication?.checkDuplicate && request.subUserId === undefined) {
    return done(await indexAlone(db, account.id, request), request.documentId)
  }
  return withTenant(db, account.id, async (trx) => {
    const { rows } = await sql<{ sub_user_limit: number | null }>`
      select sub_user_limit from accounts where account_id = ${account.id} for no key update`.execute(trx)

    let id = request.documentId
    let action: IndexAction | undefined
    if (request.deduplication?.checkDuplicate) {
      const duplicate = await findDuplicate(trx, account.id, request)
      if (duplicate !== undefined) {
        if (!request.deduplication.update) return { action: 'ignored' as const, id: duplicate }
        id = duplicate
        action = 'updated'
      }
    }

    if (request.subUserId !== undefined) await ensureSubUser(trx, account.id, request.subUserId, rows[0]!.sub_user_limit)
    return done(await writeAndSpend(trx, account.id, { ...request, documentId: id }), id, action)
  })
}

/** What documents_index raises when the write's credit passes the quota (its statement rolls back). */
const quotaSpent = 'RS080'

/**
 * A plain write as one statement outside a transaction block (documents_index, migrations/0030): the
 * function sets the tenant's role and account itself, writes the row and its credit, and the statement's
 * transaction commits on the server. True when the row was new.
 */
async function indexAlone(db: Kysely<Schema>, accountId: number, document: WrittenDocument): Promise<boolean> {
  try {
    const { rows } = await sql<{ inserted: boolean }>`
      select documents_index(${accountId}::bigint, ${document.indexType}::text, ${document.documentId}::text,
                             ${rowArguments(document)}) as inserted`.execute(db)
    return rows[0]!.inserted
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === quotaSpent) throw new ApiError(2080)
    throw error
  }
}

/** The document's row and its credit in one statement; 2080 when the credit passes the quota. True when the row was new. */
async function writeAndSpend(trx: Transaction<Schema>, accountId: number, document: WrittenDocument): Promise<boolean> {
  const written = await documentWrite(trx, accountId, document, true)
  if (written.over_quota) throw new ApiError(2080)
  return written.inserted
}

type WrittenDocument = Pick<IndexRequest, 'indexType' | 'subUserId' | 'documentId' | 'parsed' | 'searchable' | 'customValue'>

/**
 * The one statement that writes a document's row: inserts it, or replaces the row of the same id.
 * True when it was new. Quotas, credits and de-duplication are indexDocument's; oneMatch calls this
 * alone, in a transaction it rolls back.
 */
export async function writeDocument(trx: Transaction<Schema>, accountId: number, document: WrittenDocument): Promise<boolean> {
  return (await documentWrite(trx, accountId, document, false)).inserted
}

/** documents_write (migrations/0029): the row replaced or inserted, and with `spend` one credit used. */
async function documentWrite(trx: Transaction<Schema>, accountId: number, document: WrittenDocument, spend: boolean): Promise<{ inserted: boolean; over_quota: boolean }> {
  const { rows } = await sql<{ inserted: boolean; over_quota: boolean }>`
    select inserted, over_quota
      from documents_write(${accountId}::bigint, ${document.indexType}::text, ${document.documentId}::text, ${document.subUserId ?? null}::text,
                           ${rowArguments(document)}, ${spend})`.execute(trx)
  return rows[0]!
}

/** The row's columns as documents_write and documents_index take them, from p_custom_value to p_checksum. */
function rowArguments(document: WrittenDocument) {
  const s = document.searchable
  return sql`${JSON.stringify(document.customValue)}::jsonb, ${JSON.stringify(document.parsed)}::jsonb,
             ${JSON.stringify(s.entities)}::jsonb, ${JSON.stringify(s.display)}::jsonb, ${s.longitude}::float8,
             ${s.latitude}::float8, ${s.experienceMonths}::integer, ${s.experienceMaxMonths}::integer,
             ${s.salaryMin}::numeric, ${s.salaryMax}::numeric, ${s.checksum}::text`
}

/**
 * The id of an existing document (under another id) that duplicates the request: every listed field
 * shares a value with it, or, with no fields, the parser outputs are the same (checksum). Conditions are
 * containment tests, so the GIN index on entities answers them.
 */
async function findDuplicate(trx: Transaction<Schema>, accountId: number, request: IndexRequest): Promise<string | undefined> {
  const fields = request.deduplication?.fields ?? []
  let condition
  if (fields.length === 0) {
    condition = sql`d.checksum = ${request.searchable.checksum}`
  } else {
    const perField = fields.map((field) => {
      const values = request.searchable.entities[field] ?? []
      if (values.length === 0) return sql`false`
      return sql`(${sql.join(values.map((value) => sql`d.entities @> ${JSON.stringify({ [field]: [value] })}::jsonb`), sql` or `)})`
    })
    condition = sql.join(perField, sql` and `)
  }
  const { rows } = await sql<{ document_id: string }>`
    select d.document_id from documents d
     where d.account_id = ${accountId} and d.index_type = ${request.indexType}
       and d.document_id <> ${request.documentId} and ${condition}
     order by d.updated_at desc
     limit 1`.execute(trx)
  return rows[0]?.document_id
}

/** Registers a sub-user on first use; one beyond the key's limit is 2020 (and rolls everything back). */
async function ensureSubUser(trx: Transaction<Schema>, accountId: number, subUserId: string, limit: number | null): Promise<void> {
  const inserted = await sql`
    insert into sub_users (account_id, sub_user_id) values (${accountId}, ${subUserId})
    on conflict do nothing returning sub_user_id`.execute(trx)
  if (inserted.rows.length === 0 || limit === null) return
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from sub_users where account_id = ${accountId}`.execute(trx)
  if (rows[0]!.n > limit) throw new ApiError(2020)
}
