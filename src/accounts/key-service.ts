import { sql, type Kysely } from 'kysely'
import * as v from 'valibot'
import type { Schema } from '../db/schema.js'
import { ApiError } from '../errors/api-error.js'
import { generateKey, hashKey } from './key.js'

/**
 * Client keys (accounts): create, list, update, rotate and revoke. The admin API and `npm run keys`
 * both call these, so the rules live in one place.
 */

const timestamp = v.pipe(
  v.string(),
  v.check((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), 'an ISO 8601 date or date-time'),
  v.description('ISO 8601 date or date-time; a past value is allowed and yields an expired key'),
)
const count = v.pipe(v.number(), v.integer(), v.minValue(0))

export const KeySettings = {
  expiresAt: v.optional(v.nullable(timestamp)),
  indexQuota: v.optional(v.nullable(v.pipe(count, v.description('documents this key may index; null: no quota')))),
  subUserLimit: v.optional(v.nullable(v.pipe(count, v.description('sub-users this key may have; null: no limit')))),
  searchEngine: v.optional(v.boolean()),
  plugins: v.optional(v.boolean()),
}

export const CreateKeyInput = v.strictObject({
  // The name is part of admin URLs and log lines, so it stays a plain token.
  name: v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, ".", "_" or "-", at most 100')),
  ...KeySettings,
})
export type CreateKeyInput = v.InferOutput<typeof CreateKeyInput>

export const UpdateKeyInput = v.strictObject({
  ...KeySettings,
  rotateKey: v.optional(v.pipe(v.boolean(), v.description('issue a new key; the old one stops working at once'))),
})
export type UpdateKeyInput = v.InferOutput<typeof UpdateKeyInput>

export interface KeyView {
  name: string
  expiresAt: string | null
  indexQuota: number | null
  subUserLimit: number | null
  searchEngine: boolean
  plugins: boolean
}

export interface KeyUsage extends KeyView {
  expired: boolean
  creditsUsed: number
  subUsers: number
  documents: { Resume: number; JD: number }
  createdAt: string
}

/** Parses admin input or throws 1010 naming the field. */
export function parseKeyInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (result.success) return result.output
  const issue = result.issues[0]
  const field = issue.path?.map((p: { key: unknown }) => String(p.key)).join('.') || 'body'
  throw new ApiError(1010, `${field}: ${issue.message}`)
}

/** Creates a key; the returned `key` is the only time the secret is visible. */
export async function createKey(db: Kysely<Schema>, input: CreateKeyInput): Promise<KeyView & { key: string }> {
  const key = generateKey()
  try {
    const { rows } = await sql<KeyRow>`
      insert into accounts as a (name, key_hash, expires_at, index_quota, sub_user_limit, search_engine, plugins)
      values (${input.name}, ${hashKey(key)}, ${input.expiresAt ?? null}, ${input.indexQuota ?? null},
              ${input.subUserLimit ?? null}, ${input.searchEngine ?? true}, ${input.plugins ?? true})
      returning ${keyColumns}`.execute(db)
    return { key, ...toView(rows[0]!) }
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(1011, input.name)
    throw error
  }
}

/** Every key with its usage (documents counted by the search segment, docs/search-core.md); never a secret. */
export async function listKeys(db: Kysely<Schema>): Promise<KeyUsage[]> {
  const { rows } = await sql<KeyRow & UsageRow>`
    select ${keyColumns}, coalesce(c.credits_used, 0) as credits_used, a.created_at, a.expires_at <= now() as expired,
           (select count(*)::int from sub_users s where s.account_id = a.account_id) as sub_users,
           search_document_count(a.account_id, 'Resume') as resumes,
           search_document_count(a.account_id, 'JD') as jds
      from accounts a left join account_credits c on c.account_id = a.account_id
     order by a.name`.execute(db)
  return rows.map((row) => ({
    ...toView(row),
    expired: row.expired === true,
    creditsUsed: row.credits_used,
    subUsers: row.sub_users,
    documents: { Resume: row.resumes, JD: row.jds },
    createdAt: row.created_at.toISOString(),
  }))
}

/** Changes a key's settings; with `rotateKey` it also issues a new secret, returned as `key`. */
export async function updateKey(
  db: Kysely<Schema>,
  name: string,
  input: UpdateKeyInput,
): Promise<KeyView & { key?: string }> {
  const key = input.rotateKey ? generateKey() : undefined
  // coalesce keeps a setting the request leaves out; `has_*` distinguishes "left out" from an explicit null.
  const { rows } = await sql<KeyRow>`
    update accounts a set
      key_hash       = coalesce(${key ? hashKey(key) : null}, a.key_hash),
      expires_at     = case when ${'expiresAt' in input} then ${input.expiresAt ?? null}::timestamptz else a.expires_at end,
      index_quota    = case when ${'indexQuota' in input} then ${input.indexQuota ?? null}::integer else a.index_quota end,
      sub_user_limit = case when ${'subUserLimit' in input} then ${input.subUserLimit ?? null}::integer else a.sub_user_limit end,
      search_engine  = coalesce(${input.searchEngine ?? null}::boolean, a.search_engine),
      plugins        = coalesce(${input.plugins ?? null}::boolean, a.plugins),
      updated_at     = now()
    where a.name = ${name}
    returning ${keyColumns}`.execute(db)
  if (!rows[0]) throw new ApiError(1012, name)
  return { ...(key ? { key } : {}), ...toView(rows[0]) }
}

/**
 * Revokes a key: the account and everything indexed under it are deleted. The service is an index, not
 * a document store (spec 1.4), so the client can re-index under a new key; to renew a key and keep the
 * index, rotate it instead.
 */
export async function revokeKey(db: Kysely<Schema>, name: string): Promise<void> {
  const { rows } = await sql`delete from accounts where name = ${name} returning account_id`.execute(db)
  if (rows.length === 0) throw new ApiError(1012, name)
}

const keyColumns = sql`a.name, a.expires_at, a.index_quota, a.sub_user_limit, a.search_engine, a.plugins`

interface KeyRow {
  name: string
  expires_at: Date | null
  index_quota: number | null
  sub_user_limit: number | null
  search_engine: boolean
  plugins: boolean
}

interface UsageRow {
  credits_used: number
  created_at: Date
  expired: boolean | null
  sub_users: number
  resumes: number
  jds: number
}

function toView(row: KeyRow): KeyView {
  return {
    name: row.name,
    expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
    indexQuota: row.index_quota,
    subUserLimit: row.sub_user_limit,
    searchEngine: row.search_engine,
    plugins: row.plugins,
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505'
}
