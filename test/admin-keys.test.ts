import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveAdminAccess } from '../src/accounts/admin-key.js'
import { hashKey, keyMatches } from '../src/accounts/key.js'
import { expectRefused } from './support/refusal.js'
import { expectPassedPipeline, startTestService, type TestService } from './support/service.js'

let service: TestService
const search = (indexKey: string) =>
  service.post('/searchengine/simpleSearch', { index: { indexType: 'Resume', indexKey }, query: { keyword: 'java' } })

beforeAll(async () => {
  service = await startTestService()
})
afterAll(() => service.close())

describe('POST /admin/keys', () => {
  it('creates a key, shows it once, and stores only its SHA-256', async () => {
    const res = await service.admin('POST', '/admin/keys', {
      name: 'acme', indexQuota: 1000, subUserLimit: 5, searchEngine: true, plugins: false, expiresAt: '2999-12-31T00:00:00Z',
    })
    expect(res.status).toBe(201)
    const created = (await res.json()) as Record<string, unknown>
    expect(created).toMatchObject({
      name: 'acme', indexQuota: 1000, subUserLimit: 5, searchEngine: true, plugins: false, expiresAt: '2999-12-31T00:00:00.000Z',
    })
    expect(created.key).toMatch(/^[A-Za-z0-9_-]{32}$/)

    const { rows } = await sql<Record<string, unknown>>`select * from accounts where name = 'acme'`.execute(service.database.db)
    expect(keyMatches(created.key as string, rows[0]!.key_hash as Buffer)).toBe(true)
    expect(JSON.stringify(rows[0])).not.toContain(created.key as string)
    await expectPassedPipeline(await search(created.key as string))
  })

  it('defaults to both permissions, no quota, no limit, no expiry', async () => {
    const res = await service.admin('POST', '/admin/keys', { name: 'defaults' })
    expect(await res.json()).toMatchObject({ expiresAt: null, indexQuota: null, subUserLimit: null, searchEngine: true, plugins: true })
  })

  it('allows an expiry in the past, which yields an expired key', async () => {
    const res = await service.admin('POST', '/admin/keys', { name: 'old', expiresAt: '2001-01-01' })
    expect(res.status).toBe(201)
    const { key: expired } = (await res.json()) as { key: string }
    await expectRefused(service.database.db, () => search(expired), 2003)
  })

  it('refuses a taken name (1011) and invalid settings (1010) naming the field', async () => {
    await service.admin('POST', '/admin/keys', { name: 'taken' })
    await expectRefused(service.database.db, () => service.admin('POST', '/admin/keys', { name: 'taken' }), 1011, 409)
    const cases: Array<[unknown, string]> = [
      [{}, 'name'],
      [{ name: 'has space' }, 'name'],
      [{ name: 'q', indexQuota: -1 }, 'indexQuota'],
      [{ name: 'q', indexQuota: 1.5 }, 'indexQuota'],
      [{ name: 'q', expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ name: 'q', plugins: 'yes' }, 'plugins'],
      [{ name: 'q', colour: 'red' }, 'colour'],
    ]
    for (const [body, field] of cases) {
      const error = await expectRefused(service.database.db, () => service.admin('POST', '/admin/keys', body), 1010, 400)
      expect(error.message).toContain(field)
    }
  })
})

