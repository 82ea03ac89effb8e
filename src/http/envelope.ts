import type { Kysely } from 'kysely'
import type { MiddlewareHandler } from 'hono'
import { findAccountByKeyHash, type Account } from '../accounts/account-repository.js'
import { hashKey } from '../accounts/key.js'
import type { Schema } from '../db/schema.js'
import { ApiError } from '../errors/api-error.js'
import type { IndexEnvelope } from '../schemas/operation-request.js'
import type { AppEnv } from './context.js'
import type { RateLimiter } from './rate-limit.js'

export interface EnvelopeDeps {
  db: Kysely<Schema>
  rateLimiter: RateLimiter
}

/**
 * The index envelope of every search-engine request (spec 2.1 and 5), checked in this order:
 * indexKey (2007, 2001, 2003, 2022), then indexType (2008, 2006), then subUserId (2009 or 2060, 1007).
 * The key comes first so that a caller without a valid key learns nothing about the rest.
 */
export function indexEnvelope(
  deps: EnvelopeDeps,
  options: { indexTypeOptional?: boolean; subUserIdArray?: boolean; subUserIdStringOrArray?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = c.get('body') ?? {}
    const index = body.index ?? {}
    if (typeof index !== 'object' || index === null || Array.isArray(index)) throw new ApiError(2002, 'index must be an object')
    const fields = index as Record<string, unknown>

    const account = await authenticate(deps, fields.indexKey, 'index.indexKey')
    if (!account.searchEngine) throw new ApiError(2022)
    c.set('account', account)
    deps.rateLimiter.take(account.id)

    const envelope: IndexEnvelope = {}
    const indexType = fields.indexType
    if (indexType === undefined || indexType === null || indexType === '') {
      if (!options.indexTypeOptional) throw new ApiError(2008)
    } else if (indexType === 'Resume' || indexType === 'JD') {
      envelope.indexType = indexType
    } else {
      throw new ApiError(2006)
    }

    const subUserId = fields.subUserId
    if (subUserId !== undefined && subUserId !== null) {
      envelope.subUserId = options.subUserIdArray || (options.subUserIdStringOrArray && Array.isArray(subUserId))
        ? subUserIdList(subUserId)
        : subUserIdString(subUserId, 'subUserId')
    }
    c.set('envelope', envelope)
    await next()
  }
}

/** Plugin operations authenticate with `userkey` and need `subuserid` (spec 4.9, 5). */
export function pluginAuth(deps: EnvelopeDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const body = c.get('body') ?? {}
    const account = await authenticate(deps, body.userkey, 'userkey')
    if (!account.plugins) throw new ApiError(1013)
    c.set('account', account)
    deps.rateLimiter.take(account.id)

    if (body.subuserid === undefined || body.subuserid === null || body.subuserid === '') throw new ApiError(2002, 'subuserid')
    c.set('envelope', { subUserId: subUserIdString(body.subuserid, 'subuserid') })
    await next()
  }
}

async function authenticate(deps: EnvelopeDeps, key: unknown, field: string): Promise<Account> {
  if (key === undefined || key === null || key === '') throw new ApiError(2007, field)
  if (typeof key !== 'string') throw new ApiError(2001)
  const account = await findAccountByKeyHash(deps.db, hashKey(key))
  if (!account) throw new ApiError(2001)
  if (account.expiresAt && account.expiresAt.getTime() <= Date.now()) throw new ApiError(2003)
  return account
}

function subUserIdString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new ApiError(2009, field)
  if (/\s/.test(value)) throw new ApiError(1007, field)
  return value
}

function subUserIdList(value: unknown): string[] {
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string')) throw new ApiError(2060)
  return value.map((id: string) => subUserIdString(id, 'subUserId'))
}
