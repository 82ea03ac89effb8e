import { sql, type Kysely } from 'kysely'
import type { Schema } from '../../src/db/schema.js'
import { withTenant } from '../../src/db/tenant.js'
import type { SearchQuery } from '../../src/search/query.js'
import { searchStatementIn } from '../../src/search/search-sql.js'

/** A scan of a plan: node type, the index or table it reads, and what it looks up in the index. */
export type Scan = { node: string; index?: string; table?: string; condition?: string }

interface PlanNode { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] }

/** The bitmap scan of the GIN index on entities, which answers every entity condition. */
export const ginScan = { node: 'Bitmap Index Scan', index: 'documents_entities' }

/**
 * The scans PostgreSQL plans for a search, planned as the service runs it: its one statement, in a
 * tenant transaction (withTenant: the tenant role, under row-level security).
 */
export async function planScans(db: Kysely<Schema>, accountId: number, q: SearchQuery): Promise<Scan[]> {
  const plan = await withTenant(db, accountId, async (trx) =>
    (await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${await searchStatementIn(trx, accountId, q)}`.execute(trx)).rows[0]!['QUERY PLAN'])
  // pg parses the json column; PGlite hands it over as text.
  const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: PlanNode }>
  const out: Scan[] = []
  const walk = (node: PlanNode) => {
    if (/Scan/.test(node['Node Type'])) {
      out.push({
        node: node['Node Type'],
        ...(node['Index Name'] ? { index: node['Index Name'] } : {}),
        ...(node['Relation Name'] ? { table: node['Relation Name'] } : {}),
        ...(node['Index Cond'] ? { condition: node['Index Cond'] } : {}),
      })
    }
    for (const child of node.Plans ?? []) walk(child)
  }
  walk(root[0]!.Plan)
  return out
}
