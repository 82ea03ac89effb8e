import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, expectPassedPipeline, startTestService, type TestService } from './support/service.js'

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
    expect(await errorOf(await search({ indexType: 'Resume' }))).toMatchObject({ http: 401, code: 2007 })
    const res = await service.post('/searchengine/simpleSearch', { query: { keyword: 'java' } })
    expect(await errorOf(res)).toMatchObject({ http: 401, code: 2007 })
  })

  it('refuses an index that is not an object (2002)', async () => {
    expect(await errorOf(await search('Resume'))).toMatchObject({ http: 400, code: 2002 })
  })

  it('refuses an unknown key (2001), and a key that is not a string', async () => {
    expect(await errorOf(await search({ indexType: 'Resume', indexKey: 'not-a-key' }))).toMatchObject({ http: 401, code: 2001 })
    expect(await errorOf(await search({ indexType: 'Resume', indexKey: 42 }))).toMatchObject({ http: 401, code: 2001 })
  })

  it('refuses an expired key (2003) and accepts it again once extended', async () => {
    const expired = await service.createKey({ name: 'expired', expiresAt: '2020-01-01T00:00:00Z' })
    expect(await errorOf(await search({ indexType: 'Resume', indexKey: expired }))).toMatchObject({ http: 401, code: 2003 })
    await service.admin('PATCH', '/admin/keys/expired', { expiresAt: '2999-01-01' })
    await expectPassedPipeline(await search({ indexType: 'Resume', indexKey: expired }))
  })

  it('refuses a key without the search engine (2022)', async () => {
    const pluginsOnly = await service.createKey({ name: 'plugins-only', searchEngine: false })
    expect(await errorOf(await search({ indexType: 'Resume', indexKey: pluginsOnly }))).toMatchObject({ http: 403, code: 2022 })
  })

  it('checks the key before anything else in the envelope', async () => {
    const res = await search({ indexType: 'Nope', indexKey: 'not-a-key', subUserId: 3 })
    expect((await errorOf(res)).code).toBe(2001)
  })

  it('needs indexType (2008) to be Resume or JD (2006)', async () => {
    expect(await errorOf(await search({ indexKey: key }))).toMatchObject({ http: 400, code: 2008 })
    for (const indexType of ['resume', 'CV', 7]) {
      expect(await errorOf(await search({ indexKey: key, indexType }))).toMatchObject({ http: 400, code: 2006 })
    }
  })

  it('lets oneMatch leave indexType out', async () => {
    const res = await service.post('/searchengine/oneMatch', { index: { indexKey: key } })
    await expectPassedPipeline(res)
  })

  it('needs subUserId to be a string (2009) without spaces (1007)', async () => {
    expect(await errorOf(await search({ indexType: 'JD', indexKey: key, subUserId: 12 }))).toMatchObject({ http: 400, code: 2009 })
    const spaced = await errorOf(await search({ indexType: 'JD', indexKey: key, subUserId: 'team a' }))
    expect(spaced).toMatchObject({ http: 400, code: 1007 })
    expect(spaced.message).toContain('subUserId')
    await expectPassedPipeline(await search({ indexType: 'JD', indexKey: key, subUserId: 'team-a' }))
  })

  it('needs an array of sub-user ids for the multi-sub-user match (2060)', async () => {
    const multi = (subUserId: unknown) =>
      service.post('/searchengine/matchWithMultipleSubUserIds', { index: { indexType: 'JD', indexKey: key, subUserId } })
    expect(await errorOf(await multi('team-a'))).toMatchObject({ http: 400, code: 2060 })
    expect(await errorOf(await multi(['team-a', 3]))).toMatchObject({ http: 400, code: 2060 })
    expect((await errorOf(await multi(['team a']))).code).toBe(1007)
    await expectPassedPipeline(await multi(['team-a', 'team-b']))
  })
})

describe('plugin authentication', () => {
  it('needs userkey (2007), a known key (2001) and the plugins permission (1013)', async () => {
    expect(await errorOf(await plugin({ subuserid: 'a' }))).toMatchObject({ http: 401, code: 2007 })
    expect(await errorOf(await plugin({ userkey: 'nope', subuserid: 'a' }))).toMatchObject({ http: 401, code: 2001 })
    const searchOnly = await service.createKey({ name: 'search-only', plugins: false })
    expect(await errorOf(await plugin({ userkey: searchOnly, subuserid: 'a' }))).toMatchObject({ http: 403, code: 1013 })
  })

  it('needs subuserid (2002), as a string (2009) without spaces (1007)', async () => {
    expect(await errorOf(await plugin({ userkey: key }))).toMatchObject({ http: 400, code: 2002 })
    expect(await errorOf(await plugin({ userkey: key, subuserid: 5 }))).toMatchObject({ http: 400, code: 2009 })
    expect(await errorOf(await plugin({ userkey: key, subuserid: 'a b' }))).toMatchObject({ http: 400, code: 1007 })
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
    expect((await errorOf(res)).code).toBe(1004)
    // Another key has its own window.
    const other = await service.createKey({ name: 'other-client' })
    expect((await limited.post('/searchengine/simpleSearch', { index: { indexType: 'Resume', indexKey: other } })).status).not.toBe(429)
  })
})
