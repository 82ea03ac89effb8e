import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../src/db/database.js'
import { catalogue, type ErrorCode } from '../src/errors/catalogue.js'
import { renderCatalogue } from '../scripts/render-catalogue.js'
import { databaseUrlFor } from './support/database-url.js'
import { expectRefused } from './support/refusal.js'
import { startTestService, type TestService } from './support/service.js'
import { testDatabaseInfo } from './support/test-database.js'

/**
 * Walks the error catalogue: every code is produced by a real request, and comes back with the
 * catalogue's HTTP status in the one error body. A code added to the catalogue without a request here
 * fails this test.
 */

let service: TestService
let key: string
const extra: Array<{ close(): Promise<void> }> = []
const index = (more: Record<string, unknown> = {}) => ({ index: { indexType: 'Resume', indexKey: key, ...more } })
const simple = (body: unknown) => service.post('/searchengine/simpleSearch', body)
const matchCall = (match: Record<string, unknown>) => service.post('/searchengine/match', { ...index(), match })
const oneMatchFiles = { resumeContent: 'YQ==', resumeFileName: 'cv.txt', jdContent: 'YQ==', jdFileName: 'jd.txt' }
const oneMatch = (change: Record<string, unknown>) =>
  service.post('/searchengine/oneMatch', { index: { indexKey: key }, match: { ...oneMatchFiles, ...change }, matchType: 'JD to Resume' })
/** A boolean search that is valid but for what `body` overrides. */
const booleanSearch = (body: Record<string, unknown>) =>
  service.post('/searchengine/booleanSearch', { ...index(), query: { required: { City: ['Lyon'] } }, ...body })
const parseAndIndex = (body: Record<string, unknown>) => service.post('/searchengine/parseAndIndex', { ...index(), ...body })
const textFile = { id: 'c1', fileContent: Buffer.from('Anna Kowalska\nanna@example.pl').toString('base64'), fileName: 'cv.txt' }

beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey({ name: 'catalogue-client' })
})
afterAll(async () => {
  for (const handle of extra) await handle.close()
  await service.close()
})

async function variant(options: Parameters<typeof startTestService>[0]): Promise<TestService> {
  return startTestService({ database: service.database, ...options })
}

/** A database with no migrations applied: any query of the service fails as a bug would. */
async function unmigratedDatabase(): Promise<Database> {
  const info = testDatabaseInfo()
  if (info.kind === 'pglite') return openDatabase({})
  const name = `rs_unmigrated_${randomBytes(6).toString('hex')}`
  const server = await openDatabase({ databaseUrl: info.serverUrl, maxConnections: 1 })
  await sql`create database ${sql.id(name)}`.execute(server.db)
  const database = await openDatabase({ databaseUrl: databaseUrlFor(info.serverUrl, name), maxConnections: 1 })
  return {
    ...database,
    async close() {
      await database.close()
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(server.db)
      await server.close()
    },
  }
}

/**
 * For each code, the setup its request needs (another key, a variant of the service), then the request
 * itself: the database is compared before and after the request alone.
 */
type Producer = () => Promise<() => Promise<Response>>
const now = (send: () => Promise<Response>): Producer => async () => send

