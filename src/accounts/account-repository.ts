import { sql, type Kysely } from 'kysely'
import type { Schema } from '../db/schema.js'

/** What the request pipeline knows about the caller once its key is checked. */
export interface Account {
  id: number
  name: string
  expiresAt: Date | null
  searchEngine: boolean
  plugins: boolean
  indexQuota: number | null
  subUserLimit: number | null
}

/** Looks an account up by the hash of its key; accounts is the directory, outside row-level security. */
export async function findAccountByKeyHash(db: Kysely<Schema>, keyHash: Buffer): Promise<Account | undefined> {
  const { rows } = await sql<Account>`
    select account_id as "id", name, expires_at as "expiresAt", search_engine as "searchEngine",
           plugins, index_quota as "indexQuota", sub_user_limit as "subUserLimit"
      from accounts
     where key_hash = ${keyHash}`.execute(db)
  return rows[0]
}