describe('GET, PATCH and DELETE /admin/keys', () => {
  it('lists keys with their usage and never a secret', async () => {
    const key = await service.createKey({ name: 'listed' })
    const { rows } = await sql<{ account_id: number }>`select account_id from accounts where name = 'listed'`.execute(service.database.db)
    await sql`insert into documents (account_id, index_type, document_id, parsed)
              values (${rows[0]!.account_id}, 'Resume', 'r1', '{}'), (${rows[0]!.account_id}, 'JD', 'j1', '{}')`.execute(service.database.db)
    const res = await service.admin('GET', '/admin/keys')
    const text = await res.text()
    expect(text).not.toContain(key)
    expect(text).not.toMatch(/key_?hash/i)
    const listed = (JSON.parse(text) as { keys: Array<Record<string, unknown>> }).keys.find((k) => k.name === 'listed')
    expect(listed).toMatchObject({ documents: { Resume: 1, JD: 1 }, subUsers: 0, creditsUsed: 0, expired: false })
  })

  it('changes settings and leaves the others alone', async () => {
    await service.createKey({ name: 'patched', indexQuota: 10, subUserLimit: 2 })
    const res = await service.admin('PATCH', '/admin/keys/patched', { indexQuota: 20, plugins: false })
    expect(await res.json()).toMatchObject({ name: 'patched', indexQuota: 20, subUserLimit: 2, plugins: false, searchEngine: true })
    const cleared = await service.admin('PATCH', '/admin/keys/patched', { indexQuota: null })
    expect(await cleared.json()).toMatchObject({ indexQuota: null, subUserLimit: 2 })
  })

  it('rotates a key: the new one works, the old one is refused (2001)', async () => {
    const old = await service.createKey({ name: 'rotated' })
    const res = await service.admin('PATCH', '/admin/keys/rotated', { rotateKey: true })
    const { key } = (await res.json()) as { key: string }
    expect(key).not.toBe(old)
    await expectRefused(service.database.db, () => search(old), 2001)
    await expectPassedPipeline(await search(key))
  })

  it('revokes a key and everything indexed under it', async () => {
    const key = await service.createKey({ name: 'revoked' })
    const { rows } = await sql<{ account_id: number }>`select account_id from accounts where name = 'revoked'`.execute(service.database.db)
    await sql`insert into documents (account_id, index_type, document_id, parsed) values (${rows[0]!.account_id}, 'Resume', 'r1', '{}')`.execute(service.database.db)
    expect((await service.admin('DELETE', '/admin/keys/revoked')).status).toBe(204)
    await expectRefused(service.database.db, () => search(key), 2001)
    const left = await sql<{ n: number }>`select count(*)::int as n from documents where account_id = ${rows[0]!.account_id}`.execute(service.database.db)
    expect(left.rows[0]!.n).toBe(0)
  })

  it('answers 404 (1012) for a name it does not know', async () => {
    await expectRefused(service.database.db, () => service.admin('PATCH', '/admin/keys/ghost', { plugins: true }), 1012, 404)
    await expectRefused(service.database.db, () => service.admin('DELETE', '/admin/keys/ghost'), 1012, 404)
  })
})

describe('the master key', () => {
  it('refuses a missing or wrong admin key (1009) and a client key', async () => {
    const client = await service.createKey({ name: 'not-admin' })
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${client}`, 'Basic abc']) {
      const headers = { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) }
      await expectRefused(service.database.db, () => service.app.request('/admin/keys', { method: 'POST', headers, body: '{"name":"intruder"}' }), 1009, 401)
    }
  })

  it('answers 403 (1008) when the admin API is disabled', async () => {
    const disabled = await startTestService({ database: service.database, adminAccess: { enabled: false } })
    await expectRefused(service.database.db, () => disabled.admin('GET', '/admin/keys'), 1008, 403)
  })

  it('is ADMIN_KEY when set, disabled without it on PostgreSQL, generated once when embedded', async () => {
    const db = service.database.db
    const fromEnv = await resolveAdminAccess(db, { adminKey: 'from-env' }, 'postgres')
    expect(fromEnv).toEqual({ access: { enabled: true, keyHash: hashKey('from-env') } })
    expect(await resolveAdminAccess(db, { adminKey: undefined }, 'postgres')).toEqual({ access: { enabled: false } })

    const first = await resolveAdminAccess(db, { adminKey: undefined }, 'pglite')
    expect(first.generatedKey).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const second = await resolveAdminAccess(db, { adminKey: undefined }, 'pglite')
    expect(second.generatedKey).toBeUndefined()
    expect(second.access).toEqual({ enabled: true, keyHash: hashKey(first.generatedKey!) })
  })
})
