import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bulkLoad } from '../../bench/search/load.js'
import { shapes } from '../../bench/search/queries.js'
import { pick, seeded, type Random } from '../../bench/search/random.js'
import type { Account } from '../../src/accounts/account-repository.js'
import { withTenant } from '../../src/db/tenant.js'
import { searchStatement, searchStatementIn } from '../../src/search/search-sql.js'
import { mergeSegment, segmentStatistics, startSegmentMerger } from '../../src/search/segment/segment-merge.js'
import { pendingListFlush } from '../../src/db/gin-pending-lists.js'
import { multiKeyComposites } from '../../src/search/search-entities.js'
import { unindexedFields } from '../../src/search/segment/segment-plan.js'
import { corpusResume, corpusVocabulary, factsOf, type CorpusVocabulary } from '../support/corpus.js'
import { ok } from '../support/loaded-account.js'
import { startTestService, type TestService } from '../support/service.js'

/**
 * The search segment (docs/search-core.md) through HTTP. The service merges nothing by itself here
 * (searchMerge 'background' with no merger running): each test merges when it says so, so that the
 * same searches are answered from the rows alone, from the segment alone, and from both.
 */
const seed = 41
let service: TestService
let v: CorpusVocabulary

beforeAll(async () => {
  service = await startTestService({ config: { searchMerge: 'background' } })
  v = corpusVocabulary(seed)
}, 60_000)
afterAll(() => service.close())

/** A client key with `count` bulk-loaded resumes (the benchmark's corpus). */
async function loadedKey(name: string, count: number): Promise<{ key: string; account: Account }> {
  const key = await service.createKey({ name })
  const { rows } = await sql<{ id: number }>`select account_id::int as id from accounts where name = ${name}`.execute(service.database.db)
  const account: Account = { id: rows[0]!.id, name, expiresAt: null, searchEngine: true, plugins: true, indexQuota: null, subUserLimit: null }
  if (count > 0) await bulkLoad(service.database.db, account, v, seed, 0, count, () => {})
  return { key, account }
}

/** Ordinals handed out and not merged yet, for an account's resumes. */
const behind = async (account: Account) => (await sql<{ behind: number }>`
  select o.last_ordinal - coalesce(s.merged_upto, 0) as behind
    from search_ordinals o left join search_segments s using (account_id, index_type)
   where o.account_id = ${account.id} and o.index_type = 'Resume'`.execute(service.database.db)).rows[0]!.behind
const merge = (account: Account) => withTenant(service.database.db, account.id, (trx) => mergeSegment(trx, account.id, 'Resume'))
const post = (key: string, operation: string, body: Record<string, unknown>) =>
  ok(service.post(`/searchengine/${operation}`, { index: { indexType: 'Resume', indexKey: key }, ...body }))
const resume = (n: number, id = `resume-${n}`) => {
  const d = corpusResume(v, seed, n)
  return { data: { id, jsonData: Buffer.from(JSON.stringify(d.parsed)).toString('base64') } }
}

/** Searches drawn from the corpus' distributions: the benchmark's kinds, with facets, sorts and pages. */
function searches(random: Random, count: number): Array<{ operation: string; body: Record<string, unknown> }> {
  const city = () => pick(random, v.markets).cities.sample(random).city!
  const kinds = [
    () => ({ operation: 'booleanSearch', body: { query: { required: { JobProfile: [v.titles.sample(random).canonical] }, optional: { Skill: [v.skills.sample(random), v.skills.sample(random)], City: [city()], TotalExperienceInYear: [String(1 + Math.floor(random() * 12))] } }, facet: { fields: ['City', 'Skill', 'TotalExperienceRange'] } } }),
    () => ({ operation: 'booleanSearch', body: { query: { required: { Skill: [v.skills.sample(random), v.skills.sample(random)] } }, pageStart: 5, pageSize: 7, facet: { fields: ['Skill'], limit: 4 } } }),
    () => ({ operation: 'booleanSearch', body: { query: { required: { Skill: [v.skills.sample(random)] } }, sorting: [{ field: 'TotalExperienceInMonths', order: 'desc' }], pageSize: 15 } }),
    () => ({ operation: 'booleanSearch', body: { query: { optional: { Skill: [v.skills.sample(random)], JobProfile: [v.titles.sample(random).canonical], TotalExperienceInYear: ['3-8'] } }, pageSize: 30, explainScore: true, explainScoreType: 'json' } }),
    () => ({ operation: 'simpleSearch', body: { query: { keyword: `${v.skills.sample(random)} ${v.titles.sample(random).canonical} in ${city()} ${1 + Math.floor(random() * 9)} years` }, pageSize: 25 } }),
    () => ({ operation: 'booleanSearch', body: { query: { required: { City: [city()] } }, filter: { '-Skill': [v.skills.sample(random)] }, sorting: [{ field: 'TotalExperienceInYear', order: 'asc' }], pageSize: 10 } }),
    () => ({ operation: 'booleanSearch', body: { query: { optional: { Skill: [v.skills.sample(random), v.skills.sample(random), v.skills.sample(random)], JobProfile: [v.titles.sample(random).canonical] } }, minScore: 20 + Math.floor(random() * 60), pageSize: 20, facet: { fields: ['City'] } } }),
    // Custom values (test/support/corpus.ts extras): a string, an array of strings, objects in an array.
    () => ({ operation: 'booleanSearch', body: { query: { required: { CVA_jobs: [pick(random, ['offer', 'hired']), `job-${1 + Math.floor(random() * 20)}`] }, optional: { Skill: [v.skills.sample(random), v.skills.sample(random)], CV_source: [pick(random, ['referral', 'agency', 'job board'])] } }, multiFieldOperator: pick(random, ['AND', 'OR']), pageSize: 20 } }),
    () => ({ operation: 'simpleSearch', body: { query: { keyword: v.titles.sample(random).canonical }, customValue: { tags: [pick(random, ['remote', 'relocation'])] }, requiredCustomValues: random() < 0.5, pageSize: 20, facet: { fields: ['Skill'] } } }),
    // A distance in the score: the walk scores each subset's documents by their location.
    () => ({ operation: 'simpleSearch', body: { query: { keyword: `${v.skills.sample(random)} ${v.titles.sample(random).canonical}` }, geoSearch: { city: city(), radius: pick(random, [50, 800, 2000]) }, pageSize: pick(random, [10, 50]), explainScore: true, explainScoreType: 'json' } }),
    () => ({ operation: 'booleanSearch', body: { query: { optional: { Skill: [v.skills.sample(random), v.skills.sample(random)], JobProfile: [v.titles.sample(random).canonical] } }, geoSearch: { city: city(), radius: pick(random, [100, 2000]) }, geoSearchScore: pick(random, [20, 40, 70]), pageStart: pick(random, [0, 10]), pageSize: 15, facet: { fields: ['City'] } } }),
    // partialMatch: a title's words anywhere in a stored title, from the dictionary's terms.
    () => ({ operation: 'simpleSearch', body: { query: { keyword: `${pick(random, ['developer', 'manager', 'sales', 'engineer', 'senior software'])} ${v.skills.sample(random)}` }, partialMatch: true, pageSize: 20, facet: { fields: ['JobProfile'] } } }),
    // By date: documents loaded in one statement share theirs, so the last date taken has many.
    () => ({ operation: 'booleanSearch', body: { query: { optional: { Skill: [v.skills.sample(random), v.skills.sample(random)] } }, sorting: [{ field: 'ResumeDate', order: pick(random, ['asc', 'desc']) }], pageStart: pick(random, [0, 30]), pageSize: 20 } }),
  ]
  return Array.from({ length: count }, (_, i) => kinds[i % kinds.length]!())
}

