import { sql } from 'kysely'
import { findAccountByKeyHash, type Account } from '../../src/accounts/account-repository.js'
import { hashKey } from '../../src/accounts/key.js'
import { createKey } from '../../src/accounts/key-service.js'
import { loadConfig } from '../../src/config.js'
import { openDatabase, type Database } from '../../src/db/database.js'
import { migrateToLatest } from '../../src/db/migrations.js'
import { withTenant } from '../../src/db/tenant.js'
import { indexDocument } from '../../src/indexing/document-writer.js'
import type { SearchableDocument } from '../../src/entity/entities.js'
import { matchModel, matchQuery } from '../../src/match/match-model.js'
import { commonQuery } from '../../src/search/common-options.js'
import { searchStatement, type ExplainRow } from '../../src/search/search-sql.js'
import { productWeights, reweight, type MatchWeights } from './weights.js'

/** The scratch database on a PostgreSQL server; dropped first, so a crashed run leaves nothing in the way. */
export const scratchDatabase = 'rs_eval_match'

export interface ScoredResume {
  id: string
  score: number
  /** What each entity of the model scored (explain json, summed per entity), when asked for. */
  parts?: Record<string, number>
}

/**
 * The production match over a fresh database: resumes go in through indexDocument, JDs are matched with
 * the SearchQuery POST /match builds (matchModel + commonQuery + searchStatement).
 */
/** A JD as a match starts from it: its searchable entities and its parser output (for Keywords). */
export interface JdSource {
  searchable: SearchableDocument
  parsed: unknown
}

export class MatchEngine {
  private constructor(
    readonly database: Database,
    private readonly account: Account,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /** With a URL: a scratch database `rs_eval_match` on that server, dropped on close; else PGlite in memory. */
  static async open(databaseUrl: string | undefined): Promise<MatchEngine> {
    if (!databaseUrl) {
      const database = await openDatabase({})
      return MatchEngine.over(database, () => database.close())
    }
    await onServer(databaseUrl, async (server) => {
      await sql`drop database if exists ${sql.id(scratchDatabase)} with (force)`.execute(server.db)
      await sql`create database ${sql.id(scratchDatabase)}`.execute(server.db)
    })
    const url = new URL(databaseUrl)
    url.pathname = `/${scratchDatabase}`
    const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 4 })
    return MatchEngine.over(database, async () => {
      await database.close()
      await onServer(databaseUrl, (server) => sql`drop database if exists ${sql.id(scratchDatabase)} with (force)`.execute(server.db))
    })
  }

  /** Over a database the caller holds (tests): migrated to the latest, with an account of its own. */
  static async over(database: Database, cleanup: () => Promise<void> = async () => {}): Promise<MatchEngine> {
    await migrateToLatest(database.db)
    const { key } = await createKey(database.db, { name: `eval-match-${Date.now()}` })
    const account = await findAccountByKeyHash(database.db, hashKey(key))
    return new MatchEngine(database, account!, cleanup)
  }

  /** Indexes one parsed resume the way parseAndIndex does. */
  async indexResume(id: string, parsed: unknown, searchable: SearchableDocument): Promise<void> {
    await indexDocument(this.database.db, this.account, { indexType: 'Resume', documentId: id, parsed, searchable, customValue: {} })
  }

  /** POST /match, JD -> Resume: the first `size` resumes, best first (ties by id, as the service sorts). */
  async rank(jd: JdSource, size: number, weights = productWeights): Promise<ScoredResume[]> {
    return this.run(jd, weights, { pageSize: size })
  }

  /** POST /matchWithId, JD -> Resume: exactly these resumes (every one is scored), with their explained parts. */
  async scoreIds(jd: JdSource, ids: string[], weights = productWeights): Promise<Map<string, ScoredResume>> {
    const scored = await this.run(jd, weights, { pageSize: ids.length, explainScore: true, explainScoreType: 'json' }, ids)
    return new Map(scored.map((r) => [r.id, r]))
  }

  /** The entities the JD's match model compares (Location when it has a place); none: /match finds nothing. */
  modelEntities(jd: JdSource, weights = productWeights): string[] {
    const model = this.model(jd, weights)
    if (model.conditions.length === 0) return []
    return [...new Set([...model.conditions.map((c) => c.entity), ...(model.geo ? ['Location'] : []), ...(model.keywords ? ['Keywords'] : [])])]
  }

  /** The production model, with the weights the weight search tries in place of the product's. */
  private model(jd: JdSource, weights: MatchWeights) {
    return reweight(matchModel('JD', jd.searchable, 'Resume', jd.parsed), weights)
  }

  private async run(jd: JdSource, weights: MatchWeights, options: Parameters<typeof commonQuery>[1], matchIds?: string[]): Promise<ScoredResume[]> {
    const query = matchQuery(this.model(jd, weights), commonQuery('Resume', options, undefined), { matchIds, perTier: loadConfig().matchCandidatesPerTier })
    if (!query) return []
    const { rows } = await withTenant(this.database.db, this.account.id, (trx) => searchStatement(this.account.id, query).execute(trx))
    return rows[0]!.records.map((r) => ({ id: r.id, score: Number(r.score), ...(r.explain ? { parts: partsOf(r.explain) } : {}) }))
  }

  /** Closes what open() opened (and drops the scratch database); a database given to over() stays open. */
  close(): Promise<void> {
    return this.cleanup()
  }
}

function partsOf(explain: ExplainRow): Record<string, number> {
  const parts: Record<string, number> = {}
  for (const c of explain.conditions) parts[c.entity] = (parts[c.entity] ?? 0) + Number(c.score)
  if (explain.geo) parts.Location = Number(explain.geo.score)
  if (explain.keywords) parts.Keywords = Number(explain.keywords.score)
  return parts
}

async function onServer(databaseUrl: string, work: (server: Database) => Promise<unknown>): Promise<void> {
  const server = await openDatabase({ databaseUrl, maxConnections: 1 })
  try {
    await work(server)
  } finally {
    await server.close()
  }
}
