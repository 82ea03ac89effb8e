import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestService } from './support/service.js'
import { startLoggedService } from './support/statement-log.js'

/**
 * sql/*.sql: the statements a few representative requests run, checked in so that every change of
 * them shows in a diff (sql/README.md). Each request goes through HTTP on this file's database, whose
 * statement log (openDatabase's, at trace, with the values) records every statement that reaches
 * PostgreSQL or PGlite; the file is those statements in order. A difference fails the test; with
 * UPDATE_SQL_SNAPSHOTS=1 the files are written instead.
 */

const update = process.env.UPDATE_SQL_SNAPSHOTS === '1'
const folder = new URL('../sql/', import.meta.url)
/** The source of the match: a parsed JD kept as it is, so parser changes do not move the snapshot. */
const matchSource = readFileSync(new URL('fixtures/sql/jd-pl.json', import.meta.url))

interface SnapshotRequest {
  /** sql/<file> */
  file: string
  /** What the request is, for the file's header. */
  about: string
  operation: string
  indexType: string
  body: Record<string, unknown>
  /** The body as the header shows it, when it differs (a long base64 value named instead). */
  shown?: Record<string, unknown>
}

const requests: SnapshotRequest[] = [
  {
    file: 'simple-search-geo.sql',
    about: 'Simple search: a keyword naming a job profile and a skill, within 30 km of a point that scores half',
    operation: 'simpleSearch',
    indexType: 'Resume',
    body: { query: { keyword: 'Java Developer with Python' }, geoSearch: { latitude: '50.06', longitude: '19.94', radius: 30, distanceUnit: 'KM' } },
  },
  {
    file: 'boolean-search-facets.sql',
    about: 'Boolean search: required skills (AND), an optional job profile, a filter and an excluding filter, two facets, sorted by experience, explained',
    operation: 'booleanSearch',
    indexType: 'Resume',
    body: {
      query: { required: { Skill: ['Java', 'Docker'], multiValueOperator: 'AND' }, optional: { JobProfile: ['Java Developer'] } },
      filter: { Country: ['Poland', 'Germany'], '-City': ['Berlin'] },
      facet: { fields: ['City', 'Skill'], limit: 5 },
      sorting: [{ field: 'TotalExperienceInMonths', order: 'desc' }],
      explainScore: true,
      explainScoreType: 'json',
      pageSize: 20,
      pageStart: 20,
    },
  },
  {
    file: 'boolean-search-custom-values.sql',
    about: 'Boolean search on JDs: an optional skill and required custom values (CV_ a string or string array, CVA_ inside an array of objects, and customValue), shown in the records',
    operation: 'booleanSearch',
    indexType: 'JD',
    body: {
      query: { required: { CV_source: ['referral', 'agency'], CVA_jobs: ['applied'] }, optional: { Skill: ['Python'] } },
      customValue: { team: 'backend' },
      showCustomValue: true,
    },
  },
  {
    file: 'match-jd-to-resumes.sql',
    about: 'Match: the resumes that best fit a parsed JD (test/fixtures/sql/jd-pl.json, Warsaw): candidate tiers, entity, distance and keyword scores, explained',
    operation: 'match',
    indexType: 'Resume',
    body: { match: { docType: 'JD', jsonData: matchSource.toString('base64') }, explainScore: true, explainScoreType: 'json', pageSize: 10 },
    shown: { match: { docType: 'JD', jsonData: '<base64 of test/fixtures/sql/jd-pl.json>' }, explainScore: true, explainScoreType: 'json', pageSize: 10 },
  },
  {
    file: 'index-count.sql',
    about: 'Document management: how many documents two sub-users have, per index type',
    operation: 'indexCount',
    indexType: 'Resume',
    body: { index: { subUserId: ['recruiter-1', 'recruiter-2'] } },
  },
]

/** One statement as the log recorded it. */
interface Statement {
  sql: string
  values: Array<string | null>
}

let service: TestService
let key: string
let logged: Array<Record<string, unknown>>

