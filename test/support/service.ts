import { Writable } from 'node:stream'
import { expect } from 'vitest'
import { pino } from 'pino'
import type { AdminAccess } from '../../src/accounts/admin-key.js'
import { hashKey } from '../../src/accounts/key.js'
import { loadConfig, type Config } from '../../src/config.js'
import { createApp } from '../../src/http/app.js'
import { openTestDatabase, type TestDatabase } from './test-database.js'

export const adminKey = 'test-admin-key-0123456789'

/** The service over this file's own database, called in process through `app.request`. */
export interface TestService {
  app: ReturnType<typeof createApp>
  database: TestDatabase
  config: Config
  /** Every log line the service wrote, parsed. */
  logs: Array<Record<string, unknown>>
  /** POST a JSON body; `headers` replace the default Content-Type. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>
  admin(method: string, path: string, body?: unknown): Promise<Response>
  /** Creates a client key through the admin API and returns the secret. */
  createKey(settings?: Record<string, unknown>): Promise<string>
  close(): Promise<void>
}

export async function startTestService(
  options: { config?: Partial<Config>; adminAccess?: AdminAccess; database?: TestDatabase } = {},
): Promise<TestService> {
  const database = options.database ?? (await openTestDatabase())
  // Every search first merges the segment, so that the tests read it (a test of the delta passes 'background').
  const config: Config = { ...loadConfig({}), adminKey, searchMerge: 'on-search', ...options.config }
  const logs: Array<Record<string, unknown>> = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line))
      done()
    },
  })
  const logger = pino({ level: 'info' }, sink)
  const adminAccess = options.adminAccess ?? { enabled: true, keyHash: hashKey(adminKey) }
  const app = createApp({ config, db: database.db, logger, adminAccess })

  let keyCount = 0
  const service: TestService = {
    app,
    database,
    config,
    logs,
    post: (path, body, headers = { 'Content-Type': 'application/json' }) => {
      // Bytes, not a string: a string body would make Request add "text/plain" on its own.
      const bytes = new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body))
      return Promise.resolve(app.request(path, { method: 'POST', headers, body: bytes }))
    },
    admin: (method, path, body) =>
      Promise.resolve(
        app.request(path, {
          method,
          headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      ),
    async createKey(settings = {}) {
      const res = await service.admin('POST', '/admin/keys', { name: `client-${++keyCount}`, ...settings })
      if (res.status !== 201) throw new Error(`creating a key failed: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { key: string }).key
    },
    close: () => database.close(),
  }
  return service
}

/** The numbered error a response carries, with its HTTP status. */
export async function errorOf(res: Response): Promise<{ http: number; code: number; status: string; message: string }> {
  const body = (await res.json()) as { status: string; error: { code: number; message: string } }
  return { http: res.status, code: body.error.code, status: body.status, message: body.error.message }
}

/** Codes the common pipeline and the envelope answer with, before an operation runs. */
const pipelineCodes = new Set([1001, 1002, 1003, 1004, 1005, 1007, 1013, 2001, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2022, 2060])

/**
 * Asserts that a request got through the common pipeline to its operation: a success, or the
 * operation's own refusal of its body. A crash (any 5xx) never counts as getting through.
 */
export async function expectPassedPipeline(res: Response): Promise<void> {
  const text = await res.clone().text()
  expect(res.status, `a request that should reach its operation: ${text}`).toBeLessThan(500)
  if (res.status < 400) return
  const { code } = await errorOf(res.clone())
  expect(pipelineCodes.has(code), `refused by the pipeline (${code}) before its operation ran: ${text}`).toBe(false)
}
