import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrations.js'
import { databaseUrlFor } from './database-url.js'
import type { TestDatabaseInfo } from './test-database-info.js'

/**
 * Picks the test database once per run, from TEST_DATABASE:
 * - `postgres`: the server at DATABASE_URL; the run fails when it is unset or does not answer;
 * - `container`: a PostGIS container through testcontainers; the run fails when no Docker engine runs;
 * - `pglite`: embedded PGlite, whatever else is configured;
 * - unset: DATABASE_URL when set, else embedded PGlite (a developer's bare `npm test`).
 * Migrates a template once; every test file then clones it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<void>> = []
  const choice = chosenDatabase(process.env)
  let info: TestDatabaseInfo

  if (choice.kind === 'pglite') {
    const folder = mkdtempSync(join(tmpdir(), 'rs-test-'))
    cleanups.push(async () => rmSync(folder, { recursive: true, force: true }))
    info = { kind: 'pglite', snapshotFile: await createSnapshot(folder) }
  } else {
    const serverUrl = choice.kind === 'postgres' ? choice.url : await startContainer(cleanups)
    const template = `rs_test_template_${process.pid}`
    await createTemplate(serverUrl, template).catch((error: unknown) => {
      throw new Error(`TEST_DATABASE=${choice.kind}: PostgreSQL at ${redacted(serverUrl)} is not usable: ${String(error)}`)
    })
    cleanups.push(() => dropDatabase(serverUrl, template))
    info = { kind: 'postgres', serverUrl, template, source: choice.kind === 'container' ? 'testcontainers' : 'DATABASE_URL' }
  }
  console.log(`test database: ${info.kind === 'postgres' ? `PostgreSQL (${info.source})` : 'embedded PGlite'} (${choice.why})`)
  project.provide('testDatabase', info)
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  }
}

type Choice = { kind: 'postgres'; url: string; why: string } | { kind: 'container' | 'pglite'; why: string }

/** What TEST_DATABASE and DATABASE_URL ask for; a choice that cannot be met throws, never falls back. */
export function chosenDatabase(env: Record<string, string | undefined>): Choice {
  const url = env.DATABASE_URL?.trim() || undefined
  switch (env.TEST_DATABASE?.trim() || undefined) {
    case 'postgres':
      if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL (a PostgreSQL >= 15 with PostGIS 3)')
      return { kind: 'postgres', url, why: 'TEST_DATABASE=postgres' }
    case 'container':
      return { kind: 'container', why: 'TEST_DATABASE=container' }
    case 'pglite':
      return { kind: 'pglite', why: 'TEST_DATABASE=pglite' }
    case undefined:
      return url ? { kind: 'postgres', url, why: 'DATABASE_URL is set' } : { kind: 'pglite', why: 'neither TEST_DATABASE nor DATABASE_URL is set' }
    default:
      throw new Error(`TEST_DATABASE must be postgres, container or pglite, not "${env.TEST_DATABASE}"`)
  }
}

async function startContainer(cleanups: Array<() => Promise<void>>): Promise<string> {
  const { GenericContainer, Wait } = await import('testcontainers')
  try {
    const container = await new GenericContainer('postgis/postgis:16-3.4')
      .withEnvironment({ POSTGRES_PASSWORD: 'test', POSTGRES_DB: 'test' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start()
    cleanups.push(async () => void (await container.stop()))
    return `postgres://postgres:test@${container.getHost()}:${container.getMappedPort(5432)}/test`
  } catch (error) {
    throw new Error(`TEST_DATABASE=container: no PostGIS container could be started (is a Docker engine running, with the image built or pulled?): ${String(error)}`)
  }
}

function redacted(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

async function createTemplate(serverUrl: string, template: string): Promise<void> {
  await dropDatabase(serverUrl, template)
  const server = await openDatabase({ databaseUrl: serverUrl, maxConnections: 1 })
  await sql`create database ${sql.id(template)}`.execute(server.db)
  await server.close()
  const database = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, template), maxConnections: 1 })
  await migrateToLatest(database.db)
  await database.close()
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const server = await openDatabase({ databaseUrl: serverUrl, maxConnections: 1 })
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(server.db)
  await server.close()
}

async function createSnapshot(folder: string): Promise<string> {
  const database = await openDatabase({})
  await migrateToLatest(database.db)
  const snapshot = await database.pglite!.dumpDataDir('gzip')
  await database.close()
  const file = join(folder, 'migrated.tar.gz')
  writeFileSync(file, new Uint8Array(await snapshot.arrayBuffer()))
  return file
}
