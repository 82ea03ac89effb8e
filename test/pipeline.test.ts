import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../src/http/operations.js'
import type { ErrorCode } from '../src/errors/catalogue.js'
import { expectRefused } from './support/refusal.js'
import { errorOf, expectPassedPipeline, startTestService, type TestService } from './support/service.js'

let service: TestService
let key: string
const pathOf = (op: (typeof operations)[number]) => `${op.base === 'search' ? '/searchengine' : '/plugin'}/${op.name}`

beforeAll(async () => {
  service = await startTestService({ config: { bodyLimitBytes: 64 * 1024 } })
  key = await service.createKey()
})
afterAll(() => service.close())

describe('methods', () => {
  it.each(operations.map((op) => [pathOf(op)]))('%s answers GET, PUT and DELETE with 405 and Allow: POST', async (path) => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await service.app.request(path, { method })
      expect(res.status).toBe(405)
      expect(res.headers.get('allow')).toBe('POST')
      const error = await errorOf(res)
      expect(error.code).toBe(1002)
      expect(error.message).toContain(`${method} is not supported`)
    }
  })
})

describe('content type and body', () => {
  // A write, so that a refusal writing anything would show in the database.
  const path = '/searchengine/parseAndIndex'
  const body = () => ({ index: { indexType: 'Resume', indexKey: key }, data: { id: 'p1', fileName: 'cv.txt', fileContent: Buffer.from('Anna Kowalska, Java developer').toString('base64') } })
  const refused = (send: () => Promise<Response>, code: ErrorCode) => expectRefused(service.database.db, send, code)

  it('refuses a request without Content-Type (2004)', async () => {
    await refused(() => service.post(path, JSON.stringify(body()), {}), 2004)
  })

  it('refuses a Content-Type other than application/json (2005)', async () => {
    for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x']) {
      await refused(() => service.post(path, JSON.stringify(body()), { 'Content-Type': type }), 2005)
    }
  })

  it('accepts application/json with a charset parameter, in any case', async () => {
    const res = await service.post(path, body(), { 'Content-Type': 'Application/JSON; charset=utf-8' })
    expect(res.status, await res.clone().text()).toBe(200)
  })

  it('refuses a body that is not JSON (2010)', async () => {
    await refused(() => service.post(path, '{"index": {"indexKey": '), 2010)
  })

  it('refuses JSON that is not an object (2002)', async () => {
    await refused(() => service.post(path, '[1, 2]'), 2002)
  })

  it('refuses a body over the size limit with 413 (1003), with or without Content-Length', async () => {
    const big = JSON.stringify({ ...body(), padding: 'x'.repeat(70 * 1024) })
    await refused(() => service.post(path, big), 1003)

    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big))
        controller.close()
      },
    })
    const streamed = async () =>
      service.app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit)
    await refused(streamed, 1003)
  })
})

describe('paths', () => {
  it('answers an unknown path with 404 (1001) in the error format', async () => {
    await expectRefused(service.database.db, () => service.post('/searchengine/noSuchOperation', {}), 1001)
  })

  it('treats paths as case sensitive', async () => {
    await expectRefused(service.database.db, () => service.post('/searchengine/ParseAndIndex', {}), 1001)
  })

  it.each(operations.map((op) => [pathOf(op), op]))('%s runs the common pipeline, then its operation', async (path, op) => {
    const res = await service.post(
      path,
      op.base === 'search'
        ? { index: { indexType: 'Resume', indexKey: key, ...(op.subUserIdArray ? { subUserId: ['a'] } : {}) } }
        : { userkey: key, subuserid: 'recruiter-1' },
    )
    await expectPassedPipeline(res)
  })

  it('serves the operations under SEARCH_BASE_PATH and PLUGIN_BASE_PATH', async () => {
    const moved = await startTestService({
      database: service.database,
      config: { searchBasePath: '/v1/search', pluginBasePath: '/v1/plugins' },
    })
    const search = await moved.post('/v1/search/simpleSearch', { index: { indexType: 'Resume', indexKey: key }, query: { keyword: 'java' } })
    expect(search.status).toBe(200)
    const plugin = await moved.post('/v1/plugins/documentConversion', { userkey: key, subuserid: 'a' })
    await expectPassedPipeline(plugin)
    expect((await errorOf(await moved.post('/searchengine/simpleSearch', {}))).code).toBe(1001)
  })
})

describe('request id', () => {
  it('echoes the caller\'s X-Request-Id, or makes one', async () => {
    const own = await service.app.request('/health', { headers: { 'X-Request-Id': 'abc-123' } })
    expect(own.headers.get('x-request-id')).toBe('abc-123')
    const made = await service.app.request('/health')
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})
