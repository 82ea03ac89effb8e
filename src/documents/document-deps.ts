import type { Kysely } from 'kysely'
import type { Schema } from '../db/schema.js'

/** What the document and index management operations need: the database. */
export interface DocumentDeps {
  db: Kysely<Schema>
}
