import { sql } from 'kysely'
import pg from 'pg'
import type { Account } from '../../src/accounts/account-repository.js'
import { openDatabase, type Database } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrations.js'

/** The benchmark's own database, dropped and created on every run so figures never mix corpora. */
export const benchDatabase = 'rs_bench'

/**
 * Drops and creates `rs_bench` on the server of `databaseUrl`, migrates it with the app's migrations
 * and creates one account to index under. Needs a role allowed to create databases.
 */
export async function freshBenchDatabase(databaseUrl: string): Promise<{ database: Database; account: Account }> {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await admin.query(`drop database if exists ${benchDatabase} with (force)`)
    await admin.query(`create database ${benchDatabase}`)
  } finally {
    await admin.end()
  }
  const database = await open(databaseUrl)
  await migrateToLatest(database.db)
  const { rows } = await sql<{ id: number }>`
    insert into accounts (name, key_hash) values ('bench', '\\x00'::bytea) returning account_id as id`.execute(database.db)
  return { database, account: benchAccount(Number(rows[0]!.id)) }
}

/** The database and account a previous run loaded, to time queries again (--reuse) without reloading. */
export async function existingBenchDatabase(databaseUrl: string): Promise<{ database: Database; account: Account }> {
  const database = await open(databaseUrl)
  const { rows } = await sql<{ id: number }>`select account_id as id from accounts where name = 'bench'`.execute(database.db)
  if (rows.length === 0) throw new Error(`no loaded ${benchDatabase} database: run without --reuse first`)
  return { database, account: benchAccount(Number(rows[0]!.id)) }
}

function open(databaseUrl: string): Promise<Database> {
  const url = new URL(databaseUrl)
  url.pathname = `/${benchDatabase}`
  // Two connections: one bulk statement in flight while the next one is prepared, or one search client.
  return openDatabase({ databaseUrl: url.toString(), maxConnections: 2 })
}

const benchAccount = (id: number): Account => ({ id, name: 'bench', expiresAt: null, searchEngine: true, plugins: true, indexQuota: null, creditsUsed: 0, subUserLimit: null })