/** What the management operations count: the index, some sub-users, and one sub-user's id list. */
async function counts(key: string) {
  const indexCount = (index: Record<string, unknown>) => ok(service.post('/searchengine/indexCount', { index: { indexKey: key, ...index } }))
  return {
    all: (await indexCount({})).count,
    subUsers: (await indexCount({ subUserId: ['team-0', 'team-2'] })).count,
    listed: (await post(key, 'getDocumentIds', { index: { indexType: 'Resume', indexKey: key, subUserId: 'team-1' }, pageSize: 1 })).count,
  }
}

/** The terms whose stored bits, less the tombstones, are exactly the documents that have them, of all terms. */
async function segmentDrift(account: Account): Promise<{ terms: number; equal: number }> {
  // Ordinals compared as sorted lists, not as bitmaps of the capacity: a postings list (in the order its
  // merges appended them) holding one twice differs, and no bitmap is built for each of thousands of rare terms.
  const { rows } = await sql<{ terms: number; equal: number }>`
    with s as (select * from search_segments where account_id = ${account.id} and index_type = 'Resume'),
    stored as (select t.field, t.value,
                      case when t.bitmap is not null
                           then array(select bitmap_ordinals(b, 0, bit_count(b)::integer)
                                        from (select full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from) & ~s.tombstones as b) x)
                           else array(select o from unnest(t.postings) o
                                       where o >= length(s.tombstones) or get_bit(s.tombstones, o) = 0 order by o) end as o
                 from search_terms t, s where t.account_id = s.account_id and t.index_type = s.index_type),
    keys as (select x.field, x.value, array_agg(d.ordinal order by d.ordinal) as o
               from documents d, s,
                    lateral document_search_terms(d.entities, d.display, d.sub_user_id, d.experience_months, d.experience_max_months, d.custom_value) x
              where d.account_id = s.account_id and d.index_type = s.index_type
              group by 1, 2),
    -- A composite's value: the documents with it under any of its keys.
    truth as (select field, value, o from keys
              union all
              select c.slot, k.value, array_agg(distinct x order by x)
                from keys k join search_composite_fields('Resume') c on c.field = k.field, unnest(k.o) x group by 1, 2)
    select count(*)::int as terms, count(*) filter (where st.o = coalesce(tr.o, '{}'))::int as equal
      from stored st full join truth tr using (field, value)`.execute(service.database.db)
  return rows[0]!
}

/**
 * The common shown values (a facet's) that their group does not bound: without a group, or whose group
 * lacks one of their documents or has a smaller frequency. A facet's walk passes over a group by its bits.
 */
async function ungrouped(account: Account): Promise<string[]> {
  const { rows } = await sql<{ term: string }>`
    select t.field || '=' || t.value as term
      from search_terms t
           left join search_term_groups g on g.account_id = t.account_id and g.index_type = t.index_type and g.field = t.field and g.grp = t.grp
     where t.account_id = ${account.id} and t.index_type = 'Resume' and t.field like '@%' and t.bitmap is not null
       and (g.grp is null or g.df_max < t.df
            or bit_count(full_bitmap(t.bitmap, t.middle, t.recent, t.recent_from) & ~full_bitmap(g.bitmap, g.middle, g.recent, g.recent_from)) > 0)`.execute(service.database.db)
  return rows.map((r) => r.term)
}

async function answers(key: string, asked: ReturnType<typeof searches>) {
  const out = []
  for (const { operation, body } of asked) out.push(await post(key, operation, body))
  return out
}

