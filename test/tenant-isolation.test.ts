import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withTenant } from '../src/db/tenant.js'
import { openTestDatabase, type TestDatabase } from './support/test-database.js'

let database: TestDatabase
let a: number
let b: number

beforeAll(async () => {
  database = await openTestDatabase()
  const db = database.db
  const ids = await sql<{ account_id: number }>`
    insert into accounts (name, key_hash) values ('tenant-a', '\\x0a'), ('tenant-b', '\\x0b') returning account_id`.execute(db)
  ;[a, b] = ids.rows.map((r) => r.account_id) as [number, number]
  await sql`insert into sub_users (account_id, sub_user_id) values (${a}, 'team-a'), (${b}, 'team-b')`.execute(db)
  await sql`insert into documents (account_id, index_type, document_id, sub_user_id, parsed) values
              (${a}, 'Resume', 'a-1', 'team-a', '{}'), (${a}, 'JD', 'a-2', null, '{}'),
              (${b}, 'Resume', 'b-1', 'team-b', '{}')`.execute(db)
})
afterAll(() => database.close())

describe('row-level security', () => {
  it('shows a tenant transaction only its own rows, though the query has no account filter', async () => {
    const seen = await withTenant(database.db, a, async (trx) => ({
      documents: (await sql<{ document_id: string }>`select document_id from documents order by 1`.execute(trx)).rows,
      subUsers: (await sql<{ sub_user_id: string }>`select sub_user_id from sub_users`.execute(trx)).rows,
      accounts: (await sql<{ name: string }>`select name from accounts`.execute(trx)).rows,
    }))
    expect(seen.documents.map((r) => r.document_id)).toEqual(['a-1', 'a-2'])
    expect(seen.subUsers.map((r) => r.sub_user_id)).toEqual(['team-a'])
    expect(seen.accounts.map((r) => r.name)).toEqual(['tenant-a'])
  })

  it('lets an unfiltered update touch only the tenant\'s rows', async () => {
    await withTenant(database.db, b, (trx) => sql`update documents set custom_value = '{"touched": true}'`.execute(trx))
    const touched = await sql<{ document_id: string }>`
      select document_id from documents where custom_value ? 'touched' order by 1`.execute(database.db)
    expect(touched.rows.map((r) => r.document_id)).toEqual(['b-1'])
  })

  it('lets an unfiltered delete remove only the tenant\'s rows (and their sub-users\' documents)', async () => {
    await withTenant(database.db, b, (trx) => sql`delete from sub_users`.execute(trx))
    const subUsers = await sql<{ sub_user_id: string }>`select sub_user_id from sub_users order by 1`.execute(database.db)
    expect(subUsers.rows.map((r) => r.sub_user_id)).toEqual(['team-a'])
    const documents = await sql<{ document_id: string }>`select document_id from documents order by 1`.execute(database.db)
    expect(documents.rows.map((r) => r.document_id)).toEqual(['a-1', 'a-2'])
  })

  it('refuses to write a row into another account', async () => {
    const write = withTenant(database.db, a, (trx) =>
      sql`insert into documents (account_id, index_type, document_id, parsed) values (${b}, 'Resume', 'sneaky', '{}')`.execute(trx))
    // 42501: new row violates row-level security policy.
    await expect(write).rejects.toMatchObject({ code: '42501' })
  })

  it('shows nothing when the role is switched but no account is set (fail closed)', async () => {
    const rows = await database.db.transaction().execute(async (trx) => {
      await sql`select set_config('role', 'resume_search_tenant', true)`.execute(trx)
      return (await sql`select * from documents`.execute(trx)).rows
    })
    expect(rows).toEqual([])
  })
})

describe('the one-statement write (documents_index)', () => {
  const write = (account: number, id: string) => sql<{ inserted: boolean }>`
    select documents_index(${account}::bigint, 'Resume', ${id}, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb,
                           null, null, null, null, null, null, 'checksum') as inserted`

  it('confines itself to its account for its own statement only: the connection is itself again after it', async () => {
    await database.db.connection().execute(async (connection) => {
      const before = await sql<{ user: string; account: string | null }>`
        select current_user as user, current_setting('resume_search.account_id', true) as account`.execute(connection)
      expect((await write(a, 'a-alone').execute(connection)).rows).toEqual([{ inserted: true }])
      const after = await sql<{ user: string; account: string | null }>`
        select current_user as user, current_setting('resume_search.account_id', true) as account`.execute(connection)
      expect(after.rows).toEqual(before.rows)
      expect(after.rows[0]!.user).not.toBe('resume_search_tenant')
      // Still the login role: every account's rows are visible again.
      const accounts = await sql<{ name: string }>`select name from accounts order by 1`.execute(connection)
      expect(accounts.rows.map((r) => r.name)).toEqual(['tenant-a', 'tenant-b'])
    })
  })

  it('writes nothing and spends nothing past the quota: its statement rolls back with RS080', async () => {
    await sql`insert into account_credits (account_id, credits_used) values (${b}, 3)`.execute(database.db)
    await sql`update accounts set index_quota = 3 where account_id = ${b}`.execute(database.db)
    const credits = () => sql<{ credits_used: number }>`select credits_used from account_credits where account_id = ${b}`.execute(database.db)
    const spent = (await credits()).rows
    await expect(write(b, 'b-over').execute(database.db)).rejects.toMatchObject({ code: 'RS080' })
    expect((await credits()).rows).toEqual(spent)
    const { rows } = await sql`select from documents where document_id = 'b-over'`.execute(database.db)
    expect(rows).toHaveLength(0)
  })
})

describe('schema rules', () => {
  const tenantTables = sql<{ table: string; rls: boolean; policies: number; key: string[] }>`
    select c.relname as table, c.relrowsecurity as rls,
           (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies,
           array(select a.attname::text from unnest(i.indkey) with ordinality k(attnum, n)
                 join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.n) as key
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_index i on i.indrelid = c.oid and i.indisprimary
     where c.relkind = 'r'
       and exists (select from pg_attribute a where a.attrelid = c.oid and a.attname = 'account_id')`

  it('gives every table with an account column row-level security and a key led by the account', async () => {
    const { rows } = await tenantTables.execute(database.db)
    expect(rows.map((r) => r.table).sort()).toEqual(expect.arrayContaining(['accounts', 'documents', 'sub_users']))
    for (const row of rows) {
      expect({ table: row.table, rls: row.rls, hasPolicy: row.policies > 0, leading: row.key[0] }).toEqual({
        table: row.table, rls: true, hasPolicy: true, leading: 'account_id',
      })
    }
  })
})
