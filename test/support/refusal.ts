import { expect } from 'vitest'
import { sql, type Kysely } from 'kysely'
import type { Schema } from '../../src/db/schema.js'
import { catalogue, type ErrorCode } from '../../src/errors/catalogue.js'
import { errorOf } from './service.js'

/**
 * A digest of every row of every table the service writes, read as the tables' owner (row-level
 * security does not apply), so a refused request that wrote anything, to any account, changes it.
 */
export async function databaseFingerprint(db: Kysely<Schema>): Promise<string> {
  const { rows: tables } = await sql<{ name: string }>`
    select quote_ident(tablename) as name from pg_tables
    where schemaname = 'public' and tablename not like 'kysely_migration%' and tablename <> 'spatial_ref_sys'
    order by tablename`.execute(db)
  const parts: string[] = []
  for (const { name } of tables) {
    const { rows } = await sql<{ digest: string | null; n: number }>`
      select md5(string_agg(t::text, E'\n' order by t::text)) as digest, count(*)::int as n
      from ${sql.raw(name)} t`.execute(db)
    parts.push(`${name}:${rows[0]!.n}:${rows[0]!.digest ?? ''}`)
  }
  return parts.join(' ')
}

/**
 * Sends a request that must be refused, and asserts what a client and its data would notice: the
 * numbered error in the one error body, the catalogue's HTTP status (or `http` when given), and a
 * database exactly as it was before. Returns the error for further checks of its message.
 */
export async function expectRefused(
  db: Kysely<Schema>,
  send: () => Response | Promise<Response>,
  code: ErrorCode,
  http: number = catalogue[code].http,
): Promise<{ http: number; code: number; status: string; message: string }> {
  const before = await databaseFingerprint(db)
  const res = await send()
  const text = await res.clone().text()
  expect(res.status, `HTTP status of a request refused with ${code}: ${text}`).toBe(http)
  const error = await errorOf(res)
  expect(error, text).toMatchObject({ code, status: String(code) })
  expect(await databaseFingerprint(db), `a request refused with ${code} changed the database`).toBe(before)
  return error
}
