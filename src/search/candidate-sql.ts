import { sql, type RawBuilder } from 'kysely'
import { documentScope, hasValue, valueMatches } from './condition-sql.js'
import { circleCells, withinRadius } from './geo-radius.js'
import type { CandidateTier, Condition, SearchQuery } from './query.js'

/**
 * The row addresses (ctid, `row_id`) of the documents a match scores: the statement reads their rows
 * once more by them, a TID scan, where looking each id up in the primary key again cost about a fifth
 * of a match at 1M (docs/benchmarks.md); one statement, one snapshot, so an address cannot change in
 * between. Each tier takes up to `perTier` documents that meet its groups, and the tiers are read in
 * order until twice `perTier` are collected: UNION ALL under a
 * LIMIT stops pulling, so a later tier's scan never starts when the earlier ones filled the budget. A
 * broad match (a common title, common skills) so scores about a thousand documents, not every one that
 * shares a value, and the strongest tiers come first.
 *
 * Within a tier only the first group (the title, when there is one) and the radius are looked up in
 * the indexes; the other groups and the search's own WHERE filter the rows found. Left to itself the
 * planner ANDs the bitmaps of every group, and the bitmap of a few common skills holds a large part
 * of the index: building it cost more than the rest of the match (docs/benchmarks.md).
 */
export function candidateTiers(keep: RawBuilder<unknown>, accountId: number, q: SearchQuery): RawBuilder<unknown> {
  const { tiers, perTier } = q.candidates!
  const anyOf = (tests: RawBuilder<unknown>[]) => sql`(${sql.join(tests, sql` or `)})`
  // Up to perTier documents that meet `lookup` (looked up in the indexes) and the other groups: first
  // those of the one-in-sixteen sample (its own small GIN index, migrations/0009), then the others, so a
  // common value's whole bitmap is built only when the sample's documents did not fill the tier.
  const take = (t: CandidateTier, lookup: Lookup | undefined, rest: Condition[][]) => {
    const found = [documentScope(accountId, q), ...(lookup ? [lookup.test] : [])]
    if (t.near && q.geo) found.push(withinRadius(q, lookup?.inCells ?? false))
    const part = (sample: RawBuilder<unknown>) =>
      sql`(select d.row_id
             from (select d.ctid as row_id, d.* from documents d where ${sql.join([...found, sample], sql` and `)} offset 0) d
            where ${sql.join([keep, ...rest.map((group) => anyOf(valueTests(group).map((v) => v.test)))], sql` and `)}
            limit ${perTier})`
    if (!lookup) return part(sql`true`)
    return sql`(select s.row_id from (${part(inSample)} union all ${part(outsideSample)}) s limit ${perTier})`
  }
  const tier = (t: CandidateTier) => {
    const [first, ...rest] = t.groups
    // A near tier looks its first group up within the radius' cells, as a radius search does (search-sql.ts whereParts).
    const cells = t.near && q.geo ? circleCells(q.geo) : undefined
    const tests = first ? valueTests(first, cells) : []
    if (!first || !t.oneValueAtATime) {
      return take(t, first ? { test: anyOf(tests.map((v) => v.test)), inCells: tests.every((v) => v.inCells) } : undefined, rest)
    }
    // One value after another, in the source's order, until the tier is full: the bitmap of a value
    // is built only when the values before it found too few documents.
    const byValue = tests.map((test) => take(t, test, rest))
    return sql`(select v.row_id from (${sql.join(byValue, sql` union all `)}) v limit ${perTier})`
  }
  return sql`select distinct t.row_id from (select u.row_id from (${sql.join(tiers.map(tier), sql` union all `)}) u limit ${perTier * 2}) t`
}

/**
 * The candidate sample: one document in sixteen, by a hash of its id. Written exactly as the predicate
 * of its index (migrations/0009_entities_sample_index.sql), which the planner must recognise.
 */
const inSample = sql`(hashtext(d.document_id) & 15) = 0`
const outsideSample = sql`(hashtext(d.document_id) & 15) <> 0`

/**
 * Per value of a candidate tier's group, in the source's order, one test: its entities ORed ("java" as
 * SkillHaveExp or SkillWithoutExp). Each exact (entity, value) is tested once, however many conditions
 * look for it (a JD's required skill is scored both as SkillHaveExp and as either key), so a lookup
 * ORs each GIN entry once; PostgreSQL flattens the nested ORs into one BitmapOr. With `cells` (a near
 * tier's first group), each exact value is looked for within the radius' cells.
 */
function valueTests(group: Condition[], cells?: string[]): Lookup[] {
  return valueKeys(group).map((v) => {
    if (!('keys' in v)) return { test: v.test, inCells: false }
    return { test: hasValue(v.keys, v.value, cells), inCells: cells !== undefined }
  })
}

/** A candidate lookup, and whether it only finds documents in the radius' cells. */
interface Lookup {
  test: RawBuilder<unknown>
  inCells: boolean
}

/** The group's exact values with the entities each is looked for in, each pair once; other values as their tests. */
function valueKeys(group: Condition[]): Array<{ value: string; keys: string[] } | { test: RawBuilder<unknown> }> {
  const exact = new Map<string, { value: string; keys: string[] }>()
  const out: Array<{ value: string; keys: string[] } | { test: RawBuilder<unknown> }> = []
  for (const c of group) {
    for (const v of c.values) {
      if (v.type !== 'exact') {
        out.push({ test: valueMatches(c, v) })
        continue
      }
      let entry = exact.get(v.value)
      if (!entry) {
        entry = { value: v.value, keys: [] }
        exact.set(v.value, entry)
        out.push(entry)
      }
      for (const key of c.keys) if (!entry.keys.includes(key)) entry.keys.push(key)
    }
  }
  return out
}
