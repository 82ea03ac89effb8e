import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import type { Logger } from 'pino'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../../src/db/database.js'
import { databaseUrlFor } from './database-url.js'
import './test-database-info.js'

/** A database of this test file's own, cloned from the migrated template. */
export interface TestDatabase extends Database {
  /** The URL of a PostgreSQL test database (absent for PGlite). */
  url?: string
}

export const testDatabaseInfo = () => inject('testDatabase')

/** Whether this run is on a PostgreSQL server; when it is not, prints which tests skip, and why. */
export function onPostgres(what: string): boolean {
  const kind = testDatabaseInfo().kind
  if (kind !== 'postgres') console.info(`skipped: ${what}: needs a PostgreSQL server, and this run is on embedded PGlite`)
  return kind === 'postgres'
}

/** `logger` gets the statements the tests' requests run (openDatabase's statement log). */
export async function openTestDatabase(options: { logger?: Logger } = {}): Promise<TestDatabase> {
  const info = testDatabaseInfo()
  if (info.kind === 'pglite') {
    const snapshot = new Blob([readFileSync(info.snapshotFile)])
    return openDatabase({ snapshot, logger: options.logger })
  }
  const name = `rs_test_${randomBytes(6).toString('hex')}`
  const server = await openDatabase({ databaseUrl: info.serverUrl, maxConnections: 1 })
  await sql`create database ${sql.id(name)} template ${sql.id(info.template)}`.execute(server.db)
  await server.close()
  const url = databaseUrlFor(info.serverUrl, name)
  const database = await openDatabase({ databaseUrl: url, logger: options.logger })
  return {
    ...database,
    url,
    async close() {
      await database.close()
      const admin = await openDatabase({ databaseUrl: info.serverUrl, maxConnections: 1 })
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db)
      await admin.close()
    },
  }
}
