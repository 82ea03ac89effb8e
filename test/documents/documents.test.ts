import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorCode } from '../../src/errors/catalogue.js'
import { expectRefused } from '../support/refusal.js'
import { startTestService, type TestService } from '../support/service.js'

/** Issue 7: checking, listing, inspecting, updating and deleting indexed documents, through HTTP. */
let service: TestService
let key: string
let other: string
const fixture = (name: string) => readFileSync(new URL(`../fixtures/parser/${name}.txt`, import.meta.url)).toString('base64')

const call = async (operation: string, body: Record<string, unknown>, indexKey = key, indexType: string | undefined = 'Resume') => {
  const { index, ...rest } = body
  return service.post(`/searchengine/${operation}`, { index: { ...(indexType ? { indexType } : {}), indexKey, ...(index as object | undefined) }, ...rest })
}
const ok = async (operation: string, body: Record<string, unknown> = {}, indexKey = key, indexType: string | undefined = 'Resume') => {
  const res = await call(operation, body, indexKey, indexType)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Record<string, any>
}
const refused = (operation: string, body: Record<string, unknown>, code: number) =>
  expectRefused(service.database.db, () => call(operation, body), code as ErrorCode)

async function index(indexType: 'Resume' | 'JD', id: string, file: string, subUserId?: string, customValue?: Record<string, unknown>) {
  await ok('parseAndIndex', {
    index: subUserId ? { subUserId } : {},
    data: { id, fileContent: fixture(file), fileName: `${file}.txt` },
    ...(customValue ? { customValue } : {}),
  }, key, indexType)
}

beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey({ name: 'manager' })
  other = await service.createKey({ name: 'other-manager' })
  await index('Resume', 'r-1', 'resume-en', 'team-a', { tags: ['x', 'y'], source: 'web' })
  await index('Resume', 'r-2', 'resume-de', 'team-b')
  await index('Resume', 'r-3', 'resume-pl')
  await index('JD', 'j-1', 'jd-fr')
  await ok('parseAndIndex', { data: { id: 'theirs', fileContent: fixture('resume-it'), fileName: 'cv.txt' } }, other)
})
afterAll(() => service.close())

describe('checkDocumentIndex', () => {
  it('says whether an id is indexed, since when, and for which sub-user', async () => {
    const found = await ok('checkDocumentIndex', { documentId: 'r-1' })
    expect(found).toMatchObject({ indexed: true, documentId: 'r-1', subUserId: 'team-a' })
    expect(Date.parse(found.indexedAt)).toBeGreaterThan(Date.now() - 600_000)
    expect(await ok('checkDocumentIndex', { documentId: 'nope' })).toMatchObject({ indexed: false })
    expect(await ok('checkDocumentIndex', { documentId: 'j-1' })).toMatchObject({ indexed: false })
    expect(await ok('checkDocumentIndex', { documentId: 'theirs' })).toMatchObject({ indexed: false })
  })

  it('needs documentId (2071) as a string (2072)', async () => {
    await refused('checkDocumentIndex', {}, 2071)
    await refused('checkDocumentIndex', { documentId: 7 }, 2072)
  })
})

describe('getDocumentIds and getSubUserIds', () => {
  it('pages the ids in order with the total, per sub-user when given', async () => {
    expect(await ok('getDocumentIds', { pageSize: 2 })).toMatchObject({ count: 3, pageStart: 0, pageSize: 2, ids: ['r-1', 'r-2'] })
    expect(await ok('getDocumentIds', { pageStart: 2 })).toMatchObject({ count: 3, ids: ['r-3'] })
    expect(await ok('getDocumentIds', { index: { subUserId: 'team-b' } })).toMatchObject({ count: 1, ids: ['r-2'] })
    expect(await ok('getDocumentIds', {}, other)).toMatchObject({ count: 1, ids: ['theirs'] })
  })

  it('lists the account\'s sub-users', async () => {
    expect(await ok('getSubUserIds', {})).toMatchObject({ count: 2, subUserIds: ['team-a', 'team-b'] })
    expect(await ok('getSubUserIds', {}, other)).toMatchObject({ count: 0, subUserIds: [] })
  })

  it('refuses a bad pageStart (2041) or pageSize (2042)', async () => {
    await refused('getDocumentIds', { pageStart: -1 }, 2041)
    await refused('getSubUserIds', { pageSize: 'ten' }, 2042)
  })
})

describe('getDocumentDetail', () => {
  it('returns the stored parser output and custom values', async () => {
    const detail = await ok('getDocumentDetail', { documentId: 'r-1' })
    expect(detail.data.ResumeParserData.Name.FullName).toBe('Emily Carter')
    expect(detail.customValue).toEqual({ tags: ['x', 'y'], source: 'web' })
  })

  it('returns one part with fieldType: an entity or a field of the output', async () => {
    expect(await ok('getDocumentDetail', { documentId: 'r-1', fieldType: 'City' })).toMatchObject({ fieldType: 'City', value: ['Chicago'] })
    const skills = await ok('getDocumentDetail', { documentId: 'r-1', fieldType: 'SegregatedSkill' })
    expect(skills.value.map((s: { FormattedName: string }) => s.FormattedName)).toContain('Tableau')
    await refused('getDocumentDetail', { documentId: 'r-1', fieldType: 'Shoe' }, 1010)
  })

  it('answers 1050 for an unknown id and 2074 for a fieldType that is not a string', async () => {
    await refused('getDocumentDetail', { documentId: 'theirs' }, 1050)
    await refused('getDocumentDetail', { documentId: 'r-1', fieldType: 3 }, 2074)
    await refused('getDocumentDetail', {}, 2071)
  })
})

