import type { Context } from 'hono'
import { sql } from 'kysely'
import { withTenant } from '../db/tenant.js'
import { ApiError } from '../errors/api-error.js'
import type { IndexType } from '../index/entity-names.js'
import type { AppEnv } from '../http/context.js'
import type { ServiceDeps } from '../http/deps.js'
import { validateBody } from '../http/validate.js'
import { UpdateCustomValueRequest, updateCustomValueCodes } from '../schemas/document-requests.js'

/**
 * POST {base_url}/updateCustomValue: changes a document's custom values without re-parsing it.
 * add: the given keys are merged in (two arrays are united, anything else replaced); replace: the
 * custom value becomes the given one; delete: the given keys are removed. The change is made in SQL,
 * in one statement, so concurrent updates of other keys are not lost.
 */
export async function updateCustomValue(c: Context<AppEnv>, deps: ServiceDeps): Promise<Response> {
  const body = validateBody(UpdateCustomValueRequest, updateCustomValueCodes, c.get('body'))
  const { indexType } = c.get('envelope') as { indexType: IndexType }
  const account = c.get('account')!
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
  return c.json({ status: '200', indexType, id: body.id, operation: body.operation, customValue: row.custom_value })
}
