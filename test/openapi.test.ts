import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { operations } from '../src/http/operations.js'
import { startTestService, type TestService } from './support/service.js'

let service: TestService
beforeAll(async () => {
  service = await startTestService()
})
afterAll(() => service.close())

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document with every operation as a POST and its request schema', async () => {
    const doc = (await (await service.app.request('/openapi.json')).json()) as {
      openapi: string
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>
    }
    expect(doc.openapi).toBe('3.1.0')
    for (const op of operations) {
      const path = `${op.base === 'search' ? '/searchengine' : '/plugin'}/${op.name}`
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(['post'])
      const schema = doc.paths[path]!.post!.requestBody!.content['application/json']!.schema
      expect(Object.keys(schema.properties ?? {}), path).toContain(op.base === 'search' ? 'index' : 'userkey')
    }
    expect(Object.keys(doc.paths['/admin/keys'] ?? {}).sort()).toEqual(['get', 'post'])
    expect(Object.keys(doc.paths['/admin/keys/{name}'] ?? {}).sort()).toEqual(['delete', 'patch'])
  })
})

describe('GET /docs', () => {
  it('serves the reference page with its script from this service, not a CDN', async () => {
    const page = await (await service.app.request('/docs')).text()
    expect(page).toContain('/openapi.json')
    expect(page).toContain('src="/docs/scalar.js"')
    expect(page).not.toMatch(/src="https?:\/\//)
    const script = await service.app.request('/docs/scalar.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toMatch(/javascript/)
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000)
  })
})
