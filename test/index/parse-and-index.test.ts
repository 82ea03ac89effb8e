import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorCode } from '../../src/errors/catalogue.js'
import { expectRefused } from '../support/refusal.js'
import { startTestService, type TestService } from '../support/service.js'

let service: TestService
let key: string
const fixture = (name: string) => readFileSync(new URL(`../fixtures/parser/${name}.txt`, import.meta.url))
const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64')

const parseAndIndex = (body: Record<string, unknown>, indexKey = key) =>
  service.post('/searchengine/parseAndIndex', {
    ...body,
    index: { indexType: 'Resume', indexKey, ...(body.index as object | undefined) },
  })

const resumeBody = (id: string, file = 'resume-de', extra: Record<string, unknown> = {}) => ({
  data: { id, fileContent: base64(fixture(file)), fileName: `${file}.txt` },
  ...extra,
})

async function json(res: Response): Promise<Record<string, any>> {
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Record<string, any>
}

const decode = (doc: string) => JSON.parse(Buffer.from(doc, 'base64').toString('utf8'))
const refused = (send: () => Promise<Response>, code: number) => expectRefused(service.database.db, send, code as ErrorCode)

async function rows(indexKey = key): Promise<Array<{ document_id: string; sub_user_id: string | null; entities: Record<string, string[]>; custom_value: unknown }>> {
  const { rows } = await sql<any>`
    select d.document_id, d.sub_user_id, d.entities, d.custom_value from documents d
      join accounts a using (account_id)
     where a.key_hash = sha256(convert_to(${indexKey}::text, 'UTF8')) order by d.document_id`.execute(service.database.db)
  return rows
}

beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey({ name: 'indexer' })
})
afterAll(() => service.close())

describe('POST /parseAndIndex', () => {
  it('parses and indexes a new document, and returns its parser output as doc', async () => {
    const body = await json(await parseAndIndex(resumeBody('cand-1')))
    expect(body).toMatchObject({ status: '200', indexType: 'Resume', action: 'indexed', id: 'cand-1' })
    const doc = decode(body.doc)
    expect(doc.ResumeParserData.Name.FullName).toBe('Katharina Schneider')
    const [row] = await rows()
    expect(row!.entities.JobProfile).toContain('accounting manager')
    expect(row!.entities.SkillHaveExp).toEqual(expect.arrayContaining(['datev']))
  })

  it('replaces a document indexed under the same id (indexUpdated)', async () => {
    const body = await json(await parseAndIndex(resumeBody('cand-1', 'resume-pl')))
    expect(body.action).toBe('indexUpdated')
    const stored = (await rows()).filter((r) => r.document_id === 'cand-1')
    expect(stored).toHaveLength(1)
    expect(stored[0]!.entities.JobProfile).toContain('java developer')
  })

  it.each(['en', 'de', 'es', 'fr', 'pl', 'it'])('indexes resumes and JDs in %s with canonical, language-independent values', async (language) => {
    const resume = decode((await json(await parseAndIndex(resumeBody(`r-${language}`, `resume-${language}`)))).doc)
    expect(resume.ResumeParserData.ResumeLanguage.LanguageCode).toBe(language)
    const jd = await json(await parseAndIndex({ index: { indexType: 'JD' }, data: { id: `j-${language}`, fileContent: base64(fixture(`jd-${language}`)), fileName: 'jd.txt' } }))
    expect(decode(jd.doc).JDParsedData.JDLanguage.LanguageCode).toBe(language)
  })

  it('stores the custom value and echoes the sub-user', async () => {
    const body = await json(await parseAndIndex({ ...resumeBody('with-cv', 'resume-en', { customValue: { source: 'referral', tags: ['a', 'b'], jobs: [{ status: 'applied' }] } }), index: { subUserId: 'team-1' } }))
    expect(body.subUserId).toBe('team-1')
    const row = (await rows()).find((r) => r.document_id === 'with-cv')!
    expect(row).toMatchObject({ sub_user_id: 'team-1', custom_value: { source: 'referral', tags: ['a', 'b'], jobs: [{ status: 'applied' }] } })
  })

  it('keeps personal information out of the searchable columns when personalInformationIdex is false', async () => {
    const body = await json(await parseAndIndex(resumeBody('private', 'resume-fr', { personalInformationIdex: false })))
    expect(decode(body.doc).ResumeParserData.Name.FullName).toBe('Claire Dubois')
    const row = (await rows()).find((r) => r.document_id === 'private')!
    expect(row.entities.FullName).toBeUndefined()
    expect(row.entities.Email).toBeUndefined()
    expect(row.entities.JobProfile).toContain('web developer')
  })

  it('accepts commit true or false; either way the document is searchable when the call returns', async () => {
    const findSoftwareDevelopers = async () => {
      const res = await service.post('/searchengine/booleanSearch', { index: { indexType: 'Resume', indexKey: key }, query: { required: { JobProfile: ['Software Developer'] } } })
      return ((await json(res)).records as Array<{ id: string }>).map((r) => r.id)
    }
    expect(await findSoftwareDevelopers()).not.toContain('committed')
    expect((await json(await parseAndIndex(resumeBody('committed', 'resume-it', { commit: true })))).action).toBe('indexed')
    expect(await findSoftwareDevelopers()).toContain('committed')
    expect((await json(await parseAndIndex(resumeBody('not-committed', 'resume-it', { commit: false })))).action).toBe('indexed')
    expect(await findSoftwareDevelopers()).toEqual(expect.arrayContaining(['committed', 'not-committed']))
  })

  it('keeps one client\'s ids apart from another\'s', async () => {
    const other = await service.createKey({ name: 'other-indexer' })
    expect((await json(await parseAndIndex(resumeBody('cand-1'), other))).action).toBe('indexed')
    expect((await rows(other)).map((r) => r.document_id)).toEqual(['cand-1'])
  })
})

