import { sql } from 'kysely'
import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import { withTenant } from '../db/tenant.js'
import { ApiError } from '../errors/api-error.js'
import type { UpdateCustomValueRequest } from '../schemas/document-requests.js'
import type { OperationRequest } from '../schemas/operation-request.js'
import type { DocumentDeps } from './document-deps.js'

/**
 * POST {base_url}/updateCustomValue: changes a document's custom values without re-parsing it.
 * add: the given keys are merged in (two arrays are united, anything else replaced); replace: the
 * custom value becomes the given one; delete: the given keys are removed. The change is made in SQL,
 * in one statement, so concurrent updates of other keys are not lost.
 */
export async function updateCustomValue(
  deps: DocumentDeps,
  account: Account,
  { envelope, body }: OperationRequest<v.InferOutput<typeof UpdateCustomValueRequest>>,
) {
  const { indexType } = envelope
  const given = JSON.stringify(body.customValue)
  const changed = {
    // Every given key, uniting arrays with what is stored under the same key.
    add: sql`d.custom_value || (
      select coalesce(jsonb_object_agg(g.key, case
               when jsonb_typeof(d.custom_value -> g.key) = 'array' and jsonb_typeof(g.value) = 'array'
               then (select jsonb_agg(distinct e) from jsonb_array_elements((d.custom_value -> g.key) || g.value) e)
               else g.value end), '{}'::jsonb)
        from jsonb_each(${given}::jsonb) g)`,
    replace: sql`${given}::jsonb`,
    delete: sql`d.custom_value - (select coalesce(array_agg(g.key), '{}') from jsonb_each(${given}::jsonb) g)`,
  }[body.operation]
  const row = await withTenant(deps.db, account.id, async (trx) =>
    (await sql<{ custom_value: unknown }>`
      update documents d set custom_value = ${changed}, updated_at = now()
       where d.account_id = ${account.id} and d.index_type = ${indexType} and d.document_id = ${body.id}
      returning d.custom_value`.execute(trx)).rows[0])
  if (!row) throw new ApiError(1050, body.id)
  return { status: '200', indexType, id: body.id, operation: body.operation, customValue: row.custom_value }
}
