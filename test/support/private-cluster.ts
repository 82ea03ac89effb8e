import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './server-process.js'

const run = promisify(execFile)

/**
 * A PostgreSQL cluster of one test file's own, made with the installed server binaries (initdb and
 * pg_ctl), so the test may stop, restart and kill it without disturbing the server the rest of the
 * suite runs on.
 */
export interface PrivateCluster {
  /** A superuser URL of `database` on this cluster. */
  url(database?: string): string
  start(): Promise<void>
  /** A fast shutdown: connections are terminated, as when an operator restarts the server. */
  stop(): Promise<void>
  destroy(): Promise<void>
}

/** The folder of the newest installed PostgreSQL server's binaries, if any (Debian's layout). */
export function serverBinaries(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a))
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin')
}

export async function createPrivateCluster(): Promise<PrivateCluster> {
  const bin = serverBinaries()
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (install postgresql-15)')
  const folder = mkdtempSync(join(tmpdir(), 'rs-cluster-'))
  const data = join(folder, 'data')
  const port = await freePort()
  // initdb refuses to run as root, so a root test (CI) runs the binaries as the postgres user.
  const asRoot = userInfo().uid === 0
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: group } = await run('id', ['-g', 'postgres'])
    chownSync(folder, Number(stdout.trim()), Number(group.trim()))
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args)
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`
  const pgCtl = (...args: string[]) => pg('pg_ctl', ['-D', data, '-l', join(folder, 'log'), '-w', '-t', '60', ...args])

  await pg('initdb', ['-D', data, '--auth=trust', '--username=postgres', '--no-sync', '--encoding=UTF8', '--locale=C'])
  await pgCtl('-o', options, 'start')
  return {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: async () => void (await pgCtl('-o', options, 'start')),
    stop: async () => void (await pgCtl('-m', 'fast', 'stop')),
    async destroy() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined)
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
