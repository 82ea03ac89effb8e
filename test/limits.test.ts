import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { catalogue } from '../src/errors/catalogue.js'
import { expectRefused } from './support/refusal.js'
import { errorOf, startTestService, type TestService } from './support/service.js'

/**
 * A key's limits where they are easiest to get wrong: index quota and sub-user limit under calls that
 * race for them (docs/search.md: the account row is locked, so they are spent exactly), and the rate
 * limit's one-minute window, on a clock the test moves.
 */
let service: TestService
/** Resume-en's parser output, for /index calls that need no parsing. */
let doc: string
const fileContent = readFileSync(new URL('./fixtures/parser/resume-en.txt', import.meta.url)).toString('base64')

beforeAll(async () => {
  service = await startTestService()
  const setup = await service.createKey({ name: 'setup' })
  const res = await service.post('/searchengine/parseAndIndex', { index: { indexType: 'Resume', indexKey: setup }, data: { id: 'source', fileContent, fileName: 'cv.txt' } })
  expect(res.status, await res.clone().text()).toBe(200)
  doc = ((await res.json()) as { doc: string }).doc
})
afterAll(() => service.close())

/** Half the calls parse a file, half index the parsed output: both write through the same checks. */
const write = (indexKey: string, i: number, subUserId?: string) => {
  const index = { indexType: 'Resume', indexKey, ...(subUserId ? { subUserId } : {}) }
  return i % 2 === 0
    ? service.post('/searchengine/parseAndIndex', { index, data: { id: `doc-${i}`, fileContent, fileName: 'cv.txt' } })
    : service.post('/searchengine/index', { index, data: { id: `doc-${i}`, jsonData: doc } })
}

/** Fires `calls` writes at once; the ids that were indexed and the errors (HTTP status, code) of the others. */
async function race(calls: number, send: (i: number) => Promise<Response>): Promise<{ indexed: string[]; refused: Array<{ http: number; code: number }> }> {
  const responses = await Promise.all(Array.from({ length: calls }, (_, i) => send(i)))
  const indexed: string[] = []
  const refused: Array<{ http: number; code: number }> = []
  for (const res of responses) {
    if (res.status === 200) indexed.push(((await res.json()) as { id: string }).id)
    else refused.push((({ http, code }) => ({ http, code }))(await errorOf(res)))
  }
  return { indexed: indexed.sort(), refused }
}

async function usage(name: string): Promise<{ creditsUsed: number; subUsers: number; documents: { Resume: number } }> {
  const listed = (await (await service.admin('GET', '/admin/keys')).json()) as { keys: Array<{ name: string }> }
  return listed.keys.find((k) => k.name === name) as never
}

async function documentIds(indexKey: string): Promise<string[]> {
  const res = await service.post('/searchengine/getDocumentIds', { index: { indexType: 'Resume', indexKey } })
  return ((await res.json()) as { ids: string[] }).ids.sort()
}

describe('limits under concurrent calls', () => {
  it('spends an indexQuota exactly: of 12 racing writes, 4 succeed and 8 get 2080', async () => {
    const limited = await service.createKey({ name: 'quota-race', indexQuota: 4 })
    const { indexed, refused } = await race(12, (i) => write(limited, i))
    expect(indexed).toHaveLength(4)
    expect(refused).toEqual(Array(8).fill({ http: catalogue[2080].http, code: 2080 }))
    expect(await usage('quota-race')).toMatchObject({ creditsUsed: 4, documents: { Resume: 4 } })
    expect(await documentIds(limited)).toEqual(indexed)
    await expectRefused(service.database.db, () => write(limited, 99), 2080)
  })

  it('registers at most subUserLimit sub-users: of 10 racing new ones, 3 get in and 7 get 2020', async () => {
    const limited = await service.createKey({ name: 'sub-user-race', subUserLimit: 3 })
    const { indexed, refused } = await race(10, (i) => write(limited, i, `team-${i}`))
    expect(indexed).toHaveLength(3)
    expect(refused).toEqual(Array(7).fill({ http: catalogue[2020].http, code: 2020 }))
    expect(await usage('sub-user-race')).toMatchObject({ subUsers: 3, creditsUsed: 3, documents: { Resume: 3 } })
    const listed = await service.post('/searchengine/getSubUserIds', { index: { indexType: 'Resume', indexKey: limited } })
    const teams = indexed.map((id) => `team-${id.slice('doc-'.length)}`).sort()
    expect(((await listed.json()) as { subUserIds: string[] }).subUserIds.sort()).toEqual(teams)
    // A sub-user that got in goes on writing; a new one is still refused.
    const known = Number(indexed[0]!.slice('doc-'.length))
    expect((await write(limited, known, `team-${known}`)).status).toBe(200)
    await expectRefused(service.database.db, () => write(limited, 99, 'team-99'), 2020)
  })
})

describe('rate limit', () => {
  afterEach(() => vi.useRealTimers())

  it('refuses a key past RATE_LIMIT_PER_MINUTE with 1004 until its minute is over, then lets it through again', async () => {
    // Only Date is faked: the limiter reads Date.now, while the database and HTTP keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.now()
    // The same database, served by an app limited to 3 requests a minute (the limiter reads the fake clock).
    const limited = await startTestService({ config: { rateLimitPerMinute: 3 }, database: service.database })
    const [key, other] = [await limited.createKey({ name: 'rate-limited' }), await limited.createKey({ name: 'rate-other' })]
    const count = (indexKey: string) => limited.post('/searchengine/indexCount', { index: { indexKey } })
    const refusedAfter = async (seconds: string) => {
      let response: Response | undefined
      await expectRefused(service.database.db, async () => (response = await count(key)), 1004)
      expect(response!.headers.get('Retry-After')).toBe(seconds)
    }

    for (let i = 0; i < 3; i++) expect((await count(key)).status).toBe(200)
    await refusedAfter('60')
    // Another key has a window of its own.
    expect((await count(other)).status).toBe(200)
    vi.setSystemTime(start + 59_000)
    await refusedAfter('1')
    // A new minute: three more, then refused again.
    vi.setSystemTime(start + 60_000)
    for (let i = 0; i < 3; i++) expect((await count(key)).status).toBe(200)
    await refusedAfter('60')
  })
})
