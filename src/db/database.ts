import { mkdirSync } from 'node:fs'
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely'
import pg from 'pg'
import pgUtils from 'pg/lib/utils.js'
import type { Logger } from 'pino'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { postgis } from '@electric-sql/pglite-postgis'
import { everyInterval, statisticsCheck, type StatisticsCheck } from './table-statistics.js'
import { PGlitePool } from './pglite-pool.js'
import type { Schema } from './schema.js'

export type DatabaseKind = 'postgres' | 'pglite'

/** One handle for both modes: the same kysely instance, the same SQL. */
export interface Database {
  kind: DatabaseKind
  db: Kysely<Schema>
  /** The embedded instance, in PGlite mode (tests snapshot it). */
  pglite?: PGlite
  /** PGlite mode: the check its timer runs to keep planner statistics (table-statistics.ts). */
  statistics?: StatisticsCheck
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
  /** Where each statement is logged, at debug (see statementLog); absent or above debug: not at all. */
  logger?: Logger | undefined
  /** PGlite mode: how often the embedded database checks whether its tables need analysing. */
  statisticsIntervalMs?: number
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 10, options.logger)
  return openEmbedded(options)
}

/**
 * Kysely's `log` option: every statement either mode runs (transaction control included), at debug with
 * its text, how many parameters it binds and its milliseconds; at trace also the values, each as the text
 * PostgreSQL receives for it, to paste into `execute` in psql. Values stay out of debug because they are
 * the request's data (a resume's text and name, a match's whole parsed document) and logs are often kept
 * longer and read by more people than the database. A failed statement's line has its SQLSTATE only: a
 * server's message can quote a value. With the logger above debug when the database is opened, no hook
 * is installed and a statement costs nothing extra.
 *
 * @example
 *   {"level":20,"sql":"select ... where account_id = $1 ...","parameters":14,"ms":3.21,"msg":"statement"}
 */
export function statementLog(logger: Logger | undefined): ((event: LogEvent) => void) | undefined {
  if (!logger?.isLevelEnabled('debug')) return undefined
  return (event) => {
    const { sql: text, parameters } = event.query
    const line: Record<string, unknown> = { sql: text, parameters: parameters.length, ms: Math.round(event.queryDurationMillis * 100) / 100 }
    if (event.level === 'error') line.sqlState = (event.error as { code?: unknown } | null)?.code ?? null
    if (logger.isLevelEnabled('trace')) logger.trace({ ...line, values: parameters.map(asServerText) }, event.level === 'error' ? 'statement failed' : 'statement')
    else logger.debug(line, event.level === 'error' ? 'statement failed' : 'statement')
  }
}

/** A bound value as the text pg sends for it (PGlitePool sends the same); bytes in bytea's hex form. */
function asServerText(value: unknown): string | null {
  const text = pgUtils.prepareValue(value) as string | Buffer | null
  return Buffer.isBuffer(text) ? `\\x${text.toString('hex')}` : text
}

function openPostgres(connectionString: string, max: number, logger: Logger | undefined): Database {
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
  const log = statementLog(logger)
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) })
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
  const log = statementLog(options.logger)
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }), ...(log ? { log } : {}) })
  const statistics = statisticsCheck(db)
  const stop = everyInterval(statistics, options.statisticsIntervalMs ?? 30_000, (error) =>
    options.logger?.warn({ err: error }, 'analysing the embedded database failed'))
  return {
    kind: 'pglite',
    db,
    pglite,
    statistics,
    close: () => {
      stop()
      return db.destroy()
    },
  }
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
