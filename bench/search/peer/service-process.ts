import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Kysely } from 'kysely'
import { updateKey } from '../../../src/accounts/key-service.js'
import type { Schema } from '../../../src/db/schema.js'
import { outputOf, stopper } from './child-process.js'
import { freePort } from './searchd.js'

const repository = fileURLToPath(new URL('../../../', import.meta.url))

/** The service as `npm start` runs it, serving HTTP on a port of its own. */
export interface ServiceProcess {
  baseUrl: string
  /** Stops the process this module started (SIGTERM: it finishes requests and closes its pool). */
  stop(): Promise<void>
}

/**
 * Starts `node --import tsx src/main.ts` over `databaseUrl` on a free port and waits for its "listening"
 * line. Its log goes to a pipe that is read and dropped, so the request log costs what it costs in
 * production without filling the benchmark's output; only the last lines are kept for an error.
 */
export async function startServiceProcess(databaseUrl: string): Promise<ServiceProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: repository,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), ADMIN_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = outputOf(child)
  const stop = stopper(child, 15_000)
  const deadline = Date.now() + 120_000
  while (!output().includes('"msg":"listening"')) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}:\n${output()}`)
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the service did not listen within 120 s:\n${output()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { baseUrl: `http://127.0.0.1:${port}`, stop }
}

/**
 * A client key for the benchmark's account: its key is rotated the way `npm run keys -- update --name
 * bench --rotate` does (src/accounts/key-service.ts), since the load created the account without one.
 */
export async function benchAccountKey(db: Kysely<Schema>, accountName: string): Promise<string> {
  const { key } = await updateKey(db, accountName, { rotateKey: true })
  if (!key) throw new Error(`no key issued for ${accountName}`)
  return key
}
