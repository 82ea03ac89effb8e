import type { Kysely } from 'kysely'
import type { Logger } from 'pino'
import type { AdminAccess } from '../accounts/admin-key.js'
import type { Config } from '../config.js'
import type { Schema } from '../db/schema.js'

/** What the HTTP layer needs from the outside; tests pass their own. */
export interface ServiceDeps {
  config: Config
  db: Kysely<Schema>
  logger: Logger
  adminAccess: AdminAccess
}