describe('updateCustomValue', () => {
  it('adds (uniting arrays), replaces and deletes custom values', async () => {
    expect((await ok('updateCustomValue', { id: 'r-1', customValue: { tags: ['y', 'z'], stage: 'new' }, operation: 'add' })).customValue)
      .toEqual({ tags: ['x', 'y', 'z'], source: 'web', stage: 'new' })
    expect((await ok('updateCustomValue', { id: 'r-1', customValue: { source: '' }, operation: 'delete' })).customValue)
      .toEqual({ tags: ['x', 'y', 'z'], stage: 'new' })
    expect((await ok('updateCustomValue', { id: 'r-1', customValue: { stage: 'hired' }, operation: 'replace' })).customValue)
      .toEqual({ stage: 'hired' })
  })

  it('is searchable at once', async () => {
    const found = await ok('booleanSearch', { query: { required: { CV_stage: ['hired'] } } })
    expect(found.records.map((r: { id: string }) => r.id)).toEqual(['r-1'])
  })

  it('refuses unknown ids (1050), bad operations and values (1010), and a missing id (2013)', async () => {
    await refused('updateCustomValue', { id: 'theirs', customValue: { a: 'b' }, operation: 'add' }, 1050)
    await refused('updateCustomValue', { id: 'r-1', customValue: { a: 'b' }, operation: 'merge' }, 1010)
    await refused('updateCustomValue', { id: 'r-1', customValue: { a: 5 }, operation: 'add' }, 1010)
    await refused('updateCustomValue', { customValue: { a: 'b' }, operation: 'add' }, 2013)
  })
})

describe('indexCount', () => {
  it('counts documents per index type, for one or several sub-users', async () => {
    expect(await ok('indexCount', {}, key, undefined)).toMatchObject({ totalCount: 4, count: { Resume: 3, JD: 1 } })
    expect(await ok('indexCount', { index: { subUserId: 'team-a' } }, key, undefined)).toMatchObject({ totalCount: 1, count: { Resume: 1, JD: 0 } })
    expect(await ok('indexCount', { index: { subUserId: ['team-a', 'team-b'] } }, key, undefined)).toMatchObject({ totalCount: 2 })
    expect(await ok('indexCount', {}, other, undefined)).toMatchObject({ totalCount: 1 })
  })
})

describe('analyze', () => {
  it('shows the entities simple search recognises, with their weights', async () => {
    const result = await ok('analyze', { query: { keyword: 'Java Entwickler in München 5 Jahre' } })
    expect(result.entities.map((e: { entity: string }) => e.entity)).toEqual(['JobProfile', 'City', 'TotalExperienceInYear'])
    expect(result.entities.reduce((sum: number, e: { weight: number }) => sum + e.weight, 0)).toBe(100)
    expect(result.entities[0].values[0]).toEqual({ written: 'Java Entwickler', searched: 'java developer' })
    expect(result.location).toMatchObject({ city: 'Munich', country: 'Germany' })
  })

  it('reads a software tool as the skill, not as a job title spelt the same ("Docker" is no dock worker)', async () => {
    const result = await ok('analyze', { query: { keyword: 'docker kubernetes' } })
    expect(result.entities.map((e: { entity: string }) => e.entity)).toEqual(['Skill'])
    expect(result.entities[0].values.map((v: { searched: string }) => v.searched).sort()).toEqual(['docker', 'kubernetes'])
  })

  it('needs a keyword (2073) that is a string (2027)', async () => {
    await refused('analyze', { query: {} }, 2073)
    await refused('analyze', { query: { keyword: 1 } }, 2027)
  })
})

describe('delete and deleteAllDocs', () => {
  it('deletes documents by id, which leave every search at once', async () => {
    const before = await ok('booleanSearch', { query: { optional: { Skill: ['Java', 'Python', 'Accounting'] } } })
    expect(before.records.map((r: { id: string }) => r.id)).toContain('r-3')
    expect(await ok('delete', { query: { id: ['r-3', 'ghost'] } })).toMatchObject({ deleted: 1, ids: ['r-3'], notFound: ['ghost'] })
    const after = await ok('booleanSearch', { query: { optional: { Skill: ['Java', 'Python', 'Accounting'] } } })
    expect(after.records.map((r: { id: string }) => r.id)).not.toContain('r-3')
    expect(after.count).toBe(before.count - 1)
  })

  it('never deletes another key\'s documents', async () => {
    expect(await ok('delete', { query: { id: ['theirs'] } })).toMatchObject({ deleted: 0, notFound: ['theirs'] })
    expect(await ok('checkDocumentIndex', { documentId: 'theirs' }, other)).toMatchObject({ indexed: true })
  })

  it('deletes all documents of a sub-user, then of the index type', async () => {
    expect(await ok('deleteAllDocs', { index: { subUserId: 'team-b' } })).toMatchObject({ deleted: 1 })
    expect(await ok('getDocumentIds')).toMatchObject({ ids: ['r-1'] })
    expect(await ok('deleteAllDocs')).toMatchObject({ deleted: 1 })
    expect(await ok('indexCount', {}, key, undefined)).toMatchObject({ count: { Resume: 0, JD: 1 } })
  })

  it('needs query.id as an array of strings', async () => {
    await refused('delete', {}, 2002)
    await refused('delete', { query: { id: 'r-1' } }, 1010)
  })
})
