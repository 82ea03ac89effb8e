import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statementLog } from '../src/db/database.js'
import type { TestService } from './support/service.js'
import { startLoggedService } from './support/statement-log.js'

/** LOG_LEVEL=debug: each statement the service runs is logged with its duration, never its values. */
let service: TestService
let key: string
let logged: Array<Record<string, unknown>>

beforeAll(async () => {
  const started = await startLoggedService('debug')
  service = started.service
  logged = started.lines
  key = await service.createKey({ name: 'logged-client' })
})
afterAll(() => service.close())

describe('the statement log', () => {
  it('has a line per statement of a search, with its text, parameter count and milliseconds, and no values', async () => {
    logged.length = 0
    const res = await service.post('/searchengine/booleanSearch', {
      index: { indexType: 'Resume', indexKey: key },
      query: { required: { Skill: ['Kubernetes'] } },
      customValue: { candidateName: 'Zofia Wiśniewska' },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const statements = logged.filter((line) => line.msg === 'statement')
    expect(statements.map((line) => line.level)).toEqual(statements.map(() => 20))
    const search = statements.find((line) => String(line.sql).includes('matched as materialized'))
    expect(search, JSON.stringify(statements)).toBeDefined()
    expect(search).toMatchObject({ parameters: expect.any(Number), ms: expect.any(Number) })
    expect(search!.parameters).toBeGreaterThan(2)
    expect(search!.ms).toBeGreaterThanOrEqual(0)
    expect(statements.map((line) => line.sql)).toEqual(expect.arrayContaining(['begin', 'commit']))
    // The request's data is bound, and bound values stay out of debug lines.
    for (const line of statements) expect(line).not.toHaveProperty('values')
    expect(JSON.stringify(logged)).not.toMatch(/kubernetes|Wiśniewska/i)
  })

  it('is not installed above debug, so statements cost nothing extra at info', () => {
    expect(statementLog(pino({ level: 'info' }))).toBeUndefined()
    expect(statementLog(undefined)).toBeUndefined()
    expect(statementLog(pino({ level: 'debug' }))).toBeTypeOf('function')
  })
})
