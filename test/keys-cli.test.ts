import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runKeysCommand } from '../src/cli/keys.js'
import { expectRefused } from './support/refusal.js'
import { expectPassedPipeline, startTestService, type TestService } from './support/service.js'
import { onPostgres } from './support/test-database.js'

let service: TestService
const run = (...argv: string[]) => runKeysCommand(service.database.db, argv)
const search = (indexKey: string) => service.post('/searchengine/simpleSearch', { index: { indexType: 'Resume', indexKey } })

beforeAll(async () => {
  service = await startTestService()
})
afterAll(() => service.close())

describe('npm run keys', () => {
  it('creates a key the service then accepts', async () => {
    const created = JSON.parse(await run('create', '--name', 'cli-acme', '--index-quota', '50', '--sub-user-limit', '3', '--no-plugins'))
    expect(created).toMatchObject({ name: 'cli-acme', indexQuota: 50, subUserLimit: 3, plugins: false, searchEngine: true })
    await expectPassedPipeline(await search(created.key))
  })

  it('lists keys without secrets', async () => {
    const { key } = JSON.parse(await run('create', '--name', 'cli-listed'))
    const listed = await run('list')
    expect(listed).not.toContain(key)
    expect(JSON.parse(listed).map((k: { name: string }) => k.name)).toContain('cli-listed')
  })

  it('updates and rotates a key', async () => {
    const { key: old } = JSON.parse(await run('create', '--name', 'cli-rotated'))
    const updated = JSON.parse(await run('update', '--name', 'cli-rotated', '--rotate', '--expires-at', '2999-01-01'))
    expect(updated.expiresAt).toBe('2999-01-01T00:00:00.000Z')
    await expectRefused(service.database.db, () => search(old), 2001)
    await expectPassedPipeline(await search(updated.key))
  })

  it('revokes a key', async () => {
    const { key } = JSON.parse(await run('create', '--name', 'cli-revoked'))
    expect(await run('revoke', '--name', 'cli-revoked')).toBe('revoked cli-revoked')
    await expectRefused(service.database.db, () => search(key), 2001)
  })

  it('refuses bad input with the numbered error', async () => {
    await expect(run('create')).rejects.toMatchObject({ code: 1010 })
    await expect(run('create', '--name', 'q', '--index-quota', 'many')).rejects.toMatchObject({ code: 1010 })
    await expect(run('revoke', '--name', 'ghost')).rejects.toMatchObject({ code: 1012 })
    await expect(run('frobnicate')).rejects.toThrow(/unknown command/)
  })

  // The embedded test database lives in this process's memory; a second process cannot open it.
  it.runIf(onPostgres('npm run keys as a process'))('runs as a process against DATABASE_URL', async () => {
    const env = { ...process.env, DATABASE_URL: service.database.url! }
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/cli/keys.ts', 'create', '--name', 'from-process'], { env })
    await expectPassedPipeline(await search(JSON.parse(stdout).key))
    const failed = promisify(execFile)('npx', ['tsx', 'src/cli/keys.ts', 'revoke', '--name', 'nobody'], { env })
    await expect(failed).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('error 1012') })
  })
})
