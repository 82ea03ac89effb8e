import { mkdirSync } from 'node:fs'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { postgis } from '@electric-sql/pglite-postgis'
import { PGlitePool } from './pglite-pool.js'
import type { Schema } from './schema.js'

export type DatabaseKind = 'postgres' | 'pglite'

/** One handle for both modes: the same kysely instance, the same SQL. */
export interface Database {
  kind: DatabaseKind
  db: Kysely<Schema>
  /** The embedded instance, in PGlite mode (tests snapshot it). */
  pglite?: PGlite
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** A PostgreSQL >= 15 with PostGIS 3; when absent, PGlite is embedded. */
  databaseUrl?: string | undefined
  /** Where PGlite keeps its files; absent means in memory. */
  dataDir?: string | undefined
  /** A `dumpDataDir()` snapshot to start PGlite from (tests start from a migrated one). */
  snapshot?: Blob | undefined
  /** Pool size for PostgreSQL. */
  maxConnections?: number
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 10)
  return openEmbedded(options)
}

function openPostgres(connectionString: string, max: number): Database {
  const pool = new pg.Pool({
    connectionString,
    max,
    // A database that does not answer must give a 503 in seconds, never a hanging request.
    connectionTimeoutMillis: 5_000,
    application_name: 'resume-search',
    types: { getTypeParser: typeParser },
  })
  // A client losing its server (a restart, a terminated backend) must not crash the process: pg emits
  // 'error' on the client, and with no listener Node exits. An idle client's error reaches the pool
  // (which drops the client); a checked-out client's would reach no one, so every client gets a
  // listener of its own. The query in flight is rejected all the same, and its request answers 503.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) })
  return { kind: 'postgres', db, close: () => db.destroy() }
}

/** pg returns int8 and numeric as strings; PGlite returns numbers. Make pg match, so both modes agree. */
function typeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (value) => Number(value)
  return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown
}

async function openEmbedded(options: DatabaseOptions): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    extensions: { postgis, pg_trgm, unaccent },
  })
  const pool = new PGlitePool(pglite)
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) })
  return { kind: 'pglite', db, pglite, close: () => db.destroy() }
}

/** True when the database answers a trivial query. */
export async function isDatabaseUp(db: Kysely<Schema>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch {
    return false
  }
}