describe('the search segment', () => {
  it('leaves out the fields the search plan reads from the rows, and only those', async () => {
    const fields = [...unindexedFields, 'Skill', 'City', 'EmployerWord', 'GeoCell', '#Years']
    const { rows } = await sql<{ field: string; indexed: boolean }>`
      select f as field, search_field_indexed(f) and search_field_indexed('@' || f) as indexed from unnest(${fields}::text[]) f`.execute(service.database.db)
    expect(rows.filter((r) => !r.indexed).map((r) => r.field).sort()).toEqual([...unindexedFields].sort())
  })

  it('knows the composites of several keys the search entities have, and only those', async () => {
    for (const indexType of ['Resume', 'JD'] as const) {
      const { rows } = await sql<{ keys: string[] }>`select k as keys from search_composites(${indexType}) k`.execute(service.database.db)
      expect(rows.map((r) => r.keys.join('+')).sort(), indexType).toEqual(multiKeyComposites(indexType).map((keys) => keys.join('+')).sort())
    }
  })

  it('answers every search as the rows do: counts, pages, scores, explanations and facets', async () => {
    const { key, account } = await loadedKey('segment-equal', 1500)
    // And 300 through the service, with their custom values (a string, strings, objects in an array).
    for (let n = 1500; n < 1800; n++) {
      const d = corpusResume(v, seed, n)
      await post(key, 'index', { ...resume(n), ...(d.customValue ? { customValue: d.customValue } : {}) })
    }
    const asked = searches(seeded(seed), 78)
    const fromRows = await answers(key, asked)
    expect(await merge(account)).toBe(1800)
    const fromSegment = await answers(key, asked)
    // Broad and narrow searches alike, not a set of empty answers.
    expect(fromRows.filter((a) => a.count > 50).length).toBeGreaterThan(10)
    expect(fromRows.filter((a) => a.count > 0 && a.count <= 50).length).toBeGreaterThan(3)
    fromSegment.forEach((answer, i) => expect(answer, JSON.stringify(asked[i])).toEqual(fromRows[i]))
  }, 180_000)

  it('adds what was written since the merge, and never returns or counts a deleted or replaced document', async () => {
    // Two accounts written the same way, in the same order; only the first is ever merged.
    const merged = await loadedKey('segment-merged', 1200)
    const rows = await loadedKey('segment-rows', 1200)
    await merge(merged.account)
    const deleted = Array.from({ length: 25 }, (_, i) => `resume-${String(i * 37).padStart(7, '0')}`)
    const replaced = Array.from({ length: 15 }, (_, i) => `resume-${String(i * 41 + 3).padStart(7, '0')}`)
    for (const { key } of [merged, rows]) {
      for (let n = 5000; n < 5040; n++) await post(key, 'index', resume(n))
      expect((await post(key, 'delete', { query: { id: deleted } })).deleted).toBe(deleted.length)
      for (const [i, id] of replaced.entries()) await post(key, 'index', resume(6000 + i, id))
    }
    const asked = searches(seeded(seed + 1), 30)
    const expected = await answers(rows.key, asked)
    const beforeMerge = await answers(merged.key, asked)
    const countedBefore = await counts(merged.key)
    await merge(merged.account)
    const afterMerge = await answers(merged.key, asked)
    // Management counts come from the segment's kept count, its tombstones and the delta's rows.
    const { rows: truth } = await sql<{ all: number; sub_users: number; listed: number }>`
      select count(*)::int as all, (count(*) filter (where sub_user_id in ('team-0', 'team-2')))::int as sub_users,
             (count(*) filter (where sub_user_id = 'team-1'))::int as listed
        from documents where account_id = ${merged.account.id} and index_type = 'Resume'`.execute(service.database.db)
    const counted = { all: { Resume: truth[0]!.all, JD: 0 }, subUsers: { Resume: truth[0]!.sub_users, JD: 0 }, listed: truth[0]!.listed }
    expect(counted.all.Resume).toBe(1200 + 40 - 25)
    expect(await counts(rows.key)).toEqual(counted)
    expect(countedBefore).toEqual(counted)
    expect(await counts(merged.key)).toEqual(counted)
    beforeMerge.forEach((answer, i) => expect(answer, `delta: ${JSON.stringify(asked[i])}`).toEqual(expected[i]))
    afterMerge.forEach((answer, i) => expect(answer, `merged: ${JSON.stringify(asked[i])}`).toEqual(expected[i]))
    for (const answer of [...beforeMerge, ...afterMerge]) {
      for (const record of answer.records) expect(deleted).not.toContain(record.id)
    }
    // The segment holds exactly the terms of the documents there are, whatever was deleted and replaced.
    const drift = await segmentDrift(merged.account)
    expect(drift.terms).toBeGreaterThan(1000)
    expect(drift.equal).toBe(drift.terms)
    // And each merged document's forward row holds its shown values, a composite's once each.
    const { rows: forward } = await sql<{ stored: number; truth: number; differ: number }>`
      with s as (select * from search_segments where account_id = ${merged.account.id} and index_type = 'Resume'),
      stored as (select w.ordinal, sl.field as slot, t.value
                   from s, search_forward w
                        join search_forward_slots sl on sl.account_id = w.account_id and sl.index_type = w.index_type,
                        unnest(w.terms[w.starts[sl.slot] : w.starts[sl.slot + 1] - 1]) x
                        join search_terms t on t.term_id = x
                  where w.account_id = s.account_id and w.index_type = s.index_type),
      truth as (select d.ordinal, '@' || e.key as slot, v.value
                  from s, documents d, jsonb_each(d.display) e, jsonb_array_elements_text(case when jsonb_typeof(e.value) = 'array' then e.value else '[]' end) v
                 where d.account_id = s.account_id and d.index_type = s.index_type and d.ordinal <= s.merged_upto and search_field_indexed(e.key)
                union
                select d.ordinal, c.slot, v.value
                  from s, documents d, search_composite_fields('Resume') c,
                       jsonb_array_elements_text(case when jsonb_typeof(d.display -> ltrim(c.field, '@')) = 'array' then d.display -> ltrim(c.field, '@') else '[]' end) v
                 where d.account_id = s.account_id and d.index_type = s.index_type and d.ordinal <= s.merged_upto)
      select (select count(*) from stored)::int as stored, (select count(*) from truth)::int as truth,
             (select count(*) from ((select * from stored except all select * from truth) union all (select * from truth except all select * from stored)) x)::int as differ
    `.execute(service.database.db)
    expect(forward[0]!.stored).toBeGreaterThan(10_000)
    expect(forward[0]!).toEqual({ stored: forward[0]!.truth, truth: forward[0]!.truth, differ: 0 })
    // A replaced document is found by what it says now, not by what it said.
    const now = factsOf(corpusResume(v, seed, 6000))
    const found = await post(merged.key, 'booleanSearch', { query: { required: { JobProfile: [now.shown.titles[0]!] } }, pageSize: 500 })
    expect(found.records.map((r: { id: string }) => r.id)).toContain(replaced[0])
  }, 240_000)

  it('takes one ordinal for each write, a replacement included, so the bitmaps have no gaps', async () => {
    const { key, account } = await loadedKey('segment-one-ordinal', 0)
    const counter = async () => (await sql<{ last: number }>`
      select last_ordinal as last from search_ordinals where account_id = ${account.id} and index_type = 'Resume'`.execute(service.database.db)).rows[0]!.last
    for (let n = 0; n < 3; n++) await post(key, 'index', resume(n))
    expect(await counter()).toBe(3)
    // Each replacement through /index, and a custom value's change, is one new version of the row.
    for (let n = 3; n < 6; n++) await post(key, 'index', resume(n, 'resume-1'))
    expect(await counter()).toBe(6)
    expect((await post(key, 'updateCustomValue', { id: 'resume-2', customValue: { stage: 'hired' }, operation: 'add' })).customValue)
      .toMatchObject({ stage: 'hired' })
    expect(await counter()).toBe(7)
    const { rows } = await sql<{ document_id: string; ordinal: number }>`
      select document_id, ordinal from documents where account_id = ${account.id} and index_type = 'Resume' order by ordinal`.execute(service.database.db)
    expect(rows).toEqual([{ document_id: 'resume-0', ordinal: 1 }, { document_id: 'resume-1', ordinal: 6 }, { document_id: 'resume-2', ordinal: 7 }])
    const found = await post(key, 'booleanSearch', { query: { required: { JobProfile: [factsOf(corpusResume(v, seed, 5)).shown.titles[0]!] } } })
    expect(found.records.map((r: { id: string }) => r.id)).toContain('resume-1')
  })

  it('numbers a bulk load densely from the counter in one step, and writes after it go on from there', async () => {
    const { key, account } = await loadedKey('segment-bulk-ordinals', 0)
    await post(key, 'index', resume(0, 'first'))
    await bulkLoad(service.database.db, account, v, seed, 0, 2500, () => {})
    await post(key, 'index', resume(1, 'last'))
    const { rows: [numbered] } = await sql<{ n: number; low: number; high: number; last: number; counter: number }>`
      select count(*)::int as n, min(ordinal) as low, max(ordinal) as high,
             max(ordinal) filter (where document_id = 'last') as last,
             (select last_ordinal from search_ordinals o where o.account_id = d.account_id and o.index_type = 'Resume') as counter
        from documents d where d.account_id = ${account.id} and d.index_type = 'Resume' group by d.account_id`.execute(service.database.db)
    expect(numbered).toEqual({ n: 2502, low: 1, high: 2502, last: 2502, counter: 2502 })
    // An ordinal a statement names without taking it from the counter is refused, not shared.
    await expect(withTenant(service.database.db, account.id, (trx) => sql`
      insert into documents (account_id, index_type, document_id, parsed, entities, display, ordinal)
      values (${account.id}, 'Resume', 'stray', '{}', '{}', '{}', 7)`.execute(trx))).rejects.toThrow(/documents_ordinal/)
    await merge(account)
    expect((await post(key, 'booleanSearch', { query: { required: { JobProfile: [factsOf(corpusResume(v, seed, 1)).shown.titles[0]!] } }, pageSize: 100 })).records
      .map((r: { id: string }) => r.id)).toContain('last')
  })

  it('loses nothing when two batches write at once while merges run, on PostgreSQL', async (context) => {
    // Two batches at once need two connections each (bench/search/load.ts insertBatchBeside); PGlite has one.
    if (service.database.kind !== 'postgres') context.skip()
    const { key, account } = await loadedKey('segment-bulk-streams', 0)
    // An index with a merged document, so that its segment row is there before the load.
    await post(key, 'index', resume(9000, 'before'))
    await merge(account)
    let merging = true
    const merges = (async () => {
      let runs = 0
      while (merging || runs === 0) {
        await merge(account)
        runs++
      }
      return runs
    })()
    await bulkLoad(service.database.db, account, v, seed, 1, 4001, () => {}, 2)
    merging = false
    expect(await merges).toBeGreaterThan(1)
    await merge(account)
    const { rows: [numbered] } = await sql<{ n: number; low: number; high: number; merged: number; counted: number }>`
      select count(*)::int as n, min(ordinal) as low, max(ordinal) as high,
             (select merged_upto from search_segments s where s.account_id = d.account_id and s.index_type = 'Resume') as merged,
             (select documents from search_segments s where s.account_id = d.account_id and s.index_type = 'Resume') as counted
        from documents d where d.account_id = ${account.id} and d.index_type = 'Resume' group by d.account_id`.execute(service.database.db)
    expect(numbered).toEqual({ n: 4001, low: 1, high: 4001, merged: 4001, counted: 4001 })
    // Every term's bits in the segment are exactly the documents that have it: none left out, none twice.
    const drift = await segmentDrift(account)
    expect(drift.terms).toBeGreaterThan(1000)
    expect(drift.equal).toBe(drift.terms)
    expect((await counts(key)).all.Resume).toBe(4001)
  }, 120_000)

  // Its timeout is a hang guard, not a speed check.
  it('grows its bitmaps in steps of 65,536 ordinals past 32,768, folding its recent bits as it grows, cuts a doubled capacity down to that, and answers alike', async () => {
    // Two accounts written alike; the first's ordinal counter is moved far ahead twice, as an index of
    // many documents has it, and it alone is merged.
    const merged = await loadedKey('segment-steps', 600)
    const rows = await loadedKey('segment-steps-rows', 600)
    await merge(merged.account)
    const skipTo = (ordinal: number) => sql`
      update search_ordinals set last_ordinal = ${ordinal} where account_id = ${merged.account.id} and index_type = 'Resume'`.execute(service.database.db)
    const write = async (from: number) => {
      for (const { key } of [merged, rows]) for (let n = from; n < from + 15; n++) await post(key, 'index', resume(n))
    }
    const segment = async () => (await sql<{ capacity: number; lengths: number[]; headUpto: number | null; misplit: number; recent: number; recentFrom: number | null; bitmaps: number; misplaced: number; emptyGroups: number }>`
      select s.capacity,
             (select count(*) from search_terms t where t.account_id = s.account_id and t.index_type = s.index_type and t.bitmap is not null)::int as bitmaps,
             -- A term holds a bitmap exactly while it is common at the capacity (migrations/0034).
             (select count(*) from search_terms t where t.account_id = s.account_id and t.index_type = s.index_type
                 and (t.bitmap is not null) <> (t.df >= greatest(s.capacity / 1024, 1)))::int as misplaced,
             (select count(*) from search_term_groups g where g.account_id = s.account_id and g.index_type = s.index_type
                 and not exists (select from search_terms t where t.account_id = g.account_id and t.index_type = g.index_type
                                                             and t.field = g.field and t.grp = g.grp))::int as "emptyGroups",
             -- A bitmap's length is its head's and its middle's (migrations/0036).
             array(select distinct w from (select length(t.bitmap) + coalesce(length(t.middle), 0) from search_terms t
                                            where t.account_id = s.account_id and t.index_type = s.index_type and t.bitmap is not null
                                           union all select length(g.bitmap) + coalesce(length(g.middle), 0) from search_term_groups g
                                            where g.account_id = s.account_id and g.index_type = s.index_type
                                           union all select length(s.tombstones)) x(w)) as lengths,
             s.head_upto as "headUpto",
             -- Heads that do not end where the segment says, and middles where there should be none or one.
             (select count(*) from (select t.bitmap, t.middle from search_terms t
                                     where t.account_id = s.account_id and t.index_type = s.index_type and t.bitmap is not null
                                    union all select g.bitmap, g.middle from search_term_groups g
                                     where g.account_id = s.account_id and g.index_type = s.index_type) x(b, m)
               where (s.head_upto is null) <> (x.m is null) or length(x.b) <> coalesce(s.head_upto, s.capacity))::int as "misplit",
             (select count(*) from search_terms t where t.account_id = s.account_id and t.index_type = s.index_type and t.recent is not null)::int as recent,
             (select min(t.recent_from) from search_terms t where t.account_id = s.account_id and t.index_type = s.index_type) as "recentFrom"
        from search_segments s where s.account_id = ${merged.account.id} and s.index_type = 'Resume'`.execute(service.database.db)).rows[0]!
    // At 1,024 every term is common; 600 resumes have thousands.
    const small = await segment()
    expect(small).toMatchObject({ capacity: 1024, lengths: [1024], misplaced: 0, headUpto: null, misplit: 0 })
    expect(small.bitmaps).toBeGreaterThan(1000)

    await skipTo(140_000)
    await write(5000)
    for (const { key } of [merged, rows]) await post(key, 'delete', { query: { id: ['resume-0000007', 'resume-0000300'] } })
    await merge(merged.account)
    // The next multiple of 65,536 above the ordinals: doubling gave 262,144. Common from 192 documents
    // on: the others hold postings again, and groups left without members are gone.
    const grown = await segment()
    expect(grown).toMatchObject({ capacity: 196_608, lengths: [196_608], misplaced: 0, emptyGroups: 0, misplit: 0 })
    // The merge that stepped then folded 139,000 ordinals: more than a quarter of the capacity, so the
    // heads end at that fold, the ordinals merged until then.
    expect(grown.headUpto).toBeGreaterThan(139_000)
    expect(grown.bitmaps).toBeGreaterThan(0)
    expect(grown.bitmaps).toBeLessThan(small.bitmaps / 10)

    await skipTo(150_000)
    await write(5100)
    await merge(merged.account)
    const before = await segment()
    expect(before).toMatchObject({ capacity: 196_608, lengths: [196_608] })
    // The bits of these 15 documents wait beside the bitmaps, from the fold of the last merge on.
    expect(before.recent).toBeGreaterThan(0)
    expect(before.recentFrom).toBeLessThan(150_000)

    // 20,000 ordinals past that fold, more than max(16,384, capacity / 16), the next step of the capacity
    // farther than that: this merge folds them.
    await skipTo(160_000)
    await write(5150)
    await merge(merged.account)
    // Into the middles: 20,000 past the heads is less than a quarter of the capacity, so they stay.
    expect(await segment()).toMatchObject({ capacity: 196_608, lengths: [196_608], recent: 0, recentFrom: null, headUpto: grown.headUpto, misplit: 0 })
    // 25,000 more, but the next step (196,608) nearer than 16,384: left for it, which folds them anyway.
    await skipTo(185_000)
    await write(5170)
    await merge(merged.account)
    const near = await segment()
    expect(near.recent).toBeGreaterThan(0)
    expect(near.recentFrom).toBeGreaterThan(159_000)

    // Across the next multiple: one step more, and the recent bits folded in the same pass, so that
    // those left are this merge's alone.
    await skipTo(196_600)
    await write(5200)
    for (const { key } of [merged, rows]) await post(key, 'index', resume(5300, 'resume-0000011'))
    await merge(merged.account)
    const after = await segment()
    // The step's zeros and folded bits went to the middles too: the heads are still those of the first fold.
    expect(after).toMatchObject({ capacity: 262_144, lengths: [262_144], misplaced: 0, emptyGroups: 0, headUpto: grown.headUpto, misplit: 0 })
    expect(after.recentFrom).toBeGreaterThan(150_000)

    const asked = searches(seeded(seed + 5), 13)
    const expected = await answers(rows.key, asked)
    const answeredAlike = async () => {
      const drift = await segmentDrift(merged.account)
      expect(drift.terms).toBeGreaterThan(1000)
      expect(drift.equal).toBe(drift.terms)
      ;(await answers(merged.key, asked)).forEach((answer, i) => expect(answer, JSON.stringify(asked[i])).toEqual(expected[i]))
    }
    await answeredAlike()
    expect(await ungrouped(merged.account)).toEqual([])

    // A capacity that doubling left twice too large, as before migrations/0020, is cut to the step.
    const id = merged.account.id
    // The bitmaps are split by now (migrations/0036): the zeros go to their middles.
    await sql`update search_terms set middle = middle || ordinals_bitmap('{}', 262144)
               where account_id = ${id} and index_type = 'Resume' and bitmap is not null`.execute(service.database.db)
    await sql`update search_term_groups set middle = middle || ordinals_bitmap('{}', 262144)
               where account_id = ${id} and index_type = 'Resume'`.execute(service.database.db)
    await sql`update search_segments set capacity = 524288, tombstones = tombstones || ordinals_bitmap('{}', 262144)
               where account_id = ${id} and index_type = 'Resume'`.execute(service.database.db)
    expect(await segment()).toMatchObject({ capacity: 524_288, lengths: [524_288], misplit: 0 })
    await sql`select search_capacity_fit(${id}, 'Resume')`.execute(service.database.db)
    expect(await segment()).toMatchObject({ capacity: 262_144, lengths: [262_144], misplit: 0 })
    await answeredAlike()
  }, 120_000)

  it('counts facets alike by walking their values and by reading the documents\' forward rows', async () => {
    const { key, account } = await loadedKey('segment-facets', 1500)
    // Merged apart from the load, so that common values hold them in their recent bits.
    await merge(account)
    // Resumes that give their first skill both with and without experience: a composite's value
    // counts once per document.
    const twice = resume(9000).data
    const parsed = JSON.parse(Buffer.from(twice.jsonData, 'base64').toString())
    const skills = parsed.ResumeParserData.SegregatedSkill
    const skill = skills[0].FormattedName as string
    // And a skill only they have, under both keys: its composite term must know each of them once.
    const rare = 'Twice Given Skill'
    for (let n = 9000; n < 9004; n++) {
      const d = JSON.parse(Buffer.from(resume(n).data.jsonData, 'base64').toString())
      d.ResumeParserData.SegregatedSkill.push({ ...skills[0], Evidence: 'SkillHaveExp' }, { ...skills[0], Evidence: 'SkillWithoutExp' },
        { ...skills[0], FormattedName: rare, Evidence: 'SkillHaveExp' }, { ...skills[0], FormattedName: rare, Evidence: 'SkillWithoutExp' })
      await post(key, 'index', { data: { id: `twice-${n}`, jsonData: Buffer.from(JSON.stringify(d)).toString('base64') } })
    }
    await merge(account)
    const random = seeded(seed + 3)
    const facets = JSON.stringify([['@City'], ['@SkillHaveExp', '@SkillWithoutExp'], ['@TotalExperienceRange'], ['@JobProfile']])
    // Results from a few documents to most of them: a rare skill, the most frequent skills and titles,
    // either of two of them, all.
    const { rows: common } = await sql<{ field: string; value: string }>`
      (select field, value from search_terms where account_id = ${account.id} and field = 'SkillHaveExp' order by df desc, value limit 3)
      union all
      (select field, value from search_terms where account_id = ${account.id} and field = 'JobProfile' order by df desc, value limit 2)`.execute(service.database.db)
    const results = [
      { fields: ['SkillHaveExp', 'SkillWithoutExp'], values: [v.skills.sample(random), v.skills.sample(random)] },
      ...common.map((t) => ({ fields: [t.field], values: [t.value] })),
      { fields: [common[1]!.field, common[4]!.field], values: [common[1]!.value, common[4]!.value] },
      { fields: ['#Experience'], values: ['any'] },
      { fields: ['@SkillHaveExp'], values: [skill] },
      { fields: ['@SkillHaveExp'], values: [rare] },
    ]
    const sorted = (counts: Array<Array<{ value: string; count: number }>>) =>
      counts.map((facet) => [...facet].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)))
    let broad = 0
    // A facet's top 5 exactly, its top 10 with a slack of 2 (values within 2 of the tenth count too).
    for (const r of results) for (const [limit, slack] of [[5, 0], [10, 2]] as const) {
      // The capacity passed decides the way: a huge one reads forward rows, zero walks.
      const { rows } = await withTenant(service.database.db, account.id, (trx) => sql<{ hits: number; forward: Array<Array<{ value: string; count: number }>>; walked: Array<Array<{ value: string; count: number }>> }>`
        with b as (select terms_bitmap(${account.id}, 'Resume', ${r.fields}::text[], ${r.values}::text[], s.capacity) & ~s.tombstones as res
                     from search_segments s where s.account_id = ${account.id} and s.index_type = 'Resume')
        select bit_count(b.res)::int as hits,
               search_facets(${account.id}, 'Resume', ${facets}::jsonb, b.res, 1 << 30, ${limit}, ${slack}) as forward,
               search_facets(${account.id}, 'Resume', ${facets}::jsonb, b.res, 0, ${limit}, ${slack}) as walked
          from b`.execute(trx))
      const { hits, forward, walked } = rows[0]!
      if (hits > 100 && limit === 5) broad++
      expect(sorted(forward), JSON.stringify({ ...r, limit, slack })).toEqual(sorted(walked))
      if (hits > 0) expect(forward.every((facet) => facet.length > 0)).toBe(true)
      // Every document here has the skill, some under both keys: each counts it once.
      if (r.fields[0] === '@SkillHaveExp') expect(forward[1]!.find((e) => e.value === r.values[0])?.count).toBe(hits)
    }
    expect(broad).toBeGreaterThan(3)
    expect(await ungrouped(account)).toEqual([])
    // The composite's own term knows each of those documents once: its frequency bounds the walk, and
    // a rare value's postings are counted one by one.
    const { rows: composite } = await sql<{ df: number }>`
      select df from search_terms where account_id = ${account.id} and field = '@SkillHaveExp+SkillWithoutExp' and value = ${rare}`.execute(service.database.db)
    expect(composite).toEqual([{ df: 4 }])
  }, 120_000)

  it('counts nothing twice when a merge commits between reading the delta\'s bound and the search', async () => {
    const { key, account } = await loadedKey('segment-ahead', 600)
    await merge(account)
    for (let n = 7000; n < 7040; n++) await post(key, 'index', resume(n))
    const { rows } = await sql<{ merged: number }>`select merged_upto as merged from search_segments where account_id = ${account.id}`.execute(service.database.db)
    const before = rows[0]!.merged
    await merge(account)
    const random = seeded(seed + 2)
    for (const shape of shapes(v).filter((s) => !s.name.startsWith('match'))) {
      const q = shape.next(random)
      const [late, now] = await withTenant(service.database.db, account.id, async (trx) => [
        (await searchStatement(account.id, q, { mergedUpto: before }).execute(trx)).rows[0]!,
        (await (await searchStatementIn(trx, account.id, q)).execute(trx)).rows[0]!,
      ])
      expect(late, shape.name).toEqual(now)
    }
  }, 120_000)

  it('is kept up by the service\'s merger on its own, which a stop lets finish', async () => {
    const { key, account } = await loadedKey('segment-merger', 300)
    const stop = startSegmentMerger(service.database.db, { minDocs: 50, maxWaitMs: 300, logger: pino({ level: 'silent' }) })
    try {
      for (let n = 8000; n < 8060; n++) await post(key, 'index', resume(n))
      const deadline = Date.now() + 30_000
      while ((await behind(account)) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await behind(account)).toBe(0)
    } finally {
      await stop()
    }
  }, 120_000)

  it("empties the documents' GIN pending lists as it looks, so that searches through them read few entries there", async () => {
    const { key, account } = await loadedKey('segment-pending', 100)
    // How many pages the lists held, emptying them.
    const pending = async () => (await sql<{ pages: number }>`
      select coalesce(sum(gin_clean_pending_list(i.indexrelid)), 0)::int as pages
        from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
       where i.indrelid = 'documents'::regclass and a.amname = 'gin'`.execute(service.database.db)).rows[0]!.pages
    await pending()
    // A write's entries wait in the lists (searches read them there: 'adds what was written since the merge', above).
    await post(key, 'index', resume(9100, 'pending-1'))
    expect(await pending()).toBeGreaterThan(0)

    const flushed: number[] = []
    const logger = pino({ level: 'debug' }, { write: (line: string) => { const l = JSON.parse(line); if (l.msg === 'GIN pending lists emptied') flushed.push(l.pages) } })
    const stop = startSegmentMerger(service.database.db, { minDocs: 1, maxWaitMs: 200, logger, pendingLists: pendingListFlush(service.database.db) })
    try {
      for (let n = 9101; n < 9110; n++) await post(key, 'index', resume(n, `pending-${n}`))
      const deadline = Date.now() + 30_000
      while ((flushed.length === 0 || (await behind(account)) > 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    } finally {
      await stop()
    }
    expect(await behind(account)).toBe(0)
    expect(flushed.some((pages) => pages > 0)).toBe(true)
    expect(await pending()).toBe(0)
  }, 120_000)

  it('says so when emptying the pending lists fails, and goes on merging', async () => {
    const { key, account } = await loadedKey('segment-pending-fails', 20)
    const warnings: string[] = []
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) })
    const stop = startSegmentMerger(service.database.db, { minDocs: 1, maxWaitMs: 200, logger, pendingLists: async () => { throw new Error('refused for the test') } })
    try {
      await post(key, 'index', resume(9200, 'pending-fails'))
      const deadline = Date.now() + 30_000
      while (((await behind(account)) > 0 || warnings.length === 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    } finally {
      await stop()
    }
    expect(await behind(account)).toBe(0)
    expect(warnings).toContain('emptying the GIN pending lists failed; trying again at the next look')
    expect(warnings).not.toContain('segment merge failed; retrying')
  }, 120_000)

  it("keeps merging every other index when one index's merge fails, and says which", async () => {
    // The failing index has the larger delta, so the merger comes to it first.
    const failing = await loadedKey('segment-failing', 200)
    const healthy = await loadedKey('segment-healthy', 50)
    // A fault of that index alone: its segment row refuses to be written.
    await sql`create function refuse_segment_write() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`.execute(service.database.db)
    await sql`create trigger refuse_segment_write before insert or update on search_segments
                for each row when (new.account_id = ${sql.lit(failing.account.id)}) execute function refuse_segment_write()`.execute(service.database.db)
    const warnings: Array<{ accountId?: number; msg: string }> = []
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) })
    const stop = startSegmentMerger(service.database.db, { minDocs: 1, maxWaitMs: 200, logger })
    try {
      const deadline = Date.now() + 30_000
      while ((await behind(healthy.account)) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await behind(healthy.account)).toBe(0)
      expect(await behind(failing.account)).toBe(200)
      // Tried again after a wait that doubles (200, 400, 800 ms...), not at every look (every 40 ms).
      await new Promise((resolve) => setTimeout(resolve, 2000))
      const tries = warnings.filter((w) => w.accountId === failing.account.id).length
      expect(tries).toBeGreaterThanOrEqual(1)
      expect(tries).toBeLessThanOrEqual(6)
    } finally {
      await stop()
      await sql`drop trigger refuse_segment_write on search_segments`.execute(service.database.db)
      await sql`drop function refuse_segment_write()`.execute(service.database.db)
    }
    // Once the fault is gone, the next look merges it.
    await merge(failing.account)
    expect(await behind(failing.account)).toBe(0)
  }, 120_000)

  it("analyses the segment's tables after a merge that changed them enough, as autovacuum would a minute later", async () => {
    // Autovacuum analysing the table between the load and the merge would reset the count of changes
    // the check reads, and the merge alone would not be enough: the test would depend on its timing.
    await sql`alter table search_terms set (autovacuum_enabled = false)`.execute(service.database.db)
    const { key, account } = await loadedKey('segment-statistics', 400)
    const lastAnalyse = async () => (await sql<{ last: Date | null }>`
      select last_analyze as last from pg_stat_user_tables where relname = 'search_terms'`.execute(service.database.db)).rows[0]?.last ?? null
    const before = new Date(Date.now() - 1)
    const stop = startSegmentMerger(service.database.db, { minDocs: 1, maxWaitMs: 200, logger: pino({ level: 'silent' }), statistics: segmentStatistics(service.database.db) })
    try {
      await post(key, 'index', resume(9000))
      const deadline = Date.now() + 30_000
      while (((await lastAnalyse())?.getTime() ?? 0) < before.getTime() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
      // A manual ANALYZE sets last_analyze; autovacuum's would set last_autoanalyze.
      expect((await lastAnalyse())?.getTime() ?? 0).toBeGreaterThanOrEqual(before.getTime())
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from search_terms where account_id = ${account.id}`.execute(service.database.db)
      expect(rows[0]!.n).toBeGreaterThan(50)
    } finally {
      await stop()
      await sql`alter table search_terms reset (autovacuum_enabled)`.execute(service.database.db)
    }
  }, 120_000)

  it('ranks by units and distance alike from the rows and the segment, deep pages included', async () => {
    const { key, account } = await loadedKey('segment-geo', 1500)
    // The most common skills and cities, so that the best subset of units alone fills the first pages.
    const skills = v.skills.items.slice(0, 2)
    const asked = [0, 20, 45].flatMap((pageStart) => [20, 70].flatMap((geoSearchScore) =>
      v.markets.slice(0, 3).map((market) => ({
        query: { optional: { Skill: skills, JobProfile: [v.titles.items[0]!.canonical] } },
        geoSearch: { city: market.cities.items[0]!.city, radius: 1000 }, geoSearchScore, pageStart, pageSize: 5,
      }))))
    const fromRows = await Promise.all(asked.map((body) => post(key, 'booleanSearch', body)))
    expect(fromRows.filter((a) => a.count > 200).length).toBeGreaterThan(10)
    await merge(account)
    const fromSegment = await Promise.all(asked.map((body) => post(key, 'booleanSearch', body)))
    fromSegment.forEach((answer, i) => expect(answer, JSON.stringify(asked[i])).toEqual(fromRows[i]))
  }, 120_000)

  it('walks a distance by groups of a bound to the page that walking every document gives, ties across bounds included', async () => {
    const { account } = await loadedKey('segment-geo-groups', 0)
    const db = service.database.db
    // 300 resumes at three points, each point its own cell: 1-200 at the centre, 201-260 about 22 km
    // north (P), 261-300 about 20 km east (Q).
    await sql`
      insert into documents (account_id, index_type, document_id, parsed, entities, display, location)
      select ${account.id}, 'Resume', 'g' || n, '{}', jsonb_build_object('GeoCell', jsonb_build_array(case when n <= 200 then 'a' when n <= 260 then 'b' else 'c' end)), '{}',
             st_setsrid(case when n <= 200 then st_makepoint(13.4, 52.5) when n <= 260 then st_makepoint(13.4, 52.7) else st_makepoint(13.7, 52.5) end, 4326)::geography
        from generate_series(1, 300) n`.execute(db)
    await sql`select search_merge(${account.id}, 'Resume')`.execute(db)
    const { rows: [far] } = await sql<{ p: number; q: number }>`
      select st_distance(st_setsrid(st_makepoint(13.4, 52.5), 4326)::geography, st_setsrid(st_makepoint(13.4, 52.7), 4326)::geography) as p,
             st_distance(st_setsrid(st_makepoint(13.4, 52.5), 4326)::geography, st_setsrid(st_makepoint(13.7, 52.5), 4326)::geography) as q`.execute(db)
    const walks = async (units: number[][], byMask: number[], radius: number, weight: number, want: number) => (await sql<{ groups: number[]; each: number[] }>`
      with s as (select capacity from search_segments where account_id = ${account.id} and index_type = 'Resume'),
      a as (select ~ordinals_bitmap('{}', s.capacity) as res,
                   array(select ordinals_bitmap(array(select jsonb_array_elements_text(u)::int), s.capacity) from jsonb_array_elements(${JSON.stringify(units)}::jsonb) u) as units,
                   ${byMask}::float8[] as by_mask, array['a', 'b', 'c'] as cells, ${[0, far!.p * 0.9, far!.q * 0.9]}::float8[] as near,
                   st_setsrid(st_makepoint(13.4, 52.5), 4326)::geography as point
              from s)
      select search_geo_walk(${account.id}, 'Resume', res, units, by_mask, cells, near, point, ${radius}::float8, ${weight}::float8, ${want}) as groups,
             search_geo_walk_each(${account.id}, 'Resume', res, units, by_mask, cells, near, point, ${radius}::float8, ${weight}::float8, ${want}) as each
        from a`.execute(db)).rows[0]!
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
    // P's resumes meet both units and score 50 + 25; the centre's meet one and score 25 + 50: P's bound
    // (its cell's nearest point is nearer) comes first, and the centre's, equal to P's scores, must
    // still be read, as their ordinals rank first.
    const tie = await walks([range(1, 260), range(201, 260)], [0, 25, 25, 50], far!.p * 2, 50, 20)
    expect(tie).toEqual({ groups: range(1, 20), each: range(1, 20) })
    // And on random units, weights and pages, the same pages as the walk over every document.
    const random = seeded(seed + 9)
    for (let i = 0; i < 40; i++) {
      const n = 1 + Math.floor(random() * 3)
      const units = Array.from({ length: n }, () => range(1, 300).filter(() => random() < 0.5))
      const byMask = Array.from({ length: 2 ** n }, (_, m) => (m === 0 ? 0 : 12.5 * Math.floor(random() * 5)))
      const answer = await walks(units, byMask, far!.p * pick(random, [1, 2, 3]), pick(random, [0, 25, 50]), pick(random, [1, 5, 20, 64, 100]))
      expect(answer.groups, JSON.stringify({ i, byMask })).toEqual(answer.each)
    }
  })

  it('finds custom values alike in the rows and in the segment, in every shape a client may index', async () => {
    const { key, account } = await loadedKey('segment-custom-values', 0)
    const shapes: Record<string, Record<string, unknown>> = {
      string: { k: 'x' },
      strings: { k: ['x', 'y'] },
      objects: { k: [{ m: 'x' }, { n: ['y', 'z'] }] },
      other: { k: 'z', other: ['x'] },
      upper: { K: 'x', k: [{ m: 'X' }] },
    }
    for (const [id, customValue] of Object.entries(shapes)) await post(key, 'index', { ...resume(Object.keys(shapes).indexOf(id), id), customValue })
    const asked = ['CV_k', 'CVA_k', 'CV_K', 'CV_other'].flatMap((name) => ['x', 'y', 'z', 'X'].map((value) => ({ query: { required: { [name]: [value] } }, pageSize: 10 })))
    const found = async () => Promise.all(asked.map(async (body) => (await post(key, 'booleanSearch', body)).records.map((r: { id: string }) => r.id).sort()))
    const fromRows = await found()
    expect(await merge(account)).toBe(5)
    expect(await found()).toEqual(fromRows)
    const at = (name: string, value: string) => fromRows[asked.findIndex((b) => (b.query.required as Record<string, string[]>)[name]?.[0] === value)]
    expect(at('CV_k', 'x')).toEqual(['string', 'strings'])
    expect(at('CVA_k', 'y')).toEqual(['objects'])
    expect(at('CVA_k', 'X')).toEqual(['upper'])
    expect(at('CV_K', 'x')).toEqual(['upper'])
  })

  it('merges a document whose values are too long for a b-tree entry, and finds it by them', async () => {
    const { key, account } = await loadedKey('segment-long-values', 0)
    // 6,400 characters that do not compress: PostgreSQL indexes at most 2,704 bytes of an entry.
    const long = Array.from({ length: 200 }, (_, i) => createHash('md5').update(String(i)).digest('hex')).join('')
    const d = corpusResume(v, seed, 7)
    const parsed = d.parsed as { ResumeParserData: { SegregatedSkill: Array<Record<string, string>>; SegregatedExperience: Array<{ JobProfile: Record<string, string> }> } }
    const skills = parsed.ResumeParserData.SegregatedSkill
    skills.push({ ...skills[0]!, Skill: long, FormattedName: long })
    // A title whose words a partialMatch looks for lie beyond the first 500 characters the dictionary holds.
    const job = parsed.ResumeParserData.SegregatedExperience[0]!.JobProfile
    Object.assign(job, { Title: `${long} zebra keeper`, FormattedName: `${long} zebra keeper`, Alias: '' })
    await post(key, 'index', { data: { id: 'long', jsonData: Buffer.from(JSON.stringify(parsed)).toString('base64') }, customValue: { note: long } })
    await post(key, 'index', resume(8))
    const asked = [
      { query: { required: { Skill: [long] } } },
      { query: { required: { CV_note: [long] } } },
      { query: { required: { Skill: [factsOf(d).shown.skills[0]!] } }, facet: { fields: ['Skill'], limit: 50 } },
    ]
    const partial = { query: { keyword: 'zebra keeper' }, partialMatch: true }
    const before = [...await Promise.all(asked.map((body) => post(key, 'booleanSearch', body))), await post(key, 'simpleSearch', partial)]
    expect(before[0]!.records.map((r: { id: string }) => r.id)).toEqual(['long'])
    expect(before[3]!.records.map((r: { id: string }) => r.id)).toEqual(['long'])
    expect(await merge(account)).toBe(2)
    const after = [...await Promise.all(asked.map((body) => post(key, 'booleanSearch', body))), await post(key, 'simpleSearch', partial)]
    expect(after).toEqual(before)
  })

  it('loses and duplicates nothing while a merge runs beside four writers and two searchers', async () => {
    const { key, account } = await loadedKey('segment-concurrent', 800)
    await merge(account)
    let writing = true
    const writer = async (w: number) => {
      for (let i = 0; i < 30; i++) {
        await post(key, 'index', resume(10_000 + w * 100 + i))
        if (i % 10 === 9) await post(key, 'delete', { query: { id: [`resume-${String(w * 200 + i).padStart(7, '0')}`] } })
      }
    }
    const broad = { query: { optional: { TotalExperienceInMonths: ['0'] } }, pageSize: 50 }
    const searcher = async () => {
      while (writing) {
        const answer = await post(key, 'booleanSearch', broad)
        expect(new Set(answer.records.map((r: { id: string }) => r.id)).size).toBe(answer.records.length)
      }
    }
    const merger = async () => {
      while (writing) await merge(account)
    }
    const searching = [searcher(), searcher(), merger()]
    await Promise.all([0, 1, 2, 3].map(writer))
    writing = false
    await Promise.all(searching)

    const { rows } = await sql<{ document_id: string }>`
      select document_id from documents where account_id = ${account.id} and index_type = 'Resume' and experience_months >= 0`.execute(service.database.db)
    const truth = rows.map((r) => r.document_id).sort()
    const all = async () => {
      const ids: string[] = []
      let count = 0
      for (let start = 0; ; start += 500) {
        const page = await post(key, 'booleanSearch', { ...broad, pageStart: start, pageSize: 500 })
        count = page.count
        ids.push(...page.records.map((r: { id: string }) => r.id))
        if (page.records.length < 500) break
      }
      return { count, ids: ids.sort() }
    }
    // With the last writes in the delta, then merged; the index's count is kept exactly by the merges.
    expect(await all()).toEqual({ count: truth.length, ids: truth })
    expect((await counts(key)).all.Resume).toBe(truth.length)
    await merge(account)
    expect(await all()).toEqual({ count: truth.length, ids: truth })
    expect((await counts(key)).all.Resume).toBe(truth.length)
  }, 240_000)
})
