import { sql } from 'kysely'
import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import { withTenant } from '../db/tenant.js'
import { ApiError } from '../errors/api-error.js'
import { isEntityName } from '../entity/entity-names.js'
import type { DocumentDetailRequest, DocumentIdRequest } from '../schemas/document-requests.js'
import type { OperationRequest } from '../schemas/operation-request.js'
import type { DocumentDeps } from './document-deps.js'

/** POST {base_url}/checkDocumentIndex: whether an id is indexed, and since when. */
export async function checkDocumentIndex(deps: DocumentDeps, account: Account, { envelope, body }: OperationRequest<v.InferOutput<typeof DocumentIdRequest>>) {
  const { indexType } = envelope
  const row = await withTenant(deps.db, account.id, async (trx) =>
    (await sql<{ sub_user_id: string | null; created_at: Date; updated_at: Date }>`
      select sub_user_id, created_at, updated_at from documents
       where account_id = ${account.id} and index_type = ${indexType} and document_id = ${body.documentId}`.execute(trx)).rows[0])
  return {
    status: '200',
    indexType,
    documentId: body.documentId,
    indexed: row !== undefined,
    ...(row ? { indexedAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString(), ...(row.sub_user_id ? { subUserId: row.sub_user_id } : {}) } : {}),
  }
}

/**
 * POST {base_url}/getDocumentDetail: the stored parser output and custom values. `fieldType` selects one
 * part: an entity name of spec 2.3 gives its values, a top-level field of the parser output that field.
 */
export async function getDocumentDetail(deps: DocumentDeps, account: Account, { envelope, body }: OperationRequest<v.InferOutput<typeof DocumentDetailRequest>>) {
  const { indexType } = envelope
  const row = await withTenant(deps.db, account.id, async (trx) =>
    (await sql<{ parsed: Record<string, Record<string, unknown>>; custom_value: unknown; display: Record<string, string[]>; sub_user_id: string | null; updated_at: Date }>`
      select parsed, custom_value, display, sub_user_id, updated_at from documents
       where account_id = ${account.id} and index_type = ${indexType} and document_id = ${body.documentId}`.execute(trx)).rows[0])
  if (!row) throw new ApiError(1050, body.documentId)
  const common = { status: '200', indexType, documentId: body.documentId, ...(row.sub_user_id ? { subUserId: row.sub_user_id } : {}) }
  if (body.fieldType === undefined) {
    return { ...common, updatedAt: row.updated_at.toISOString(), customValue: row.custom_value, data: row.parsed }
  }
  const root = Object.values(row.parsed)[0] ?? {}
  if (isEntityName(indexType, body.fieldType)) return { ...common, fieldType: body.fieldType, value: row.display[body.fieldType] ?? [] }
  if (body.fieldType === 'customValue') return { ...common, fieldType: body.fieldType, value: row.custom_value }
  if (Object.hasOwn(root, body.fieldType)) return { ...common, fieldType: body.fieldType, value: root[body.fieldType] }
  throw new ApiError(1010, `fieldType: ${body.fieldType} is neither a ${indexType} entity nor a field of its parser output`)
}
