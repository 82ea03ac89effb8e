import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../src/db/database.js'
import { catalogue, type ErrorCode } from '../src/errors/catalogue.js'
import { renderCatalogue } from '../src/errors/render-catalogue.js'
import { operations } from '../src/http/operations.js'
import { databaseUrlFor } from './support/database-url.js'
import { errorOf, startTestService, type TestService } from './support/service.js'
import { testDatabaseInfo } from './support/test-database.js'

/**
 * Walks the error catalogue: every code whose feature exists is produced by a real request, and comes
 * back with the catalogue's HTTP status in the one error body. A code whose operations all still answer
 * "not implemented" (1006) is pending; once one of them lands, this test fails until the code has a
 * producer here.
 */

let service: TestService
let key: string
const extra: Array<{ close(): Promise<void> }> = []
const index = (more: Record<string, unknown> = {}) => ({ index: { indexType: 'Resume', indexKey: key, ...more } })
const simple = (body: unknown) => service.post('/searchengine/simpleSearch', body)

beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey({ name: 'catalogue-client' })
})
afterAll(async () => {
  for (const handle of extra) await handle.close()
  await service.close()
})

async function variant(options: Parameters<typeof startTestService>[0]): Promise<TestService> {
  return startTestService({ database: service.database, ...options })
}

/** A database with no migrations applied: any query of the service fails as a bug would. */
async function unmigratedDatabase(): Promise<Database> {
  const info = testDatabaseInfo()
  if (info.kind === 'pglite') return openDatabase({})
  const name = `rs_unmigrated_${randomBytes(6).toString('hex')}`
  const server = await openDatabase({ databaseUrl: info.serverUrl, maxConnections: 1 })
  await sql`create database ${sql.id(name)}`.execute(server.db)
  const database = await openDatabase({ databaseUrl: databaseUrlFor(info.serverUrl, name), maxConnections: 1 })
  return {
    ...database,
    async close() {
      await database.close()
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(server.db)
      await server.close()
    },
  }
}

const producers: Partial<Record<ErrorCode, () => Promise<Response>>> = {
  1000: async () => {
    const database = await unmigratedDatabase()
    extra.push(database)
    return (await variant({ database })).post('/searchengine/simpleSearch', index())
  },
  1001: () => service.post('/searchengine/nothingHere', index()),
  1002: async () => service.app.request('/searchengine/simpleSearch', { method: 'GET' }),
  1003: async () => (await variant({ config: { bodyLimitBytes: 100 } })).post('/searchengine/simpleSearch', { ...index(), pad: 'x'.repeat(200) }),
  1004: async () => {
    const limited = await variant({ config: { rateLimitPerMinute: 1 } })
    await limited.post('/searchengine/simpleSearch', index())
    return limited.post('/searchengine/simpleSearch', index())
  },
  1005: async () => {
    const down = await openDatabase({ databaseUrl: 'postgres://x:y@127.0.0.1:1/none', maxConnections: 1 })
    extra.push(down)
    return (await startTestService({ database: { ...down } })).post('/searchengine/simpleSearch', index())
  },
  1006: () => service.post('/searchengine/simpleSearch', index()),
  1007: () => simple(index({ subUserId: 'a b' })),
  1008: async () => (await variant({ adminAccess: { enabled: false } })).admin('GET', '/admin/keys'),
  1009: async () => service.app.request('/admin/keys', { headers: { Authorization: 'Bearer wrong' } }),
  1010: () => service.admin('POST', '/admin/keys', { name: 'has space' }),
  1011: async () => {
    await service.admin('POST', '/admin/keys', { name: 'twice' })
    return service.admin('POST', '/admin/keys', { name: 'twice' })
  },
  1012: () => service.admin('DELETE', '/admin/keys/nobody'),
  1013: async () => service.post('/plugin/documentConversion', { userkey: await service.createKey({ plugins: false }), subuserid: 'a' }),
  2001: () => simple({ index: { indexType: 'Resume', indexKey: 'unknown' } }),
  2002: () => simple({ index: 'Resume' }),
  2003: async () => simple({ index: { indexType: 'Resume', indexKey: await service.createKey({ expiresAt: '2000-01-01' }) } }),
  2004: () => service.post('/searchengine/simpleSearch', index(), {}),
  2005: () => service.post('/searchengine/simpleSearch', index(), { 'Content-Type': 'text/plain' }),
  2006: () => simple(index({ indexType: 'CV' })),
  2007: () => simple({ index: { indexType: 'Resume' } }),
  2008: () => simple(index({ indexType: undefined })),
  2009: () => simple(index({ subUserId: 7 })),
  2010: () => service.post('/searchengine/simpleSearch', '{not json'),
  2022: async () => simple({ index: { indexType: 'Resume', indexKey: await service.createKey({ searchEngine: false }) } }),
  2060: () => service.post('/searchengine/matchWithMultipleSubUserIds', index({ subUserId: 'one' })),
}

/** A request that passes the common pipeline of an operation, to see whether the operation exists. */
function validEnvelope(operation: (typeof operations)[number]): Record<string, unknown> {
  return operation.base === 'search'
    ? index(operation.subUserIdArray ? { subUserId: ['a'] } : {})
    : { userkey: key, subuserid: 'a' }
}

async function isImplemented(name: string): Promise<boolean> {
  const operation = operations.find((op) => op.name === name)!
  const path = `${operation.base === 'search' ? '/searchengine' : '/plugin'}/${operation.name}`
  const res = await service.post(path, validEnvelope(operation))
  return !(res.status === 501 && (await errorOf(res)).code === 1006)
}

describe('error catalogue', () => {
  const codes = Object.keys(catalogue).map(Number) as ErrorCode[]

  it.each(codes.map((code) => [code]))('code %i is produced by a real request, or its feature is pending', async (code) => {
    const entry = catalogue[code]
    const producer = producers[code]
    if (!producer) {
      const named = entry.operations.filter((op) => operations.some((o) => o.name === op))
      expect(named, `code ${code} names no operation and has no producer`).not.toEqual([])
      for (const operation of named) {
        expect(await isImplemented(operation), `${operation} is implemented: give code ${code} a producer`).toBe(false)
      }
      return
    }
    const error = await errorOf(await producer())
    expect(error).toMatchObject({ code, status: String(code), http: entry.http })
  })

  it('is documented in docs/errors.md exactly as the code has it (npm run docs:errors)', () => {
    expect(readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8')).toBe(renderCatalogue())
  })
})
