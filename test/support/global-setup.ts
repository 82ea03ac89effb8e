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
 * Picks the test database once per run: DATABASE_URL if set; else a PostGIS container when a Docker
 * engine answers; else embedded PGlite. Migrates a template once; every test file then clones it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cleanups: Array<() => Promise<void>> = []
  let info: TestDatabaseInfo

  const serverUrl = process.env.DATABASE_URL || (await startContainer(cleanups))
  if (serverUrl) {
    const template = `rs_test_template_${process.pid}`
    await createTemplate(serverUrl, template)
    cleanups.push(() => dropDatabase(serverUrl, template))
    info = { kind: 'postgres', serverUrl, template, source: process.env.DATABASE_URL ? 'DATABASE_URL' : 'testcontainers' }
  } else {
    const folder = mkdtempSync(join(tmpdir(), 'rs-test-'))
    cleanups.push(async () => rmSync(folder, { recursive: true, force: true }))
    info = { kind: 'pglite', snapshotFile: await createSnapshot(folder) }
  }
  console.log(`test database: ${info.kind === 'postgres' ? `PostgreSQL (${info.source})` : 'embedded PGlite'}`)
  project.provide('testDatabase', info)
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  }
}

async function startContainer(cleanups: Array<() => Promise<void>>): Promise<string | undefined> {
  try {
    const { GenericContainer, Wait } = await import('testcontainers')
    const container = await new GenericContainer('postgis/postgis:16-3.4')
      .withEnvironment({ POSTGRES_PASSWORD: 'test', POSTGRES_DB: 'test' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start()
    cleanups.push(async () => void (await container.stop()))
    return `postgres://postgres:test@${container.getHost()}:${container.getMappedPort(5432)}/test`
  } catch {
    // No Docker engine: testcontainers fails in milliseconds, and the embedded database takes over.
    return undefined
  }
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