const producers: Partial<Record<ErrorCode, Producer>> = {
  1000: async () => {
    const database = await unmigratedDatabase()
    extra.push(database)
    const broken = await variant({ database })
    return () => broken.post('/searchengine/simpleSearch', index())
  },
  1001: now(() => service.post('/searchengine/nothingHere', index())),
  1002: now(async () => service.app.request('/searchengine/simpleSearch', { method: 'GET' })),
  1003: async () => {
    const small = await variant({ config: { bodyLimitBytes: 100 } })
    return () => small.post('/searchengine/simpleSearch', { ...index(), pad: 'x'.repeat(200) })
  },
  1004: async () => {
    const limited = await variant({ config: { rateLimitPerMinute: 1 } })
    expect((await limited.post('/searchengine/simpleSearch', { ...index(), query: { keyword: 'java' } })).status).toBe(200)
    return () => limited.post('/searchengine/simpleSearch', index())
  },
  1005: async () => {
    const down = await openDatabase({ databaseUrl: 'postgres://x:y@127.0.0.1:1/none', maxConnections: 1 })
    extra.push(down)
    const stranded = await startTestService({ database: { ...down } })
    return () => stranded.post('/searchengine/simpleSearch', index())
  },
  1007: now(() => simple(index({ subUserId: 'a b' }))),
  1008: async () => {
    const closed = await variant({ adminAccess: { enabled: false } })
    return () => closed.admin('POST', '/admin/keys', { name: 'never-made' })
  },
  1009: now(async () => service.app.request('/admin/keys', { method: 'POST', headers: { Authorization: 'Bearer wrong' }, body: '{"name":"never-made"}' })),
  1010: now(() => service.admin('POST', '/admin/keys', { name: 'has space' })),
  1011: async () => {
    await service.admin('POST', '/admin/keys', { name: 'twice' })
    return () => service.admin('POST', '/admin/keys', { name: 'twice' })
  },
  1012: now(() => service.admin('DELETE', '/admin/keys/nobody')),
  1013: async () => {
    const searchOnly = await service.createKey({ plugins: false })
    return () => service.post('/plugin/documentConversion', { userkey: searchOnly, subuserid: 'a' })
  },
  2001: now(() => simple({ index: { indexType: 'Resume', indexKey: 'unknown' } })),
  2002: now(() => simple({ index: 'Resume' })),
  2003: async () => {
    const expired = await service.createKey({ expiresAt: '2000-01-01' })
    return () => service.post('/searchengine/parseAndIndex', { index: { indexType: 'Resume', indexKey: expired }, data: textFile })
  },
  2004: now(() => service.post('/searchengine/simpleSearch', index(), {})),
  2005: now(() => service.post('/searchengine/simpleSearch', index(), { 'Content-Type': 'text/plain' })),
  2006: now(() => simple(index({ indexType: 'CV' }))),
  2007: now(() => simple({ index: { indexType: 'Resume' } })),
  2008: now(() => simple(index({ indexType: undefined }))),
  2009: now(() => simple(index({ subUserId: 7 }))),
  2010: now(() => service.post('/searchengine/simpleSearch', '{not json')),
  2022: async () => {
    const pluginsOnly = await service.createKey({ searchEngine: false })
    return () => service.post('/searchengine/parseAndIndex', { index: { indexType: 'Resume', indexKey: pluginsOnly }, data: textFile })
  },
  2060: now(() => service.post('/searchengine/matchWithMultipleSubUserIds', index({ subUserId: 'one' }))),
  1051: now(() => service.post('/plugin/skillGapDetection', {
    userkey: key, subuserid: 'a', filename: 'cv.txt', filedata: Buffer.from('Anna Kowalska').toString('base64'), jobtitle: 'Chief Unicorn Wrangler',
  })),
  // Matching (test/match/match.test.ts covers each in more detail).
  2051: now(() => matchCall({ docType: 'CV', jsonData: 'e30=' })),
  2052: now(() => matchCall({ docType: 1, jsonData: 'e30=' })),
  2053: now(() => matchCall({ jsonData: 'e30=' })),
  2054: now(() => matchCall({ docType: 'JD', jsonData: 5 })),
  2055: now(() => matchCall({ docType: 'JD' })),
  2056: now(() => matchCall({ docType: 'JD', jsonData: '%%%' })),
  2057: now(() => service.post('/searchengine/matchWithId', { ...index(), match: { docType: 'JD', jsonData: 'e30=', matchId: 'x' } })),
  2058: now(() => service.post('/searchengine/matchWithId', { ...index(), match: { docType: 'JD', jsonData: 'e30=' } })),
  2059: now(() => service.post('/searchengine/matchWithId', { ...index(), match: { docType: 'JD', jsonData: 'e30=', matchId: [] } })),
  2061: now(() => oneMatch({ resumeContent: 1 })),
  2062: now(() => oneMatch({ jdContent: 1 })),
  2063: now(() => oneMatch({ resumeContent: undefined })),
  2064: now(() => oneMatch({ jdContent: undefined })),
  2065: now(() => oneMatch({ resumeFileName: 1 })),
  2066: now(() => oneMatch({ jdFileName: 1 })),
  2067: now(() => oneMatch({ resumeFileName: undefined })),
  2068: now(() => oneMatch({ jdFileName: undefined })),
  2069: now(() => service.post('/searchengine/oneMatch', { index: { indexKey: key }, match: oneMatchFiles })),
  2070: now(() => service.post('/searchengine/oneMatch', { index: { indexKey: key }, match: oneMatchFiles, matchType: 'both' })),
  // Document management (test/documents/documents.test.ts covers each in more detail).
  1050: now(() => service.post('/searchengine/getDocumentDetail', { ...index(), documentId: 'nowhere' })),
  2071: now(() => service.post('/searchengine/checkDocumentIndex', index())),
  2072: now(() => service.post('/searchengine/checkDocumentIndex', { ...index(), documentId: 7 })),
  2074: now(() => service.post('/searchengine/getDocumentDetail', { ...index(), documentId: 'a', fieldType: 3 })),
  // Search (test/search/search.test.ts covers each in more detail).
  2021: now(() => booleanSearch({ index: index({ subUserId: 'nobody' }).index, query: { required: { City: ['Lyon'] } } })),
  2027: now(() => simple({ ...index(), query: { keyword: 5 } })),
  2028: now(() => booleanSearch({ excludeDocumentIds: [1] })),
  2029: now(() => booleanSearch({ sorting: { field: 'City' } })),
  2030: now(() => booleanSearch({ sorting: [{ field: 'City', order: 'up' }] })),
  2031: now(() => booleanSearch({ index: index({ indexType: 'JD' }).index, sorting: [{ field: 'FullName' }] })),
  2032: now(() => booleanSearch({ sorting: [{ field: 'Salary' }] })),
  2033: now(() => booleanSearch({ geoSearch: { radius: 10 } })),
  2034: now(() => booleanSearch({ geoSearch: { city: 'Lyon', distanceUnit: 'parsec' } })),
  2035: now(() => booleanSearch({ geoSearch: { city: 'Lyon', radius: -1 } })),
  2036: now(() => booleanSearch({ geoSearch: { latitude: 50, longitude: '19' } })),
  2037: now(() => booleanSearch({ geoSearch: { latitude: '50', longitude: 19 } })),
  2038: now(() => booleanSearch({ geoSearch: { city: 5 } })),
  2039: now(() => booleanSearch({ geoSearch: { city: 'Lyon', state: 5 } })),
  2040: now(() => booleanSearch({ geoSearch: { city: 'Lyon', country: 5 } })),
  2041: now(() => booleanSearch({ pageStart: 'first' })),
  2042: now(() => booleanSearch({ pageSize: 'ten' })),
  2043: now(() => booleanSearch({ explainScore: 'yes' })),
  2044: now(() => booleanSearch({ explainScore: true, explainScoreType: 'xml' })),
  2045: now(() => simple({ ...index(), query: { keyword: 'java' }, partialMatch: 'yes' })),
  2046: now(() => booleanSearch({ facet: {} })),
  2047: now(() => booleanSearch({ facet: { fields: ['City'], limit: 'all' } })),
  2048: now(() => booleanSearch({ query: { required: { City: 'Lyon' } } })),
  2049: now(() => booleanSearch({ query: { optional: { City: [3] } } })),
  2050: now(() => booleanSearch({ query: { optional: { City: 'Lyon' } } })),
  2073: now(() => simple({ ...index(), query: {} })),
  2075: now(() => booleanSearch({ query: { required: { Shoe: ['42'] } } })),
  2076: now(() => booleanSearch({ query: { optional: { Shoe: ['42'] } } })),
  2077: now(() => booleanSearch({ query: { required: { City: ['Lyon'] }, optional: { City: ['Köln'] } } })),
  2079: now(() => booleanSearch({ facet: { fields: ['Shoe'] } })),
  2081: now(() => booleanSearch({ filter: { Shoe: ['42'] } })),
  // Indexing (test/index/parse-and-index.test.ts covers each in more detail).
  2011: now(() => parseAndIndex({ data: { id: 5, fileContent: 'YQ==', fileName: 'a.txt' } })),
  2012: now(() => parseAndIndex({ data: { id: '1', fileContent: 'YQ==', fileName: 7 } })),
  2013: now(() => parseAndIndex({ data: { fileContent: 'YQ==', fileName: 'a.txt' } })),
  2014: now(() => parseAndIndex({ data: { id: '1', fileContent: 'YQ==' } })),
  2015: now(() => parseAndIndex({ data: { id: '1', fileName: 'a.txt' } })),
  2016: now(() => parseAndIndex({ data: textFile, commit: 'yes' })),
  2017: now(() => parseAndIndex({ data: textFile, personalInformationIdex: 'no' })),
  2018: now(() => parseAndIndex({ data: textFile, deDuplication: true })),
  2019: now(() => parseAndIndex({ data: textFile, deDuplication: { checkDuplicate: 'yes' } })),
  2020: async () => {
    const limited = await service.createKey({ subUserLimit: 0 })
    return () => service.post('/searchengine/parseAndIndex', { index: { indexType: 'Resume', indexKey: limited, subUserId: 'a' }, data: textFile })
  },
  2024: now(() => service.post('/searchengine/index', { ...index(), data: { id: '1', jsonData: Buffer.from('{}').toString('base64') } })),
  2025: now(() => service.post('/searchengine/index', { ...index({ indexType: 'JD' }), data: { id: '1', jsonData: Buffer.from('{}').toString('base64') } })),
  2026: now(() => parseAndIndex({ data: { id: '1', fileContent: '%%%', fileName: 'a.txt' } })),
  2078: now(() => service.post('/searchengine/index', { ...index(), data: { id: '1', jsonData: 'e30=' }, personalInformationIdex: 1 })),
  2080: async () => {
    const spent = await service.createKey({ indexQuota: 0 })
    return () => service.post('/searchengine/parseAndIndex', { index: { indexType: 'Resume', indexKey: spent }, data: textFile })
  },
  // documentConversion's own codes: test/plugins/requests.ts holds the request for each.
  ...Object.fromEntries(
    [1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031, 1032, 1033, 1034, 1035, 1036, 1037].map((code) => [
      code,
      async () => {
        const requests = (await import('./plugins/requests.js')).failingRequests(service, key)
        return requests[code]!
      },
    ]),
  ),
}

describe('error catalogue', () => {
  const codes = Object.keys(catalogue).map(Number) as ErrorCode[]

  it.each(codes.map((code) => [code]))('code %i is produced by a real request, which writes nothing', async (code) => {
    const producer = producers[code]
    expect(producer, `code ${code} has no producer: add a request that answers with it`).toBeDefined()
    const send = await producer!()
    await expectRefused(service.database.db, send, code)
  })

  it('is documented in docs/errors.md exactly as the code has it (npm run docs:errors)', () => {
    expect(readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8')).toBe(renderCatalogue())
  })
})
