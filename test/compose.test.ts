import { execFile, execFileSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

/** `docker compose config` (plugin) or `docker-compose config` (Debian's package); .ci/run installs the latter. */
function composeCommand(): string[] | undefined {
  for (const command of [['docker', 'compose'], ['docker-compose']]) {
    try {
      execFileSync(command[0]!, [...command.slice(1), 'version'], { stdio: 'ignore' })
      return command
    } catch {
      // not installed
    }
  }
  return undefined
}

const compose = composeCommand()
if (!compose) console.info('skipped: docker-compose.yml validation: neither `docker compose` nor `docker-compose` is installed')
const validate = (folder: string) => promisify(execFile)(compose![0]!, [...compose!.slice(1), 'config', '-q'], { cwd: folder })

describe.runIf(compose)('docker-compose.yml', () => {
  it('validates, and the validator refuses a broken copy', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rs-compose-'))
    try {
      copyFileSync('docker-compose.yml', join(folder, 'docker-compose.yml'))
      copyFileSync('Dockerfile', join(folder, 'Dockerfile'))
      await validate(folder)
      const broken = readFileSync('docker-compose.yml', 'utf8').replace('depends_on:', 'depends_onn:')
      writeFileSync(join(folder, 'docker-compose.yml'), broken)
      await expect(validate(folder)).rejects.toThrow()
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('runs the API from this repository against the PostGIS service', () => {
    const text = readFileSync('docker-compose.yml', 'utf8')
    expect(text).toMatch(/image: postgis\/postgis:/)
    expect(text).toMatch(/build: \./)
    expect(text).toMatch(/DATABASE_URL: postgres:\/\/[^@]+@db:5432\//)
  })
})
