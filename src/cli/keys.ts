import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import type { Kysely } from 'kysely'
import {
  createKey,
  CreateKeyInput,
  listKeys,
  parseKeyInput,
  revokeKey,
  updateKey,
  UpdateKeyInput,
} from '../accounts/key-service.js'
import { loadConfig } from '../config.js'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrations.js'
import type { Schema } from '../db/schema.js'
import { ApiError } from '../errors/api-error.js'

const usage = `Usage: npm run keys -- <command> [options]

  create --name NAME [--expires-at DATE] [--index-quota N] [--sub-user-limit N]
         [--no-search-engine] [--no-plugins]      create a client key and print it (shown once)
  list                                           list keys with their usage, never a secret
  update --name NAME [create's options] [--search-engine] [--plugins] [--rotate]
                                                 change a key; --rotate prints a new key
  revoke --name NAME                             delete the key and everything indexed under it

Uses DATABASE_URL when set, else the embedded database under DATA_DIR (stop the service first:
an embedded database has one user at a time).`

const options = {
  name: { type: 'string' },
  'expires-at': { type: 'string' },
  'index-quota': { type: 'string' },
  'sub-user-limit': { type: 'string' },
  'search-engine': { type: 'boolean' },
  'no-search-engine': { type: 'boolean' },
  plugins: { type: 'boolean' },
  'no-plugins': { type: 'boolean' },
  rotate: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/**
 * Runs one `keys` command against a database and returns what it prints.
 *
 * @example
 *   await runKeysCommand(db, ['create', '--name', 'acme', '--index-quota', '1000'])
 */
export async function runKeysCommand(db: Kysely<Schema>, argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({ args: argv, options, allowPositionals: true, strict: true })
  const command = positionals[0]
  if (values.help || !command) return usage

  const settings = {
    ...(values['expires-at'] !== undefined ? { expiresAt: values['expires-at'] } : {}),
    ...(values['index-quota'] !== undefined ? { indexQuota: Number(values['index-quota']) } : {}),
    ...(values['sub-user-limit'] !== undefined ? { subUserLimit: Number(values['sub-user-limit']) } : {}),
    ...(values['no-search-engine'] ? { searchEngine: false } : values['search-engine'] ? { searchEngine: true } : {}),
    ...(values['no-plugins'] ? { plugins: false } : values.plugins ? { plugins: true } : {}),
  }
  switch (command) {
    case 'create':
      return json(await createKey(db, parseKeyInput(CreateKeyInput, { name: values.name, ...settings })))
    case 'list':
      return json(await listKeys(db))
    case 'update':
      return json(await updateKey(db, required(values.name), parseKeyInput(UpdateKeyInput, { ...settings, ...(values.rotate ? { rotateKey: true } : {}) })))
    case 'revoke':
      await revokeKey(db, required(values.name))
      return `revoked ${values.name}`
    default:
      throw new Error(`unknown command "${command}"\n\n${usage}`)
  }
}

function required(name: string | undefined): string {
  if (!name) throw new Error('--name is required')
  return name
}

const json = (value: unknown) => JSON.stringify(value, null, 2)

async function main(): Promise<void> {
  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, maxConnections: 1 })
  try {
    await migrateToLatest(database.db)
    process.stdout.write((await runKeysCommand(database.db, process.argv.slice(2))) + '\n')
  } catch (error) {
    process.stderr.write(`${error instanceof ApiError ? `error ${error.code}: ` : ''}${(error as Error).message}\n`)
    process.exitCode = 1
  } finally {
    await database.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
