import type { Context } from 'hono'
import { sql } from 'kysely'
import { withTenant } from '../db/tenant.js'
import type { IndexType } from '../index/entity-names.js'
import type { AppEnv } from '../http/context.js'
import type { ServiceDeps } from '../http/deps.js'
import { validateBody } from '../http/validate.js'
import { DeleteRequest, IndexOnlyRequest } from '../schemas/document-requests.js'

type Envelope = { indexType: IndexType; subUserId?: string }

/**
 * POST {base_url}/delete: deletes the listed documents of the index type (of the sub-user, when
 * given). They leave every search at once: searches read the same table.
 */
export async function deleteDocuments(c: Context<AppEnv>, deps: ServiceDeps): Promise<Response> {
  const body = validateBody(DeleteRequest, { query: { missing: 2002 }, 'query.id': { missing: 2002 } }, c.get('body'))
  const { indexType, subUserId } = c.get('envelope') as Envelope
  const account = c.get('account')!
  const deleted = await withTenant(deps.db, account.id, async (trx) =>
    (await sql<{ document_id: string }>`
      delete from documents
       where account_id = ${account.id} and index_type = ${indexType} and document_id = any(${body.query.id}::text[])
         and (${subUserId ?? null}::text is null or sub_user_id = ${subUserId ?? null})
      returning document_id`.execute(trx)).rows.map((r) => r.document_id))
  const gone = new Set(deleted)
  return c.json({ status: '200', indexType, deleted: deleted.length, ids: deleted.sort(), notFound: [...new Set(body.query.id)].filter((id) => !gone.has(id)) })
}

/** POST {base_url}/deleteAllDocs: deletes every document of the index type (of the sub-user, when given). */
export async function deleteAllDocuments(c: Context<AppEnv>, deps: ServiceDeps): Promise<Response> {
  validateBody(IndexOnlyRequest, {}, c.get('body'))
  const { indexType, subUserId } = c.get('envelope') as Envelope
  const account = c.get('account')!
  const deleted = await withTenant(deps.db, account.id, async (trx) =>
    Number((await sql`
      delete from documents
       where account_id = ${account.id} and index_type = ${indexType}
         and (${subUserId ?? null}::text is null or sub_user_id = ${subUserId ?? null})`.execute(trx)).numAffectedRows ?? 0))
  return c.json({ status: '200', indexType, deleted })
}
