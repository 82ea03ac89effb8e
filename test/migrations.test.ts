import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { promisify } from 'node:util'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../src/db/database.js'
import { Migrator } from 'kysely/migration'
import { migrateToLatest, migrationsFolder, SqlFileMigrationProvider } from '../src/db/migrations.js'
import { geoCells } from '../src/entity/geo-cell.js'
import { databaseUrlFor } from './support/database-url.js'
import { onPostgres, testDatabaseInfo } from './support/test-database.js'

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

/**
 * An empty database, on PGlite one migrated through 0001: a fresh instance and 0001 (PostGIS) cost some
 * 16 s here and loading a dump of them 4 s, so the dump is made once for the file.
 */
let foundation: Promise<Blob> | undefined
async function withFoundedDatabase(work: (open: () => Promise<Database>) => Promise<void>): Promise<void> {
  // A server's empty database is made in milliseconds, and its migrations run in a second.
  if (info.kind !== 'pglite') return withEmptyDatabase(work)
  foundation ??= (async () => {
    const fresh = await openDatabase({})
    try {
      expect((await new Migrator({ db: fresh.db, provider: new SqlFileMigrationProvider() }).migrateTo(migrationNames[0]!)).error).toBeUndefined()
      return await fresh.pglite!.dumpDataDir('gzip')
    } finally {
      await fresh.close()
    }
  })()
  const database = await openDatabase({ snapshot: await foundation })
  try {
    return await work(async () => ({ ...database, close: async () => {} }))
  } finally {
    await database.close()
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

  it.runIf(onPostgres('the kysely CLI'))('run from the kysely CLI (npx kysely migrate:latest)', async () => {
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
  /** Migrates an empty database up to just before `migration`, runs `before` on it, then migrates to the latest. */
  async function acrossMigration(migration: string, before: (db: Database['db'], accountId: string) => Promise<void>, after: (db: Database['db'], accountId: string) => Promise<void>) {
    await withFoundedDatabase(async (open) => {
      const database = await open()
      try {
        const previous = migrationNames[migrationNames.indexOf(migration) - 1]!
        const migrator = new Migrator({ db: database.db, provider: new SqlFileMigrationProvider() })
        expect((await migrator.migrateTo(previous)).error).toBeUndefined()
        const { rows: [account] } = await sql<{ account_id: string }>`
          insert into accounts (name, key_hash) values (${`before-${migration}`}, '\\x00') returning account_id`.execute(database.db)
        await before(database.db, account!.account_id)
        expect(await migrateToLatest(database.db)).toContain(migration)
        await after(database.db, account!.account_id)
      } finally {
        await database.close()
      }
    })
  }

  it('0004 gives documents indexed before it the words of their employers and organisations', async () => {
    await acrossMigration('0004_organization_words', async (db, accountId) => {
      await sql`
        insert into documents (account_id, index_type, document_id, parsed, entities) values
          (${accountId}, 'Resume', 'r', '{}', '{"Employer": ["rheinland logistik gmbh", "bergmann & sohne kg"], "CurrentEmployer": ["rheinland logistik gmbh"]}'),
          (${accountId}, 'JD', 'j', '{}', '{"Organization": ["allegro sp. z o.o."]}'),
          (${accountId}, 'Resume', 'none', '{}', '{"Skill": ["java"]}')`.execute(db)
    }, async (db, accountId) => {
      const { rows } = await sql<{ document_id: string; words: string[] | null }>`
        select document_id, coalesce(entities -> 'EmployerWord', entities -> 'OrganizationWord') as words
          from documents where account_id = ${accountId} order by document_id`.execute(db)
      expect(rows).toEqual([
        { document_id: 'j', words: ['allegro', 'o', 'sp', 'z'] },
        { document_id: 'none', words: null },
        { document_id: 'r', words: ['bergmann', 'gmbh', 'kg', 'logistik', 'rheinland', 'sohne'] },
      ])
    })
  })

  it('0006 gives resumes indexed before it their years in each role, summed over its jobs', async () => {
    const job = (FormattedName: string, Title: string, ExperienceInMonths: string) => ({ JobProfile: { FormattedName, Title }, ExperienceInMonths })
    const parsed = { ResumeParserData: { SegregatedExperience: [
      job('Java Developer', 'Programistka Java', '20'), job('', 'Java  Developer', '30'), job('Młodszy Tester', '', '12'), job('Architect', '', ''),
    ] } }
    await acrossMigration('0006_job_profile_years', async (db, accountId) => {
      await sql`
        insert into documents (account_id, index_type, document_id, parsed, entities) values
          (${accountId}, 'Resume', 'r', ${JSON.stringify(parsed)}, '{}'),
          (${accountId}, 'JD', 'j', '{}', '{}')`.execute(db)
    }, async (db, accountId) => {
      const { rows } = await sql<{ document_id: string; years: string[] | null }>`
        select document_id, entities -> 'JobProfileYears' as years from documents where account_id = ${accountId} order by document_id`.execute(db)
      expect(rows).toEqual([
        { document_id: 'j', years: null },
        { document_id: 'r', years: ['java developer|1', 'java developer|2', 'java developer|3', 'mlodszy tester|1'] },
      ])
    })
  })

  it('0010 gives documents indexed before it the grid cells of their point, as new documents get them', async () => {
    const points = { krakow: [50.06, 19.94], santiago: [-33.45, -70.67], origin: [0, 0] } as const
    await acrossMigration('0010_geo_cells', async (db, accountId) => {
      for (const [id, [latitude, longitude]] of Object.entries(points)) {
        await sql`
          insert into documents (account_id, index_type, document_id, parsed, entities, location)
          values (${accountId}, 'Resume', ${id}, '{}', '{"City": ["x"]}', st_setsrid(st_makepoint(${longitude}, ${latitude}), 4326)::geography)`.execute(db)
      }
      await sql`insert into documents (account_id, index_type, document_id, parsed, entities) values (${accountId}, 'JD', 'nowhere', '{}', '{}')`.execute(db)
    }, async (db, accountId) => {
      const { rows } = await sql<{ document_id: string; cells: string[] | null; city: string[] | null }>`
        select document_id, entities -> 'GeoCell' as cells, entities -> 'City' as city from documents where account_id = ${accountId}`.execute(db)
      const cells = Object.fromEntries(rows.map((r) => [r.document_id, r.cells]))
      expect(cells).toEqual({ ...Object.fromEntries(Object.entries(points).map(([id, [lat, lon]]) => [id, geoCells(lat, lon)])), nowhere: null })
      expect(rows.filter((r) => r.document_id !== 'nowhere').every((r) => r.city?.[0] === 'x')).toBe(true)
    })
  })

  it('0012 gives documents merged before it their forward facet rows, a composite\'s values once each', async () => {
    const display = (city: string, withExp: string[], without: string[]) => JSON.stringify({ City: [city], SkillHaveExp: withExp, SkillWithoutExp: without })
    await acrossMigration('0012_search_forward', async (db, accountId) => {
      await sql`
        insert into documents (account_id, index_type, document_id, parsed, entities, display) values
          (${accountId}, 'Resume', 'a', '{}', '{}', ${display('Kraków', ['Java', 'SQL'], ['Java'])}),
          (${accountId}, 'Resume', 'b', '{}', '{}', ${display('Lyon', [], ['Go'])}),
          (${accountId}, 'Resume', 'later', '{}', '{}', ${display('Lyon', ['Rust'], [])})`.execute(db)
      await sql`select search_merge(${accountId}, 'Resume', 2)`.execute(db)
    }, async (db, accountId) => {
      // Merged documents (a, b) have their rows; the one not merged yet gets its row from the next merge.
      const decoded = () => sql<{ document_id: string; slot: string; values: string[] }>`
        select d.document_id, sl.field as slot, array_agg(t.value order by t.value) as values
          from documents d
               join search_forward w on w.account_id = d.account_id and w.index_type = d.index_type and w.ordinal = d.ordinal
               join search_forward_slots sl on sl.account_id = w.account_id and sl.index_type = w.index_type,
               unnest(w.terms[w.starts[sl.slot] : w.starts[sl.slot + 1] - 1]) x
               join search_terms t on t.term_id = x
         where d.account_id = ${accountId}
         group by 1, 2 order by 1, 2`.execute(db)
      const a = [
        { document_id: 'a', slot: '@City', values: ['Kraków'] },
        { document_id: 'a', slot: '@SkillHaveExp', values: ['Java', 'SQL'] },
        { document_id: 'a', slot: '@SkillHaveExp+SkillWithoutExp', values: ['Java', 'SQL'] },
        { document_id: 'a', slot: '@SkillWithoutExp', values: ['Java'] },
      ]
      const b = [
        { document_id: 'b', slot: '@City', values: ['Lyon'] },
        { document_id: 'b', slot: '@SkillHaveExp+SkillWithoutExp', values: ['Go'] },
        { document_id: 'b', slot: '@SkillWithoutExp', values: ['Go'] },
      ]
      expect((await decoded()).rows).toEqual([...a, ...b])
      await sql`select search_merge(${accountId}, 'Resume')`.execute(db)
      expect((await decoded()).rows).toEqual([...a, ...b,
        { document_id: 'later', slot: '@City', values: ['Lyon'] },
        { document_id: 'later', slot: '@SkillHaveExp', values: ['Rust'] },
        { document_id: 'later', slot: '@SkillHaveExp+SkillWithoutExp', values: ['Rust'] },
      ])
    })
  })

  it('0013 counts the documents of segments merged before it, less those deleted since, plus the delta, and makes their custom values terms', async () => {
    await acrossMigration('0013_search_terms_and_counts', async (db, accountId) => {
      await sql`insert into sub_users (account_id, sub_user_id) values (${accountId}, 'even')`.execute(db)
      await sql`
        insert into documents (account_id, index_type, document_id, sub_user_id, custom_value, parsed, entities, display)
        select ${accountId}, 'Resume', 'r' || n, case when n % 2 = 0 then 'even' end, jsonb_build_object('tag', 't' || n % 2), '{}', '{}', '{}'
          from generate_series(1, 6) n`.execute(db)
      await sql`select search_merge(${accountId}, 'Resume', 4)`.execute(db)
      // One merged document deleted (its tombstone pending), one replaced, one not merged deleted.
      await sql`delete from documents where account_id = ${accountId} and document_id in ('r1', 'r6')`.execute(db)
      await sql`update documents set display = '{"City": ["Lyon"]}' where account_id = ${accountId} and document_id = 'r2'`.execute(db)
    }, async (db, accountId) => {
      const count = async (subUsers: string[] | null) =>
        (await sql<{ n: number }>`select search_document_count(${accountId}, 'Resume', ${subUsers}::text[]) as n`.execute(db)).rows[0]!.n
      expect(await count(null)).toBe(4)
      expect(await count(['even'])).toBe(2)
      // The custom values of the merged documents there are (r3, r4) became terms; the rest come with the next merge.
      const tags = async () => (await sql<{ value: string; postings: number[] }>`
        select value, coalesce(postings, array(select bitmap_ordinals(full_bitmap(bitmap, middle, recent, recent_from), 0, 1000))) as postings
          from search_terms where account_id = ${accountId} and field = 'CV_tag' order by value`.execute(db)).rows
      expect(await tags()).toEqual([{ value: 't0', postings: [4] }, { value: 't1', postings: [3] }])
      await sql`select search_merge(${accountId}, 'Resume')`.execute(db)
      expect(await tags()).toEqual([{ value: 't0', postings: [4, 7] }, { value: 't1', postings: [3, 5] }])
      expect(await count(null)).toBe(4)
      expect(await count(['even'])).toBe(2)
      expect(await count(['nobody'])).toBe(0)
      expect((await sql<{ n: number }>`select documents as n from search_segments where account_id = ${accountId}`.execute(db)).rows[0]!.n).toBe(4)
    })
  })

  it('0020 cuts the bitmaps of an index merged before it to the next multiple of 65,536 above its ordinals', async () => {
    const insert = (db: Database['db'], accountId: string, from: number, to: number) => sql`
      insert into documents (account_id, index_type, document_id, custom_value, parsed, entities, display)
      select ${accountId}, 'Resume', 'r' || n, '{"tag": "t"}', '{}', '{}', '{}' from generate_series(${from}::int, ${to}::int) n`.execute(db)
    // Before 0036 a bitmap is one piece; after it, its head and its middle.
    const segment = async (db: Database['db'], accountId: string, pieces: 'whole' | 'split') => (await sql<{ capacity: number; lengths: number[]; ordinals: number[] }>`
      select s.capacity,
             array(select distinct length(b) from (select ${pieces === 'split' ? sql`bitmap || coalesce(middle, B'')` : sql`bitmap`} from search_terms where account_id = s.account_id and bitmap is not null
                                                   union all select s.tombstones) x(b)) as lengths,
             array(select bitmap_ordinals(${pieces === 'split' ? sql`full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from)` : sql`full_bitmap(t.bitmap, t.recent, t.recent_from)`}, 0, 1000) from search_terms t
                    where t.account_id = s.account_id and t.field = 'CV_tag') as ordinals
        from search_segments s where s.account_id = ${accountId}`.execute(db)).rows[0]!
    const ordinals = [...Array.from({ length: 300 }, (_, i) => i + 1), 140_001, 140_002, 140_003]
    await acrossMigration('0020_search_capacity_steps', async (db, accountId) => {
      // 300 resumes share a term, enough for a bitmap; then the counter jumps, as in an index many have used.
      await insert(db, accountId, 1, 300)
      await sql`update search_ordinals set last_ordinal = 140000 where account_id = ${accountId}`.execute(db)
      await insert(db, accountId, 301, 303)
      await sql`select search_merge(${accountId}, 'Resume')`.execute(db)
      expect(await segment(db, accountId, 'whole')).toEqual({ capacity: 262_144, lengths: [262_144], ordinals })
    }, async (db, accountId) => {
      expect(await segment(db, accountId, 'split')).toEqual({ capacity: 196_608, lengths: [196_608], ordinals })
      expect((await sql<{ n: number }>`select search_document_count(${accountId}, 'Resume') as n`.execute(db)).rows[0]!.n).toBe(303)
    })
  })

  it('0023 gives indexes merged before it the terms of their composites, a value once per document under any of its keys', async () => {
    const insert = (db: Database['db'], accountId: string, from: number, to: number, withExp: string[], without: string[]) => sql`
      insert into documents (account_id, index_type, document_id, parsed, entities, display)
      select ${accountId}, 'Resume', 'r' || n, '{}', '{}', jsonb_build_object('SkillHaveExp', ${withExp}::text[], 'SkillWithoutExp', ${without}::text[])
        from generate_series(${from}::int, ${to}::int) n`.execute(db)
    const ordinals = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
    // Each composite value's frequency, postings (a rare value's) and documents, and the walk's counts over all.
    const composite = async (db: Database['db'], accountId: string) => ({
      terms: (await sql<{ value: string; df: number; postings: number[] | null; ordinals: number[] }>`
        select t.value, t.df, t.postings,
               array(select bitmap_ordinals(coalesce(full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from), ordinals_bitmap(t.postings, s.capacity)), 0, 1000)) as ordinals
          from search_terms t join search_segments s using (account_id, index_type)
         where t.account_id = ${accountId} and t.field = '@SkillHaveExp+SkillWithoutExp' order by t.value`.execute(db)).rows,
      walked: (await sql<{ counts: Array<{ value: string; count: number }> }>`
        select search_facet_walk(${accountId}, 'Resume', array['@SkillHaveExp', '@SkillWithoutExp'], ~ordinals_bitmap('{}', s.capacity), 10, 0) as counts
          from search_segments s where s.account_id = ${accountId}`.execute(db)).rows[0]!.counts.sort((a, b) => a.value.localeCompare(b.value)),
    })
    await acrossMigration('0023_search_composite_terms', async (db, accountId) => {
      // Java is common under one key (200 resumes at a capacity of 196,608: 192 make a bitmap) and rare
      // under the other; Go is rare under both, and some resumes have it under both.
      await insert(db, accountId, 1, 200, ['Java'], [])
      await sql`update search_ordinals set last_ordinal = 140000 where account_id = ${accountId}`.execute(db)
      await insert(db, accountId, 201, 203, [], ['Java'])
      await insert(db, accountId, 204, 206, ['Go'], ['Go'])
      await insert(db, accountId, 207, 207, [], ['Go'])
      await sql`select search_merge(${accountId}, 'Resume')`.execute(db)
      // Merged apart: Java's bitmap under SkillHaveExp takes them as recent bits.
      await insert(db, accountId, 208, 209, ['Java', 'Go'], [])
      await sql`select search_merge(${accountId}, 'Resume')`.execute(db)
      // Not merged before the migration.
      await insert(db, accountId, 210, 210, ['Go'], ['Go', 'Java'])
    }, async (db, accountId) => {
      const java = [...ordinals(1, 200), ...ordinals(140_001, 140_003), 140_008, 140_009]
      const go = ordinals(140_004, 140_009)
      expect(await composite(db, accountId)).toEqual({
        terms: [{ value: 'Go', df: 6, postings: go, ordinals: go }, { value: 'Java', df: 205, postings: null, ordinals: java }],
        walked: [{ value: 'Go', count: 6 }, { value: 'Java', count: 205 }],
      })
      await sql`select search_merge(${accountId}, 'Resume')`.execute(db)
      expect(await composite(db, accountId)).toEqual({
        terms: [{ value: 'Go', df: 7, postings: [...go, 140_010], ordinals: [...go, 140_010] }, { value: 'Java', df: 206, postings: null, ordinals: [...java, 140_010] }],
        walked: [{ value: 'Go', count: 7 }, { value: 'Java', count: 206 }],
      })
    })
  })

  it('0024 groups the shown values of indexes merged before it four at a time by frequency, and merges after it keep them', async () => {
    // Resumes in cities of frequencies 6 down to 1 (A to F), one at a time so that the ordinals follow.
    const insert = async (db: Database['db'], accountId: string, cities: string) => {
      for (const [i, city] of [...cities].entries()) {
        await sql`
          insert into documents (account_id, index_type, document_id, parsed, entities, display)
          values (${accountId}, 'Resume', ${`${city}${i}-${cities.length}`}, '{}', '{}', jsonb_build_object('City', array[${city}]::text[]))`.execute(db)
      }
    }
    const groups = async (db: Database['db'], accountId: string) => (await sql<{ grp: number; dfMax: number; members: string[]; bits: number; uncovered: number }>`
      select g.grp, g.df_max as "dfMax", array_agg(t.value order by t.df desc, t.value) as members,
             bit_count(full_bitmap(g.bitmap, g.middle, g.recent, g.recent_from))::int as bits,
             count(*) filter (where bit_count(full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from) & ~full_bitmap(g.bitmap, g.middle, g.recent, g.recent_from)) > 0)::int as uncovered
        from search_term_groups g join search_terms t using (account_id, index_type, field, grp)
       where g.account_id = ${accountId} and g.field = '@City'
       group by g.grp, g.df_max, g.bitmap, g.middle, g.recent, g.recent_from order by g.grp`.execute(db)).rows
    const walked = async (db: Database['db'], accountId: string) => (await sql<{ counts: Array<{ value: string; count: number }> }>`
      select search_facet_walk(${accountId}, 'Resume', array['@City'], ~ordinals_bitmap('{}', s.capacity), 2, 0) as counts
        from search_segments s where s.account_id = ${accountId}`.execute(db)).rows[0]!.counts.sort((a, b) => a.value.localeCompare(b.value))
    await acrossMigration('0024_search_term_groups', async (db, accountId) => {
      await insert(db, accountId, 'AAAABBBCCD')
      await sql`select search_merge(${accountId}, 'Resume')`.execute(db)
      // Merged apart: recent bits beside the bitmaps.
      await insert(db, accountId, 'AABBCDEEF')
      await sql`select search_merge(${accountId}, 'Resume')`.execute(db)
    }, async (db, accountId) => {
      expect(await groups(db, accountId)).toEqual([
        { grp: 1, dfMax: 6, members: ['A', 'B', 'C', 'D'], bits: 16, uncovered: 0 },
        { grp: 2, dfMax: 2, members: ['E', 'F'], bits: 3, uncovered: 0 },
      ])
      expect(await walked(db, accountId)).toEqual([{ value: 'A', count: 6 }, { value: 'B', count: 5 }])
      // A new city makes a group of its own; the groups of the others take their new documents.
      await insert(db, accountId, 'GGGGGGGA')
      await sql`select search_merge(${accountId}, 'Resume')`.execute(db)
      expect(await groups(db, accountId)).toEqual([
        { grp: 1, dfMax: 7, members: ['A', 'B', 'C', 'D'], bits: 17, uncovered: 0 },
        { grp: 2, dfMax: 2, members: ['E', 'F'], bits: 3, uncovered: 0 },
        { grp: 3, dfMax: 7, members: ['G'], bits: 7, uncovered: 0 },
      ])
      expect(await walked(db, accountId)).toEqual([{ value: 'A', count: 7 }, { value: 'G', count: 7 }])
    })
  })

  it('0031 keeps the credits accounts had spent, and the quota still counts them', async () => {
    await acrossMigration('0031_account_credits', async (db, accountId) => {
      await sql`update accounts set credits_used = 7, index_quota = 8 where account_id = ${accountId}`.execute(db)
      await sql`insert into accounts (name, key_hash) values ('spent-nothing', '\\x01')`.execute(db)
    }, async (db, accountId) => {
      const { rows } = await sql<{ name: string; credits_used: number | null }>`
        select a.name, c.credits_used from accounts a left join account_credits c on c.account_id = a.account_id order by a.name`.execute(db)
      expect(rows).toEqual([{ name: 'before-0031_account_credits', credits_used: 7 }, { name: 'spent-nothing', credits_used: null }])
      // The eighth credit is within the quota, the ninth past it.
      const spend = (documentId: string) => sql<{ over_quota: boolean }>`
        select over_quota from documents_write(${accountId}::bigint, 'Resume', ${documentId}, null, '{}'::jsonb, '{}'::jsonb, '{}'::jsonb,
                                               '{}'::jsonb, null, null, null, null, null, null, '', true)`.execute(db)
      expect((await spend('eighth')).rows).toEqual([{ over_quota: false }])
      expect((await spend('ninth')).rows).toEqual([{ over_quota: true }])
    })
  })

  it('0037 keeps the words of documents written before it, and every writer after it keeps them in step with the parser output', async () => {
    const resume = (text: string) => JSON.stringify({ ResumeParserData: { ResumeLanguage: { LanguageCode: 'en' }, DetailResume: text } })
    const words = async (db: Database['db'], accountId: string) => (await sql<{ document_id: string; words: string[] }>`
      select document_id, tsvector_to_array(terms) as words from documents where account_id = ${accountId} order by document_id`.execute(db)).rows
    await acrossMigration('0037_documents_terms_before_locks', async (db, accountId) => {
      await sql`insert into documents (account_id, index_type, document_id, parsed) values (${accountId}, 'Resume', 'before', ${resume('Managed warehouses')})`.execute(db)
    }, async (db, accountId) => {
      expect(await words(db, accountId)).toEqual([{ document_id: 'before', words: ['manag', 'warehous'] }])
      // A writer that does not know the column (a bulk load), the service's write, a change of the text and a change of the custom value alone.
      await sql`insert into documents (account_id, index_type, document_id, parsed) values (${accountId}, 'Resume', 'bulk', ${resume('Drove trucks')})`.execute(db)
      expect((await words(db, accountId))[1]).toEqual({ document_id: 'bulk', words: ['drove', 'truck'] })
      const write = (id: string, text: string) => sql`
        select inserted from documents_write(${accountId}::bigint, 'Resume', ${id}, null, '{}'::jsonb, ${resume(text)}::jsonb, '{}'::jsonb,
                                             '{}'::jsonb, null, null, null, null, null, null, '', false)`.execute(db)
      await write('service', 'Baked bread')
      await write('before', 'Taught chemistry')
      await sql`update documents set parsed = ${resume('Sold houses')}::jsonb where account_id = ${accountId} and document_id = 'bulk'`.execute(db)
      await sql`update documents set custom_value = '{"tag": "x"}' where account_id = ${accountId} and document_id = 'service'`.execute(db)
      expect(await words(db, accountId)).toEqual([
        { document_id: 'before', words: ['chemistri', 'taught'] },
        { document_id: 'bulk', words: ['hous', 'sold'] },
        { document_id: 'service', words: ['bake', 'bread'] },
      ])
    })
  })

  it('0008 gives JDs indexed before it their language, name and code normalised, and leaves resumes alone', async () => {
    const jd = (Language: string, LanguageCode: string) => JSON.stringify({ JDParsedData: { JDLanguage: { Language, LanguageCode } } })
    await acrossMigration('0008_jd_language', async (db, accountId) => {
      await sql`
        insert into documents (account_id, index_type, document_id, parsed, entities) values
          (${accountId}, 'JD', 'de', ${jd('German', 'de')}, '{"Organization": ["allegro"]}'),
          (${accountId}, 'JD', 'none', ${jd('', '')}, '{}'),
          (${accountId}, 'Resume', 'r', '{"ResumeParserData": {"ResumeLanguage": {"Language": "Polish", "LanguageCode": "pl"}}}', '{"ResumeLanguage": ["polish", "pl"]}')`.execute(db)
    }, async (db, accountId) => {
      const { rows } = await sql<{ document_id: string; language: string[] | null; organization: string[] | null }>`
        select document_id, entities -> 'JDLanguage' as language, entities -> 'Organization' as organization
          from documents where account_id = ${accountId} order by document_id`.execute(db)
      expect(rows).toEqual([
        { document_id: 'de', language: ['de', 'german'], organization: ['allegro'] },
        { document_id: 'none', language: null, organization: null },
        { document_id: 'r', language: null, organization: null },
      ])
    })
  })
})
