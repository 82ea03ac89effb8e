import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/database.js'
import { errorOf, startTestService, type TestService } from './support/service.js'

let service: TestService
let key: string

beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey({ name: 'observed-client' })
})
afterAll(() => service.close())

describe('GET /health', () => {
  it('reports the service and its database up', async () => {
    const res = await service.app.request('/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' })
  })

  it('answers 503 when the database is down, and operations answer 503 (1005) rather than 500', async () => {
    // Nothing listens on port 1: every connection is refused at once.
    const down = await openDatabase({ databaseUrl: 'postgres://nobody:nothing@127.0.0.1:1/none', maxConnections: 1 })
    const broken = await startTestService({ database: { ...down, close: () => down.close() } })
    try {
      const health = await broken.app.request('/health')
      expect(health.status).toBe(503)
      expect(await health.json()).toEqual({ status: 'unavailable', database: 'down' })
      const res = await broken.post('/searchengine/simpleSearch', { index: { indexType: 'Resume', indexKey: key } })
      expect(await errorOf(res)).toMatchObject({ http: 503, code: 1005 })
    } finally {
      await broken.close()
    }
  })
})

describe('GET /metrics', () => {
  it('counts requests by operation and status in the Prometheus text format', async () => {
    for (let i = 0; i < 2; i++) await service.post('/searchengine/booleanSearch', { index: { indexType: 'JD', indexKey: key } })
    await service.post('/searchengine/booleanSearch', { index: { indexType: 'JD', indexKey: 'wrong' } })
    const res = await service.app.request('/metrics')
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    const text = await res.text()
    expect(text).toMatch(/http_requests_total\{operation="booleanSearch",status="400"\} 2\b/)
    expect(text).toMatch(/http_requests_total\{operation="booleanSearch",status="401"\} 1\b/)
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="[^"]+",operation="booleanSearch"\}/)
    expect(text).toContain('process_cpu_user_seconds_total')
  })

  it("reports the search segment's merge backlog, and still answers while the database is down", async () => {
    const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1])
    const indexed = await service.post('/searchengine/parseAndIndex', {
      index: { indexType: 'Resume', indexKey: key },
      data: { id: 'waiting-1', fileName: 'waiting.txt', fileContent: Buffer.from('Ada Waiting\nada@example.com\nJava developer, Acme GmbH, Berlin 2019 - 2024').toString('base64') },
    })
    expect(indexed.status, await indexed.clone().text()).toBe(200)
    const text = await (await service.app.request('/metrics')).text()
    // Nothing merges here until a search: the write waits.
    expect(gauge(text, 'search_segment_waiting')).toBeGreaterThanOrEqual(1)
    expect(gauge(text, 'search_segment_waiting_max')).toBeGreaterThanOrEqual(1)
    expect(gauge(text, 'search_segment_indexes_waiting')).toBeGreaterThanOrEqual(1)

    const down = await openDatabase({ databaseUrl: 'postgres://nobody:nothing@127.0.0.1:1/none', maxConnections: 1 })
    const broken = await startTestService({ database: { ...down, close: () => down.close() } })
    try {
      const res = await broken.app.request('/metrics')
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('http_requests_total')
    } finally {
      await broken.close()
    }
  })
})

describe('request logs', () => {
  it('write one JSON line per request with request id, account name, operation, status and duration, never the key', async () => {
    await service.app.request('/searchengine/indexCount', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'log-test-1' },
      body: JSON.stringify({ index: { indexType: 'Resume', indexKey: key } }),
    })
    const line = service.logs.find((l) => l.reqId === 'log-test-1' && l.msg === 'request')
    expect(line).toMatchObject({
      account: 'observed-client',
      operation: 'indexCount',
      method: 'POST',
      path: '/searchengine/indexCount',
      status: 200,
    })
    expect(typeof line!.durationMs).toBe('number')
    expect(JSON.stringify(service.logs)).not.toContain(key)
  })
})
