import { serve } from '@hono/node-server'
import { pino } from 'pino'
import { adminKeyBanner, resolveAdminAccess } from './accounts/admin-key.js'
import { loadConfig } from './config.js'
import { openDatabase } from './db/database.js'
import { pendingListFlush } from './db/gin-pending-lists.js'
import { migrateToLatest } from './db/migrations.js'
import { createApp } from './http/app.js'
import { vocabulary } from './parser/vocab/vocabulary.js'
import { segmentStatistics, startSegmentMerger } from './search/segment/segment-merge.js'

/** `npm start`: open the database, migrate it, and serve. */
const config = loadConfig()
const logger = pino({ level: config.logLevel })

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger })
logger.info({ mode: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined }, 'database opened')
const applied = await migrateToLatest(database.db)
if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied')

const { access, generatedKey } = await resolveAdminAccess(database.db, config, database.kind)
if (generatedKey) process.stdout.write(adminKeyBanner(generatedKey, config.port) + '\n')
if (!access.enabled) logger.warn('ADMIN_KEY is not set: the admin API answers 403')

const stopMerger = config.searchMerge === 'background'
  ? startSegmentMerger(database.db, { minDocs: config.segmentMergeDocs, maxWaitMs: config.segmentMergeMs, logger, statistics: segmentStatistics(database.db), pendingLists: pendingListFlush(database.db) })
  : async () => {}

// Read once per process, here rather than by the first search or parse, which waited 1.6 s for them.
const reading = performance.now()
vocabulary()
logger.info({ ms: Math.round(performance.now() - reading) }, 'vocabularies loaded')

const app = createApp({ config, db: database.db, logger, adminAccess: access })
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  logger.info({ port: info.port, searchBasePath: config.searchBasePath, pluginBasePath: config.pluginBasePath }, 'listening')
})

// Finish in-flight requests, then close the database (PGlite flushes its files on close).
const shutdown = (signal: string) => {
  logger.info({ signal }, 'shutting down')
  server.close(() => {
    stopMerger().then(() => database.close()).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'closing the database failed')
        process.exit(1)
      },
    )
  })
}
process.once('SIGINT', () => shutdown('SIGINT'))
process.once('SIGTERM', () => shutdown('SIGTERM'))
