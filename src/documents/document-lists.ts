import { sql } from 'kysely'
import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import { withTenant } from '../db/tenant.js'
import type { IndexCountRequest, PagedRequest } from '../schemas/document-requests.js'
import type { IndexEnvelope, OperationRequest } from '../schemas/operation-request.js'
import type { DocumentDeps } from './document-deps.js'

const subUsersOf = (envelope: IndexEnvelope) => (envelope.subUserId === undefined ? null : [envelope.subUserId].flat())

/**
 * POST {base_url}/getDocumentIds: a page of ids (ordered), with the total; a sub-user's own when given.
 * The total comes from the search segment (search_document_count, migrations/0013), the page from the
 * primary key's order.
 */
export async function getDocumentIds(deps: DocumentDeps, account: Account, { envelope, body }: OperationRequest<v.InferOutput<typeof PagedRequest>>) {
  const start = body.pageStart ?? 0
  const size = body.pageSize ?? 50
  const subUsers = subUsersOf(envelope)
  const row = await withTenant(deps.db, account.id, async (trx) =>
    (await sql<{ count: number; ids: string[] }>`
      select search_document_count(${account.id}, ${envelope.indexType}, ${subUsers}::text[]) as count,
             coalesce((select array_agg(document_id order by document_id)
                         from (select document_id from documents
                                where account_id = ${account.id} and index_type = ${envelope.indexType}
                                  and (${subUsers}::text[] is null or sub_user_id = any(${subUsers}::text[]))
                                order by document_id limit ${size} offset ${start}) p), '{}') as ids`.execute(trx)).rows[0]!)
  return { status: '200', indexType: envelope.indexType, count: row.count, pageStart: start, pageSize: size, ids: row.ids }
}

/** POST {base_url}/getSubUserIds: a page of the account's sub-user ids, with the total. */
export async function getSubUserIds(deps: DocumentDeps, account: Account, { body }: OperationRequest<v.InferOutput<typeof PagedRequest>>) {
  const start = body.pageStart ?? 0
  const size = body.pageSize ?? 50
  const row = await withTenant(deps.db, account.id, async (trx) =>
    (await sql<{ count: number; ids: string[] }>`
      select (select count(*)::int from sub_users where account_id = ${account.id}) as count,
             coalesce((select array_agg(sub_user_id order by sub_user_id)
                         from (select sub_user_id from sub_users where account_id = ${account.id}
                                order by sub_user_id limit ${size} offset ${start}) p), '{}') as ids`.execute(trx)).rows[0]!)
  return { status: '200', count: row.count, pageStart: start, pageSize: size, subUserIds: row.ids }
}

/** POST {base_url}/indexCount: documents per index type (of one or several sub-users when given), from the search segment. */
export async function indexCount(
  deps: DocumentDeps,
  account: Account,
  { envelope }: OperationRequest<v.InferOutput<typeof IndexCountRequest>, IndexEnvelope>,
) {
  const subUsers = subUsersOf(envelope)
  const row = await withTenant(deps.db, account.id, async (trx) =>
    (await sql<{ resumes: number; jds: number }>`
      select search_document_count(${account.id}, 'Resume', ${subUsers}::text[]) as resumes,
             search_document_count(${account.id}, 'JD', ${subUsers}::text[]) as jds`.execute(trx)).rows[0]!)
  return { status: '200', totalCount: row.resumes + row.jds, count: { Resume: row.resumes, JD: row.jds } }
}
