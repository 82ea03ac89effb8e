import { Writable } from 'node:stream'
import { pino } from 'pino'
import type { Config } from '../../src/config.js'
import { startTestService, type TestService } from './service.js'
import { openTestDatabase } from './test-database.js'

/**
 * The test service on a database of its own whose statement log (openDatabase's) is on at `level`:
 * `lines` gets every line it writes, parsed; empty it before a request to keep that request's statements.
 */
export async function startLoggedService(level: 'debug' | 'trace', config: Partial<Config> = {}): Promise<{ service: TestService; lines: Array<Record<string, unknown>> }> {
  const lines: Array<Record<string, unknown>> = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  const database = await openTestDatabase({ logger: pino({ level }, sink) })
  return { service: await startTestService({ database, config }), lines }
}