describe('de-duplication', () => {
  let dedupKey: string
  beforeAll(async () => {
    dedupKey = await service.createKey({ name: 'dedup' })
    await json(await parseAndIndex(resumeBody('first', 'resume-es'), dedupKey))
  })

  it('ignores a duplicate by the listed fields when update is false, writing nothing', async () => {
    const body = await json(await parseAndIndex(resumeBody('second', 'resume-es', { deDuplication: { checkDuplicate: true, fields: ['Email'] } }), dedupKey))
    expect(body).toMatchObject({ action: 'ignored', id: 'first' })
    expect((await rows(dedupKey)).map((r) => r.document_id)).toEqual(['first'])
  })

  it('updates the duplicate in place when update is true (and accepts the "deduplication" spelling)', async () => {
    const body = await json(await parseAndIndex(resumeBody('third', 'resume-es', { deduplication: { checkDuplicate: true, fields: ['Email'], update: true }, customValue: { round: '2' } }), dedupKey))
    expect(body).toMatchObject({ action: 'updated', id: 'first' })
    expect(await rows(dedupKey)).toEqual([expect.objectContaining({ document_id: 'first', custom_value: { round: '2' } })])
  })

  it('finds duplicates by the parser output\'s checksum when no fields are listed', async () => {
    const body = await json(await parseAndIndex(resumeBody('fourth', 'resume-es', { deDuplication: { checkDuplicate: true } }), dedupKey))
    expect(body).toMatchObject({ action: 'ignored', id: 'first' })
    const different = await json(await parseAndIndex(resumeBody('fifth', 'resume-en', { deDuplication: { checkDuplicate: true } }), dedupKey))
    expect(different.action).toBe('indexed')
  })

  it('refuses fields that are not entities of the index type', async () => {
    await refused(() => parseAndIndex(resumeBody('x', 'resume-es', { deDuplication: { checkDuplicate: true, fields: ['Shoe size'] } }), dedupKey), 1010)
  })
})

