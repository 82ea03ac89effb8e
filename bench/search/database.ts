import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import type { Account } from '../../src/accounts/account-repository.js'
import { openDatabase, type Database } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrations.js'
import { withTenant } from '../../src/db/tenant.js'
import { pendingListFlush } from '../../src/db/gin-pending-lists.js'
import { mergeSegment } from '../../src/search/segment/segment-merge.js'

/**
 * The benchmark's own database, dropped and created on every run so figures never mix corpora;
 * BENCH_DATABASE names another, to keep a loaded corpus while loading one of another size.
 */
export const benchDatabase = process.env.BENCH_DATABASE ?? 'rs_bench'

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

const benchMarker = 'RS_BENCH'

/**
 * The embedded database (PGlite, the mode `npm start` runs without DATABASE_URL) kept in `dir`: emptied,
 * migrated and given the bench account, or, with `reuse`, opened as a previous run left it.
 */
export async function embeddedBenchDatabase(dir: string, reuse: boolean): Promise<{ database: Database; account: Account }> {
  if (!reuse) {
    // Only a directory this benchmark made is emptied: never a service's own data by a mistyped path.
    if (existsSync(dir) && readdirSync(dir).length > 0 && !existsSync(join(dir, benchMarker))) {
      throw new Error(`${dir} is not empty and was not made by the benchmark: give a new directory`)
    }
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, benchMarker), 'made by npm run bench:search -- --embedded\n')
  }
  const database = await openDatabase({ dataDir: dir })
  await migrateToLatest(database.db)
  if (!reuse) await sql`insert into accounts (name, key_hash) values ('bench', '\\x00'::bytea)`.execute(database.db)
  const { rows } = await sql<{ id: number }>`select account_id as id from accounts where name = 'bench'`.execute(database.db)
  if (rows.length === 0) throw new Error(`no loaded embedded database in ${dir}: run without --reuse first`)
  return { database, account: benchAccount(Number(rows[0]!.id)) }
}

/** The database and account a previous run loaded, to time queries again (--reuse) without reloading. */
export async function existingBenchDatabase(databaseUrl: string): Promise<{ database: Database; account: Account }> {
  const database = await open(databaseUrl)
  // A corpus loaded before a migration gets it (the search segment's, migrations/0011, numbers its rows).
  const applied = await migrateToLatest(database.db)
  if (applied.length > 0) console.log(`migrated the loaded corpus: ${applied.join(', ')}`)
  const { rows } = await sql<{ id: number }>`select account_id as id from accounts where name = 'bench'`.execute(database.db)
  if (rows.length === 0) throw new Error(`no loaded ${benchDatabase} database: run without --reuse first`)
  return { database, account: benchAccount(Number(rows[0]!.id)) }
}

/**
 * Merges the account's delta into its search segment until none is left, as the service's merger would
 * in steps of 200,000 documents, and empties the documents' GIN pending lists after it, as the merger
 * does; prints each step. Returns the milliseconds it took.
 */
export async function mergeAll(database: Database, account: Account): Promise<number> {
  const started = performance.now()
  let total = 0
  for (;;) {
    const stepStarted = performance.now()
    const merged = await withTenant(database.db, account.id, (trx) => mergeSegment(trx, account.id, 'Resume'))
    if (merged === 0) break
    total += merged
    console.log(`  segment merge: ${merged} documents in ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`)
  }
  if (total > 0) {
    const pages = await pendingListFlush(database.db)()
    if (pages > 0) console.log(`  GIN pending lists emptied: ${pages} pages`)
  }
  return performance.now() - started
}

function open(databaseUrl: string): Promise<Database> {
  const url = new URL(databaseUrl)
  url.pathname = `/${benchDatabase}`
  // Four: two bulk batches in flight with the short transactions that take their ordinals, or one
  // search client, or three clients indexing one document at a time and the segment's merger.
  return openDatabase({ databaseUrl: url.toString(), maxConnections: 4 })
}

const benchAccount = (id: number): Account => ({ id, name: 'bench', expiresAt: null, searchEngine: true, plugins: true, indexQuota: null, subUserLimit: null })
