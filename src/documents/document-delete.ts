import { sql } from 'kysely'
import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import { withTenant } from '../db/tenant.js'
import type { DeleteRequest, IndexOnlyRequest } from '../schemas/document-requests.js'
import type { OperationRequest } from '../schemas/operation-request.js'
import type { DocumentDeps } from './document-deps.js'

/**
 * POST {base_url}/delete: deletes the listed documents of the index type (of the sub-user, when
 * given). They leave every search at once: searches read the same table.
 */
export async function deleteDocuments(deps: DocumentDeps, account: Account, { envelope, body }: OperationRequest<v.InferOutput<typeof DeleteRequest>>) {
  const { indexType, subUserId } = envelope
  const deleted = await withTenant(deps.db, account.id, async (trx) =>
    (await sql<{ document_id: string }>`
      delete from documents
       where account_id = ${account.id} and index_type = ${indexType} and document_id = any(${body.query.id}::text[])
         and (${subUserId ?? null}::text is null or sub_user_id = ${subUserId ?? null})
      returning document_id`.execute(trx)).rows.map((r) => r.document_id))
  const gone = new Set(deleted)
  return { status: '200', indexType, deleted: deleted.length, ids: deleted.sort(), notFound: [...new Set(body.query.id)].filter((id) => !gone.has(id)) }
}

/** POST {base_url}/deleteAllDocs: deletes every document of the index type (of the sub-user, when given). */
export async function deleteAllDocuments(deps: DocumentDeps, account: Account, { envelope }: OperationRequest<v.InferOutput<typeof IndexOnlyRequest>>) {
  const { indexType, subUserId } = envelope
  const deleted = await withTenant(deps.db, account.id, async (trx) =>
    Number((await sql`
      delete from documents
       where account_id = ${account.id} and index_type = ${indexType}
         and (${subUserId ?? null}::text is null or sub_user_id = ${subUserId ?? null})`.execute(trx)).numAffectedRows ?? 0))
  return { status: '200', indexType, deleted }
}
