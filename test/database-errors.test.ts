import { describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { openDatabase } from '../src/db/database.js'
import { isDatabaseUnavailable } from '../src/errors/database-errors.js'
import { openTestDatabase } from './support/test-database.js'

/** What counts as "the database is down" (503, error 1005, retry) and what is a bug of ours (500). */
describe('database down or not', () => {
  it.each([
    ['nothing listens (ECONNREFUSED)', { code: 'ECONNREFUSED' }],
    ['the connection was reset', { code: 'ECONNRESET' }],
    ['the host is unknown', { code: 'ENOTFOUND' }],
    ['the server is shutting down (57P01, pg_terminate_backend)', { code: '57P01' }],
    ['the server is starting up (57P03)', { code: '57P03' }],
    ['a connection exception (08006)', { code: '08006' }],
    ['too many connections (53300)', { code: '53300' }],
    ['the connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a client whose connection failed is reused', new Error('Client has encountered a connection error and is not queryable')],
    ['the pool could not connect in time', new Error('timeout exceeded when trying to connect')],
  ])('down: %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it.each([
    ['a syntax error (42601)', { code: '42601' }],
    ['a unique violation (23505)', { code: '23505' }],
    ['a malformed array literal (22P02)', { code: '22P02' }],
    ['a missing table (42P01)', { code: '42P01' }],
    ['a protocol violation, such as too many parameters (08P01)', { code: '08P01' }],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a message that only mentions connections', new Error('connection settings are invalid')],
    ['nothing', undefined],
  ])('not down: %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
  })

  it('reads the errors the drivers really raise: a closed port is down, a bad statement is not', async () => {
    const closed = await openDatabase({ databaseUrl: 'postgres://x:y@127.0.0.1:1/none', maxConnections: 1 })
    const refused = await sql`select 1`.execute(closed.db).catch((error: unknown) => error)
    await closed.close()
    expect(isDatabaseUnavailable(refused)).toBe(true)

    const database = await openTestDatabase()
    try {
      const bad = await sql`select from no_such_table`.execute(database.db).catch((error: unknown) => error)
      expect(bad).toBeInstanceOf(Error)
      expect(isDatabaseUnavailable(bad)).toBe(false)
    } finally {
      await database.close()
    }
  })
})
