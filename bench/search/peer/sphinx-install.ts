import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'

/** The two Sphinx programs the peer benchmark runs. */
export const sphinxPrograms = ['indexer', 'searchd'] as const

/** Whether an executable of that name is on PATH. */
export function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, program), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

export const sphinxMissing = (): string[] => sphinxPrograms.filter((program) => !onPath(program))

/**
 * Makes sure `indexer` and `searchd` are installed: when either is missing, installs Debian's
 * `sphinxsearch` (Sphinx 2.2) with apt-get, saying so, and refreshes the package lists once if the
 * first attempt cannot find the package. Throws when they are still missing.
 */
export function ensureSphinx(log: (line: string) => void): void {
  const missing = sphinxMissing()
  if (missing.length === 0) return
  log(`${missing.join(' and ')} not on PATH: installing the Debian package sphinxsearch (apt-get install -y sphinxsearch)`)
  const install = () => spawnSync('apt-get', ['install', '-y', '-qq', 'sphinxsearch'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  if (install().status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' })
    install()
  }
  const still = sphinxMissing()
  if (still.length > 0) throw new Error(`${still.join(' and ')} still missing after apt-get install sphinxsearch (it needs root); install Sphinx 2.2 and run again`)
}

/** The first line searchd prints about itself ("Sphinx 2.2.11-id64-release (95ae9a6)"). */
export function sphinxVersion(): string {
  const { stdout } = spawnSync('searchd', ['--help'], { encoding: 'utf8' })
  return stdout.split('\n')[0]?.trim() || 'Sphinx (version unknown)'
}