describe('quota and sub-users', () => {
  it('uses one credit per write and answers 2080 past the quota, writing nothing', async () => {
    const limited = await service.createKey({ name: 'quota-2', indexQuota: 2 })
    await json(await parseAndIndex(resumeBody('a', 'resume-en'), limited))
    await json(await parseAndIndex(resumeBody('a', 'resume-de'), limited))
    await refused(() => parseAndIndex(resumeBody('b', 'resume-fr'), limited), 2080)
    expect((await rows(limited)).map((r) => r.document_id)).toEqual(['a'])
    const listed = (await (await service.admin('GET', '/admin/keys')).json()) as { keys: Array<{ name: string; creditsUsed: number }> }
    expect(listed.keys.find((k) => k.name === 'quota-2')!.creditsUsed).toBe(2)
  })

  it('answers 2020 for a sub-user beyond the limit and writes nothing; known sub-users go on', async () => {
    const limited = await service.createKey({ name: 'one-sub-user', subUserLimit: 1 })
    const withSubUser = (id: string, subUserId: string) => parseAndIndex({ ...resumeBody(id, 'resume-en'), index: { subUserId } }, limited)
    await json(await withSubUser('1', 'team-a'))
    await refused(() => withSubUser('2', 'team-b'), 2020)
    await json(await withSubUser('3', 'team-a'))
    expect((await rows(limited)).map((r) => [r.document_id, r.sub_user_id])).toEqual([['1', 'team-a'], ['3', 'team-a']])
  })
})

describe('POST /index', () => {
  const indexParsed = (data: Record<string, unknown>, indexType = 'Resume', extra: Record<string, unknown> = {}) =>
    service.post('/searchengine/index', { index: { indexType, indexKey: key }, data, ...extra })

  it('indexes a parser output the client already has, as parseAndIndex would', async () => {
    const parsed = await json(await parseAndIndex(resumeBody('source', 'resume-it')))
    const body = await json(await indexParsed({ id: 'copy', jsonData: parsed.doc }))
    expect(body).toMatchObject({ status: '200', action: 'indexed', id: 'copy', doc: parsed.doc })
    const stored = (await rows()).filter((r) => r.document_id === 'source' || r.document_id === 'copy')
    expect(stored).toHaveLength(2)
    expect(stored[0]!.entities).toEqual(stored[1]!.entities)
  })

  it('refuses output that is not a resume (2024) or not a JD (2025)', async () => {
    const jdDoc = (await json(await parseAndIndex({ index: { indexType: 'JD' }, data: { id: 'jd-src', fileContent: base64(fixture('jd-de')), fileName: 'jd.txt' } }))).doc
    const resumeDoc = (await json(await parseAndIndex(resumeBody('r-src', 'resume-en')))).doc
    await refused(() => indexParsed({ id: 'x', jsonData: jdDoc }), 2024)
    await refused(() => indexParsed({ id: 'x', jsonData: base64('not json') }), 2024)
    await refused(() => indexParsed({ id: 'x', jsonData: resumeDoc }, 'JD'), 2025)
    await refused(() => indexParsed({ id: 'x', jsonData: base64('{"JDParsedData": {}}') }, 'JD'), 2025)
  })
})

describe('request errors', () => {
  const cases: Array<[string, Record<string, unknown>, number]> = [
    ['id not a string', { data: { id: 5, fileContent: 'YQ==', fileName: 'a.txt' } }, 2011],
    ['fileName not a string', { data: { id: '1', fileContent: 'YQ==', fileName: 7 } }, 2012],
    ['id missing', { data: { fileContent: 'YQ==', fileName: 'a.txt' } }, 2013],
    ['fileName missing', { data: { id: '1', fileContent: 'YQ==' } }, 2014],
    ['content missing', { data: { id: '1', fileName: 'a.txt' } }, 2015],
    ['commit not boolean', { ...resumeBody('1'), commit: 'yes' }, 2016],
    ['personalInformationIdex not boolean', { ...resumeBody('1'), personalInformationIdex: 'no' }, 2017],
    ['deDuplication not an object', { ...resumeBody('1'), deDuplication: true }, 2018],
    ['checkDuplicate not boolean', { ...resumeBody('1'), deDuplication: { checkDuplicate: 'yes' } }, 2019],
    ['invalid base64', { data: { id: '1', fileContent: 'not base64!', fileName: 'a.txt' } }, 2026],
    ['data missing', {}, 2002],
  ]
  it.each(cases)('%s', async (_name, body, code) => {
    await refused(() => parseAndIndex(body), code)
  })

  it('personalInformationIdex not boolean on /index is 2078', async () => {
    await refused(() => service.post('/searchengine/index', { index: { indexType: 'Resume', indexKey: key }, data: { id: '1', jsonData: 'e30=' }, personalInformationIdex: 1 }), 2078)
  })
})
