import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../src/db/database.js'
import { catalogue, type ErrorCode } from '../src/errors/catalogue.js'
import { renderCatalogue } from '../src/errors/render-catalogue.js'
import { databaseUrlFor } from './support/database-url.js'
import { errorOf, startTestService, type TestService } from './support/service.js'
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

const producers: Partial<Record<ErrorCode, () => Promise<Response>>> = {
  1000: async () => {
    const database = await unmigratedDatabase()
    extra.push(database)
    return (await variant({ database })).post('/searchengine/simpleSearch', index())
  },
  1001: () => service.post('/searchengine/nothingHere', index()),
  1002: async () => service.app.request('/searchengine/simpleSearch', { method: 'GET' }),
  1003: async () => (await variant({ config: { bodyLimitBytes: 100 } })).post('/searchengine/simpleSearch', { ...index(), pad: 'x'.repeat(200) }),
  1004: async () => {
    const limited = await variant({ config: { rateLimitPerMinute: 1 } })
    await limited.post('/searchengine/simpleSearch', index())
    return limited.post('/searchengine/simpleSearch', index())
  },
  1005: async () => {
    const down = await openDatabase({ databaseUrl: 'postgres://x:y@127.0.0.1:1/none', maxConnections: 1 })
    extra.push(down)
    return (await startTestService({ database: { ...down } })).post('/searchengine/simpleSearch', index())
  },
  1007: () => simple(index({ subUserId: 'a b' })),
  1008: async () => (await variant({ adminAccess: { enabled: false } })).admin('GET', '/admin/keys'),
  1009: async () => service.app.request('/admin/keys', { headers: { Authorization: 'Bearer wrong' } }),
  1010: () => service.admin('POST', '/admin/keys', { name: 'has space' }),
  1011: async () => {
    await service.admin('POST', '/admin/keys', { name: 'twice' })
    return service.admin('POST', '/admin/keys', { name: 'twice' })
  },
  1012: () => service.admin('DELETE', '/admin/keys/nobody'),
  1013: async () => service.post('/plugin/documentConversion', { userkey: await service.createKey({ plugins: false }), subuserid: 'a' }),
  2001: () => simple({ index: { indexType: 'Resume', indexKey: 'unknown' } }),
  2002: () => simple({ index: 'Resume' }),
  2003: async () => simple({ index: { indexType: 'Resume', indexKey: await service.createKey({ expiresAt: '2000-01-01' }) } }),
  2004: () => service.post('/searchengine/simpleSearch', index(), {}),
  2005: () => service.post('/searchengine/simpleSearch', index(), { 'Content-Type': 'text/plain' }),
  2006: () => simple(index({ indexType: 'CV' })),
  2007: () => simple({ index: { indexType: 'Resume' } }),
  2008: () => simple(index({ indexType: undefined })),
  2009: () => simple(index({ subUserId: 7 })),
  2010: () => service.post('/searchengine/simpleSearch', '{not json'),
  2022: async () => simple({ index: { indexType: 'Resume', indexKey: await service.createKey({ searchEngine: false }) } }),
  2060: () => service.post('/searchengine/matchWithMultipleSubUserIds', index({ subUserId: 'one' })),
  1051: () => service.post('/plugin/skillGapDetection', {
    userkey: key, subuserid: 'a', filename: 'cv.txt', filedata: Buffer.from('Anna Kowalska').toString('base64'), jobtitle: 'Chief Unicorn Wrangler',
  }),
  // Matching (test/match/match.test.ts covers each in more detail).
  2051: () => matchCall({ docType: 'CV', jsonData: 'e30=' }),
  2052: () => matchCall({ docType: 1, jsonData: 'e30=' }),
  2053: () => matchCall({ jsonData: 'e30=' }),
  2054: () => matchCall({ docType: 'JD', jsonData: 5 }),
  2055: () => matchCall({ docType: 'JD' }),
  2056: () => matchCall({ docType: 'JD', jsonData: '%%%' }),
  2057: () => service.post('/searchengine/matchWithId', { ...index(), match: { docType: 'JD', jsonData: 'e30=', matchId: 'x' } }),
  2058: () => service.post('/searchengine/matchWithId', { ...index(), match: { docType: 'JD', jsonData: 'e30=' } }),
  2059: () => service.post('/searchengine/matchWithId', { ...index(), match: { docType: 'JD', jsonData: 'e30=', matchId: [] } }),
  2061: () => oneMatch({ resumeContent: 1 }),
  2062: () => oneMatch({ jdContent: 1 }),
  2063: () => oneMatch({ resumeContent: undefined }),
  2064: () => oneMatch({ jdContent: undefined }),
  2065: () => oneMatch({ resumeFileName: 1 }),
  2066: () => oneMatch({ jdFileName: 1 }),
  2067: () => oneMatch({ resumeFileName: undefined }),
  2068: () => oneMatch({ jdFileName: undefined }),
  2069: () => service.post('/searchengine/oneMatch', { index: { indexKey: key }, match: oneMatchFiles }),
  2070: () => service.post('/searchengine/oneMatch', { index: { indexKey: key }, match: oneMatchFiles, matchType: 'both' }),
  // Document management (test/documents/documents.test.ts covers each in more detail).
  1050: () => service.post('/searchengine/getDocumentDetail', { ...index(), documentId: 'nowhere' }),
  2071: () => service.post('/searchengine/checkDocumentIndex', index()),
  2072: () => service.post('/searchengine/checkDocumentIndex', { ...index(), documentId: 7 }),
  2074: () => service.post('/searchengine/getDocumentDetail', { ...index(), documentId: 'a', fieldType: 3 }),
  // Search (test/search/search.test.ts covers each in more detail).
  2021: () => booleanSearch({ index: index({ subUserId: 'nobody' }).index, query: { required: { City: ['Lyon'] } } }),
  2027: () => simple({ ...index(), query: { keyword: 5 } }),
  2028: () => booleanSearch({ excludeDocumentIds: [1] }),
  2029: () => booleanSearch({ sorting: { field: 'City' } }),
  2030: () => booleanSearch({ sorting: [{ field: 'City', order: 'up' }] }),
  2031: () => booleanSearch({ index: index({ indexType: 'JD' }).index, sorting: [{ field: 'FullName' }] }),
  2032: () => booleanSearch({ sorting: [{ field: 'Salary' }] }),
  2033: () => booleanSearch({ geoSearch: { radius: 10 } }),
  2034: () => booleanSearch({ geoSearch: { city: 'Lyon', distanceUnit: 'parsec' } }),
  2035: () => booleanSearch({ geoSearch: { city: 'Lyon', radius: -1 } }),
  2036: () => booleanSearch({ geoSearch: { latitude: 50, longitude: '19' } }),
  2037: () => booleanSearch({ geoSearch: { latitude: '50', longitude: 19 } }),
  2038: () => booleanSearch({ geoSearch: { city: 5 } }),
  2039: () => booleanSearch({ geoSearch: { city: 'Lyon', state: 5 } }),
  2040: () => booleanSearch({ geoSearch: { city: 'Lyon', country: 5 } }),
  2041: () => booleanSearch({ pageStart: 'first' }),
  2042: () => booleanSearch({ pageSize: 'ten' }),
  2043: () => booleanSearch({ explainScore: 'yes' }),
  2044: () => booleanSearch({ explainScore: true, explainScoreType: 'xml' }),
  2045: () => simple({ ...index(), query: { keyword: 'java' }, partialMatch: 'yes' }),
  2046: () => booleanSearch({ facet: {} }),
  2047: () => booleanSearch({ facet: { fields: ['City'], limit: 'all' } }),
  2048: () => booleanSearch({ query: { required: { City: 'Lyon' } } }),
  2049: () => booleanSearch({ query: { optional: { City: [3] } } }),
  2050: () => booleanSearch({ query: { optional: { City: 'Lyon' } } }),
  2073: () => simple({ ...index(), query: {} }),
  2075: () => booleanSearch({ query: { required: { Shoe: ['42'] } } }),
  2076: () => booleanSearch({ query: { optional: { Shoe: ['42'] } } }),
  2077: () => booleanSearch({ query: { required: { City: ['Lyon'] }, optional: { City: ['Köln'] } } }),
  2079: () => booleanSearch({ facet: { fields: ['Shoe'] } }),
  2081: () => booleanSearch({ filter: { Shoe: ['42'] } }),
  // Indexing (test/index/parse-and-index.test.ts covers each in more detail).
  2011: () => parseAndIndex({ data: { id: 5, fileContent: 'YQ==', fileName: 'a.txt' } }),
  2012: () => parseAndIndex({ data: { id: '1', fileContent: 'YQ==', fileName: 7 } }),
  2013: () => parseAndIndex({ data: { fileContent: 'YQ==', fileName: 'a.txt' } }),
  2014: () => parseAndIndex({ data: { id: '1', fileContent: 'YQ==' } }),
  2015: () => parseAndIndex({ data: { id: '1', fileName: 'a.txt' } }),
  2016: () => parseAndIndex({ data: textFile, commit: 'yes' }),
  2017: () => parseAndIndex({ data: textFile, personalInformationIdex: 'no' }),
  2018: () => parseAndIndex({ data: textFile, deDuplication: true }),
  2019: () => parseAndIndex({ data: textFile, deDuplication: { checkDuplicate: 'yes' } }),
  2020: async () => {
    const limited = await service.createKey({ subUserLimit: 0 })
    return service.post('/searchengine/parseAndIndex', { index: { indexType: 'Resume', indexKey: limited, subUserId: 'a' }, data: textFile })
  },
  2024: () => service.post('/searchengine/index', { ...index(), data: { id: '1', jsonData: Buffer.from('{}').toString('base64') } }),
  2025: () => service.post('/searchengine/index', { ...index({ indexType: 'JD' }), data: { id: '1', jsonData: Buffer.from('{}').toString('base64') } }),
  2026: () => parseAndIndex({ data: { id: '1', fileContent: '%%%', fileName: 'a.txt' } }),
  2078: () => service.post('/searchengine/index', { ...index(), data: { id: '1', jsonData: 'e30=' }, personalInformationIdex: 1 }),
  2080: async () => {
    const spent = await service.createKey({ indexQuota: 0 })
    return service.post('/searchengine/parseAndIndex', { index: { indexType: 'Resume', indexKey: spent }, data: textFile })
  },
  // documentConversion's own codes: test/plugins/requests.ts holds the request for each.
  ...Object.fromEntries(
    [1014, 1015, 1016, 1017, 1018, 1019, 1020, 1021, 1022, 1023, 1024, 1025, 1026, 1027, 1028, 1029, 1030, 1031, 1032, 1033, 1034, 1035, 1036, 1037].map((code) => [
      code,
      async () => (await import('./plugins/requests.js')).failingRequests(service, key)[code]!(),
    ]),
  ),
}

describe('error catalogue', () => {
  const codes = Object.keys(catalogue).map(Number) as ErrorCode[]

  it.each(codes.map((code) => [code]))('code %i is produced by a real request', async (code) => {
    const producer = producers[code]
    expect(producer, `code ${code} has no producer: add a request that answers with it`).toBeDefined()
    const error = await errorOf(await producer!())
    expect(error).toMatchObject({ code, status: String(code), http: catalogue[code].http })
  })

  it('is documented in docs/errors.md exactly as the code has it (npm run docs:errors)', () => {
    expect(readFileSync(new URL('../docs/errors.md', import.meta.url), 'utf8')).toBe(renderCatalogue())
  })
})
