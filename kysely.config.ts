import { defineConfig } from 'kysely-ctl'
import { loadConfig } from './src/config.js'
import { openDatabase } from './src/db/database.js'
import { SqlFileMigrationProvider } from './src/db/migrations.js'

// `npx kysely migrate:latest` uses the same connection rules as the service:
// DATABASE_URL when set, else the embedded database under DATA_DIR.
export default defineConfig({
  kysely: async () => {
    const config = loadConfig()
    const { db } = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    return db
  },
  migrations: { provider: new SqlFileMigrationProvider() },
})
