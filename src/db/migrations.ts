import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { sql, type Kysely } from 'kysely'
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration'

/** The folder of numbered SQL files (`0001_foundation.sql`, ...), applied in name order. */
export const migrationsFolder = fileURLToPath(new URL('../../migrations/', import.meta.url))

/**
 * Serves plain `.sql` files as kysely migrations, for the app and for kysely-ctl alike.
 * Each file runs in its own transaction; migrations only go forward, so there is no `down`.
 */
export class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly folder = migrationsFolder) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(this.folder)).filter((name) => name.endsWith('.sql')).sort()
    const migrations: Record<string, Migration> = {}
    for (const file of files) {
      const text = await readFile(this.folder + file, 'utf8')
      migrations[file.replace(/\.sql$/, '')] = {
        up: async (db: Kysely<unknown>) => {
          await sql.raw(text).execute(db)
        },
      }
    }
    return migrations
  }
}

/**
 * Brings the schema to the latest migration. Safe to call from several processes at once: kysely's
 * Migrator holds a Postgres advisory lock while it reads and applies migrations.
 *
 * @returns the names of the migrations this call applied.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new SqlFileMigrationProvider() })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
