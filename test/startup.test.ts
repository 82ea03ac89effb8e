import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess as start } from './support/server-process.js'
import { onPostgres, openTestDatabase, type TestDatabase } from './support/test-database.js'

/**
 * `npm start` as a user runs it: a real process, real HTTP on a port. The embedded case is what a bare
 * machine does with no configuration at all.
 */

const createKey = (port: number, adminKey: string, name: string) =>
  fetch(`http://localhost:${port}/admin/keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  })

const search = (port: number, indexKey: string) =>
  fetch(`http://localhost:${port}/searchengine/simpleSearch`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ index: { indexType: 'Resume', indexKey }, query: { keyword: 'java' } }),
  })

describe('npm start, embedded (no DATABASE_URL)', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'rs-start-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  // Two embedded boots (PostGIS in WebAssembly) take a while on a busy machine.
  it('generates and prints a master key once, with a curl example that works, and keeps data across restarts', { timeout: 240_000 }, async () => {
    const first = await start({ DATA_DIR: dataDir })
    const adminKey = /ADMIN_KEY=(\S+)/.exec(first.output())?.[1]
    expect(adminKey).toBeDefined()
    expect(first.output()).toContain(`curl -X POST http://localhost:${first.port}/admin/keys`)

    const created = await createKey(first.port, adminKey!, 'first-client')
    expect(created.status).toBe(201)
    const { key } = (await created.json()) as { key: string }
    expect((await search(first.port, key)).status).toBe(200)
    expect(await first.stop()).toBe(0)

    const second = await start({ DATA_DIR: dataDir })
    expect(second.output()).not.toContain('ADMIN_KEY=')
    expect((await search(second.port, key)).status).toBe(200)
    expect((await createKey(second.port, adminKey!, 'second-client')).status).toBe(201)
    expect(await second.stop()).toBe(0)
  })
})

describe.runIf(onPostgres('npm start with DATABASE_URL'))('npm start, with DATABASE_URL', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.close())

  it('serves with the admin API disabled without ADMIN_KEY, and enabled with it', { timeout: 120_000 }, async () => {
    const closed = await start({ DATABASE_URL: database.url! })
    expect(closed.output()).toContain('ADMIN_KEY is not set')
    // The vocabularies are read before it listens, not by the first request.
    expect(closed.output().indexOf('vocabularies loaded')).toBeGreaterThan(-1)
    expect(closed.output().indexOf('vocabularies loaded')).toBeLessThan(closed.output().indexOf('"msg":"listening"'))
    expect((await createKey(closed.port, 'anything', 'x')).status).toBe(403)
    expect((await fetch(`http://localhost:${closed.port}/health`)).status).toBe(200)
    await closed.stop()

    const open = await start({ DATABASE_URL: database.url!, ADMIN_KEY: 'a-master-key-for-this-test' })
    expect((await createKey(open.port, 'a-master-key-for-this-test', 'pg-client')).status).toBe(201)
    await open.stop()
  })
})
