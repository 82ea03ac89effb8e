import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../src/db/database.js'
import { Migrator } from 'kysely/migration'
import { migrateToLatest, migrationsFolder, SqlFileMigrationProvider } from '../src/db/migrations.js'
import { databaseUrlFor } from './support/database-url.js'
import { testDatabaseInfo } from './support/test-database.js'

const info = testDatabaseInfo()
const migrationNames = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort()

/** An empty database: the template is already migrated, so these tests need their own. */
async function withEmptyDatabase(work: (open: () => Promise<Database>, url?: string) => Promise<void>): Promise<void> {
  if (info.kind === 'pglite') {
    const shared = await openDatabase({})
    try {
      return await work(async () => ({ ...shared, close: async () => {} }))
    } finally {
      await shared.close()
    }
  }
  const name = `rs_empty_${randomBytes(6).toString('hex')}`
  const server = await openDatabase({ databaseUrl: info.serverUrl, maxConnections: 1 })
  await sql`create database ${sql.id(name)}`.execute(server.db)
  const url = databaseUrlFor(info.serverUrl, name)
  try {
    await work(() => openDatabase({ databaseUrl: url, maxConnections: 2 }), url)
  } finally {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(server.db)
    await server.close()
  }
}

describe('migrations', () => {
  it('apply once when several processes start at the same time', async () => {
    await withEmptyDatabase(async (open) => {
      const handles = await Promise.all([open(), open(), open()])
      const applied = await Promise.all(handles.map((h) => migrateToLatest(h.db)))
      expect(applied.flat().sort()).toEqual(migrationNames)
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handles[0]!.db)
      expect(rows.map((r) => r.name)).toEqual(migrationNames)
      expect(await migrateToLatest(handles[0]!.db)).toEqual([])
      await Promise.all(handles.map((h) => h.close()))
    })
  })

  it.runIf(info.kind === 'postgres')('run from the kysely CLI (npx kysely migrate:latest)', async () => {
    await withEmptyDatabase(async (open, url) => {
      await promisify(execFile)('npx', ['kysely', 'migrate:latest'], { env: { ...process.env, DATABASE_URL: url } })
      const database = await open()
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db)
      expect(rows.map((r) => r.name)).toEqual(migrationNames)
      const postgis = await sql<{ v: string }>`select postgis_version() as v`.execute(database.db)
      expect(postgis.rows[0]!.v).toMatch(/^3\./)
      await database.close()
    })
  })
  it('0004 gives documents indexed before it the words of their employers and organisations', async () => {
    await withEmptyDatabase(async (open) => {
      const database = await open()
      try {
        const migrator = new Migrator({ db: database.db, provider: new SqlFileMigrationProvider() })
        expect((await migrator.migrateTo('0003_leakproof_search_functions')).error).toBeUndefined()
        const { rows: [account] } = await sql<{ account_id: string }>`
          insert into accounts (name, key_hash) values ('before-0004', '\\x00') returning account_id`.execute(database.db)
        await sql`
          insert into documents (account_id, index_type, document_id, parsed, entities) values
            (${account!.account_id}, 'Resume', 'r', '{}', '{"Employer": ["rheinland logistik gmbh", "bergmann & sohne kg"], "CurrentEmployer": ["rheinland logistik gmbh"]}'),
            (${account!.account_id}, 'JD', 'j', '{}', '{"Organization": ["allegro sp. z o.o."]}'),
            (${account!.account_id}, 'Resume', 'none', '{}', '{"Skill": ["java"]}')`.execute(database.db)
        expect(await migrateToLatest(database.db)).toContain('0004_organization_words')
        const { rows } = await sql<{ document_id: string; words: string[] | null }>`
          select document_id, coalesce(entities -> 'EmployerWord', entities -> 'OrganizationWord') as words
            from documents where account_id = ${account!.account_id} order by document_id`.execute(database.db)
        expect(rows).toEqual([
          { document_id: 'j', words: ['allegro', 'o', 'sp', 'z'] },
          { document_id: 'none', words: null },
          { document_id: 'r', words: ['bergmann', 'gmbh', 'kg', 'logistik', 'rheinland', 'sohne'] },
        ])
      } finally {
        await database.close()
      }
    })
  })
})
