import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectRefused } from './support/refusal.js'
import { expectPassedPipeline, startTestService, type TestService } from './support/service.js'

let service: TestService
let key: string
const search = (index: unknown) => service.post('/searchengine/simpleSearch', { index, query: { keyword: 'java' } })
const plugin = (body: Record<string, unknown>) => service.post('/plugin/documentConversion', body)

beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey()
})
afterAll(() => service.close())

describe('index envelope', () => {
  it('needs an indexKey (2007), also when index itself is missing', async () => {
    await expectRefused(service.database.db, () => search({ indexType: 'Resume' }), 2007, 401)
    await expectRefused(service.database.db, () => service.post('/searchengine/simpleSearch', { query: { keyword: 'java' } }), 2007, 401)
  })

  it('refuses an index that is not an object (2002)', async () => {
    await expectRefused(service.database.db, () => search('Resume'), 2002, 400)
  })

  it('refuses an unknown key (2001), and a key that is not a string', async () => {
    await expectRefused(service.database.db, () => search({ indexType: 'Resume', indexKey: 'not-a-key' }), 2001, 401)
    await expectRefused(service.database.db, () => search({ indexType: 'Resume', indexKey: 42 }), 2001, 401)
  })

  it('refuses an expired key (2003) and accepts it again once extended', async () => {
    const expired = await service.createKey({ name: 'expired', expiresAt: '2020-01-01T00:00:00Z' })
    await expectRefused(service.database.db, () => search({ indexType: 'Resume', indexKey: expired }), 2003, 401)
    await service.admin('PATCH', '/admin/keys/expired', { expiresAt: '2999-01-01' })
    await expectPassedPipeline(await search({ indexType: 'Resume', indexKey: expired }))
  })

  it('refuses a key without the search engine (2022)', async () => {
    const pluginsOnly = await service.createKey({ name: 'plugins-only', searchEngine: false })
    await expectRefused(service.database.db, () => search({ indexType: 'Resume', indexKey: pluginsOnly }), 2022, 403)
  })

  it('checks the key before anything else in the envelope', async () => {
    await expectRefused(service.database.db, () => search({ indexType: 'Nope', indexKey: 'not-a-key', subUserId: 3 }), 2001)
  })

  it('needs indexType (2008) to be Resume or JD (2006)', async () => {
    await expectRefused(service.database.db, () => search({ indexKey: key }), 2008, 400)
    for (const indexType of ['resume', 'CV', 7]) {
      await expectRefused(service.database.db, () => search({ indexKey: key, indexType }), 2006, 400)
    }
  })

  it('lets oneMatch leave indexType out', async () => {
    const res = await service.post('/searchengine/oneMatch', { index: { indexKey: key } })
    await expectPassedPipeline(res)
  })

  it('needs subUserId to be a string (2009) without spaces (1007)', async () => {
    await expectRefused(service.database.db, () => search({ indexType: 'JD', indexKey: key, subUserId: 12 }), 2009, 400)
    const spaced = await expectRefused(service.database.db, () => search({ indexType: 'JD', indexKey: key, subUserId: 'team a' }), 1007, 400)
    expect(spaced.message).toContain('subUserId')
    await expectPassedPipeline(await search({ indexType: 'JD', indexKey: key, subUserId: 'team-a' }))
  })

  it('needs an array of sub-user ids for the multi-sub-user match (2060)', async () => {
    const multi = (subUserId: unknown) =>
      service.post('/searchengine/matchWithMultipleSubUserIds', { index: { indexType: 'JD', indexKey: key, subUserId } })
    await expectRefused(service.database.db, () => multi('team-a'), 2060, 400)
    await expectRefused(service.database.db, () => multi(['team-a', 3]), 2060, 400)
    await expectRefused(service.database.db, () => multi(['team a']), 1007)
    await expectPassedPipeline(await multi(['team-a', 'team-b']))
  })
})

describe('plugin authentication', () => {
  it('needs userkey (2007), a known key (2001) and the plugins permission (1013)', async () => {
    await expectRefused(service.database.db, () => plugin({ subuserid: 'a' }), 2007, 401)
    await expectRefused(service.database.db, () => plugin({ userkey: 'nope', subuserid: 'a' }), 2001, 401)
    const searchOnly = await service.createKey({ name: 'search-only', plugins: false })
    await expectRefused(service.database.db, () => plugin({ userkey: searchOnly, subuserid: 'a' }), 1013, 403)
  })

  it('needs subuserid (2002), as a string (2009) without spaces (1007)', async () => {
    await expectRefused(service.database.db, () => plugin({ userkey: key }), 2002, 400)
    await expectRefused(service.database.db, () => plugin({ userkey: key, subuserid: 5 }), 2009, 400)
    await expectRefused(service.database.db, () => plugin({ userkey: key, subuserid: 'a b' }), 1007, 400)
  })
})

describe('rate limit', () => {
  it('answers 429 (1004) with Retry-After once a key passes its requests per minute', async () => {
    const limited = await startTestService({ database: service.database, config: { rateLimitPerMinute: 3 } })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await limited.post('/searchengine/simpleSearch', { index: { indexType: 'Resume', indexKey: key } })).status)
    expect(statuses.map((s) => s === 429)).toEqual([false, false, false, true])
    const res = await limited.post('/searchengine/simpleSearch', { index: { indexType: 'Resume', indexKey: key } })
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    await expectRefused(service.database.db, async () => res, 1004)
    // Another key has its own window.
    const other = await service.createKey({ name: 'other-client' })
    expect((await limited.post('/searchengine/simpleSearch', { index: { indexType: 'Resume', indexKey: other } })).status).not.toBe(429)
  })
})
