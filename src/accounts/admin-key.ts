import { sql, type Kysely } from 'kysely'
import type { Config } from '../config.js'
import type { DatabaseKind } from '../db/database.js'
import type { Schema } from '../db/schema.js'
import { generateKey, hashKey } from './key.js'

/** The admin API is open to one master key, or to nobody. */
export type AdminAccess = { enabled: true; keyHash: Buffer } | { enabled: false }

const settingName = 'admin_key_sha256'

/**
 * Decides the master key, Meilisearch-style:
 * - `ADMIN_KEY` set: that key.
 * - embedded mode without it: a key generated on first start, kept as a hash in the database, and
 *   returned once as `generatedKey` so the caller can print it.
 * - PostgreSQL mode without it: the admin API is disabled (403), since a generated key printed to a
 *   production log would be a secret in the wrong place.
 */
export async function resolveAdminAccess(
  db: Kysely<Schema>,
  config: Pick<Config, 'adminKey'>,
  kind: DatabaseKind,
): Promise<{ access: AdminAccess; generatedKey?: string }> {
  if (config.adminKey) return { access: { enabled: true, keyHash: hashKey(config.adminKey) } }
  if (kind !== 'pglite') return { access: { enabled: false } }

  const stored = await sql<{ value: string }>`select value from service_settings where name = ${settingName}`.execute(db)
  if (stored.rows[0]) return { access: { enabled: true, keyHash: Buffer.from(stored.rows[0].value, 'hex') } }

  const key = generateKey()
  await sql`insert into service_settings (name, value) values (${settingName}, ${hashKey(key).toString('hex')})`.execute(db)
  return { access: { enabled: true, keyHash: hashKey(key) }, generatedKey: key }
}

/** The one-time message that shows a generated master key with a ready-to-paste example. */
export function adminKeyBanner(key: string, port: number): string {
  return [
    '',
    '  A master key was generated for this embedded database. It is shown only now; keep it:',
    '',
    `    ADMIN_KEY=${key}`,
    '',
    '  Create a client key (the "key" it returns goes into index.indexKey of every request):',
    '',
    `    curl -X POST http://localhost:${port}/admin/keys \\`,
    `      -H "Authorization: Bearer ${key}" \\`,
    `      -H "Content-Type: application/json" \\`,
    `      -d '{"name": "my-client"}'`,
    '',
  ].join('\n')
}