beforeAll(async () => {
  // As a server runs by default: the segment merged in the background, not by the request.
  const started = await startLoggedService('trace', { searchMerge: 'background' })
  service = started.service
  logged = started.lines
  key = await service.createKey({ name: 'sql-snapshots' })
})
afterAll(() => service.close())

/** The statements `send` runs, in order. */
async function statementsOf(send: () => Promise<Response>): Promise<Statement[]> {
  logged.length = 0
  const res = await send()
  expect(res.status, await res.clone().text()).toBe(200)
  return logged
    .filter((line) => line.msg === 'statement')
    .map((line) => ({ sql: line.sql as string, values: line.values as Array<string | null> }))
}

describe('sql/', () => {
  it.each(requests)('$file holds the statements of: $about', async (request) => {
    const { index, ...rest } = request.body as { index?: Record<string, unknown> }
    const envelope = { indexType: request.indexType, indexKey: key, ...index }
    const statements = await statementsOf(() => service.post(`/searchengine/${request.operation}`, { index: envelope, ...rest }))
    const text = render(request, statements, key)
    const file = new URL(request.file, folder)
    if (update) {
      writeFileSync(file, text)
      return
    }
    expect(existsSync(file), `sql/${request.file} is missing: write it with UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/sql-snapshots.test.ts`).toBe(true)
    expect(
      text,
      `sql/${request.file} is not what ${request.operation} runs now. If the change is meant, write the files again with ` +
        'UPDATE_SQL_SNAPSHOTS=1 npx vitest run test/sql-snapshots.test.ts and commit the diff for review (- the file, + what runs now)',
    ).toBe(readFileSync(file, 'utf8'))
  })

  it('holds no statement file that no request writes', () => {
    const files = readdirSync(folder).filter((name) => name.endsWith('.sql')).sort()
    expect(files).toEqual(requests.map((r) => r.file).sort())
  })
})

/**
 * The file: a header naming the request, then each statement with its values as `-- $n = ...` above it.
 * Values are the text PostgreSQL receives, as SQL literals; the client key's hash is named, not shown
 * (the key is new on every run). Lines lose their trailing spaces and the indentation they all share,
 * and blank lines are left out, so editors leave the files alone; the statement's words and layout are kept.
 */
function render(request: SnapshotRequest, statements: Statement[], clientKey: string): string {
  const keyHash = `\\x${createHash('sha256').update(clientKey).digest('hex')}`
  const { index, ...rest } = (request.shown ?? request.body) as { index?: Record<string, unknown> }
  const body = { index: { indexType: request.indexType, indexKey: '<client key>', ...index }, ...rest }
  const lines = [
    `-- ${request.about}.`,
    `-- POST /searchengine/${request.operation}`,
    `-- ${JSON.stringify(body)}`,
    '--',
    '-- Written by test/sql-snapshots.test.ts from the statements this request ran, in order; not by hand',
    '-- (sql/README.md). $n values are the text the server receives.',
  ]
  statements.forEach((statement, i) => {
    lines.push('', `-- statement ${i + 1} of ${statements.length}`)
    statement.values.forEach((value, n) => lines.push(`-- $${n + 1} = ${value === keyHash ? "'<sha-256 of the client key>'" : literal(value)}`))
    const text = statement.sql.split('\n').map((line) => line.trimEnd()).filter((line) => line !== '')
    const indent = Math.min(...text.map((line) => line.length - line.trimStart().length))
    lines.push(...text.map((line, l) => line.slice(indent) + (l === text.length - 1 ? ';' : '')))
  })
  return lines.join('\n') + '\n'
}

/** A value as an SQL literal on one line: quotes doubled, a line break as E'\n'. */
function literal(value: string | null): string {
  if (value === null) return 'null'
  const quoted = value.replaceAll("'", "''")
  if (!/[\n\r]/.test(value)) return `'${quoted}'`
  return `E'${quoted.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll('\r', '\\r')}'`
}
