import { sql, type RawBuilder, type Transaction } from 'kysely'
import type { Schema } from '../db/schema.js'
import { candidateTiers } from './candidate-sql.js'
import { conditionHolds, conditionScore, customValueMatches, documentScope, isIndexed, valueMatches } from './condition-sql.js'
import { explanation } from './explain.js'
import { facetColumns, facets } from './facets.js'
import { filterMatches } from './filters.js'
import { distanceMeters, geoScore, radiusCells, withinRadius } from './geo-radius.js'
import { keywordScore, keywordShares } from './keyword-score.js'
import type { SearchQuery } from './query.js'
import { skillTypes } from './records.js'
import { segmentCtes } from './segment/segment-sql.js'
import { segmentPlan } from './segment/segment-plan.js'
import { distanceReadsRows } from './segment/radius-estimate.js'
import { pageOrder, sortKeyColumns } from './sorting.js'

/**
 * The one statement of a search (simple, boolean, match): filter, score, count, facet, sort and page in
 * PostgreSQL, in one round trip. It returns one row: { count, records: [...], facets: {...} }.
 *
 * Reading guide, as SQL:
 *   with [candidates as materialized (match only: up to N row addresses per tier, strongest tier first),]
 *        [scored_rows as materialized (with a Keywords part: the scored rows, read once for that part and the scores),]
 *        [seg, seg_bits, segment (what the search segment answers: count, the page's candidates, facets),]
 *        matched as materialized (
 *     select document_id, <score> as score from documents d
 *      where d.account_id = $1 and d.index_type = $2 and <required> and <filters> and <geo> ...
 *            [with the segment: only its candidates, and the delta's rows that meet the WHERE])
 *   select count(*) from matched where score >= $min (with the segment: its count plus the delta's),
 *          json_agg(page records with display values and explanations) ordered and limited,
 *          json_build_object(facet -> [{value, count}] over all matched rows)
 * This file is the statement's skeleton; each piece is in the file named for it: the WHERE's building
 * blocks and condition scores (condition-sql.ts), the radius (geo-radius.ts), filters (filters.ts), the
 * segment's CTEs (segment/segment-sql.ts, docs/search-core.md),
 * the match's candidates (candidate-sql.ts) and Keywords part (keyword-score.ts), sort keys and order
 * (sorting.ts), facets (facets.ts), a record's skill types (records.ts) and score parts (explain.ts).
 */
export function searchStatement(accountId: number, q: SearchQuery, segment?: { mergedUpto: number }): RawBuilder<SearchRow> {
  const weighted = q.conditions.filter((c) => c.weight > 0)
  const score = weighted.length === 0 && !q.geo?.weight && !q.keywords
    ? sql`100::numeric`
    : sql`round((${sql.join([...weighted.map(conditionScore), geoScore(q), keywordScore(q, sql`ks.share`)], sql` + `)})::numeric, 2)`
  const keep = sql`${documentScope(accountId, q)} and ${sql.join(whereParts(q), sql` and `)}`
  // Every candidate a tier looks up shares one of the source's values, so its rows need the WHERE without
  // the ways in (requireAnyOptional): repeated in each one-value lookup, those grew the statement with the
  // square of the source's values, past PostgreSQL's 65,535 parameters for a resume listing 130 skills.
  const tiers = q.candidates ? candidateTiers(sql`${documentScope(accountId, q)} and ${sql.join(whereParts({ ...q, requireAnyOptional: false }), sql` and `)}`, accountId, q) : undefined
  // The segment answers what it can (segment/segment-plan.ts): then only its candidates for the page and
  // the delta's documents (written since its last merge) are scored as rows.
  const plan = tiers || !segment ? undefined : segmentPlan(q)
  const merged = segment?.mergedUpto ?? 0
  // The documents that are scored: the match's candidates, the segment's and the delta's, or every document the search keeps.
  const rows = tiers
    ? sql`${documentScope(accountId, q)} and d.ctid = any(array(select c.row_id from candidates c))`
    : plan ? sql`${keep} and d.ordinal > ${merged}` : keep
  const readsDisplay = (q.facets?.fields.length ?? 0) > 0
  // With a Keywords part (every match) the scored rows have two readers, its words and the scores: they
  // are read once (scored_rows), where each read looked every row up again (docs/benchmarks.md).
  const source = q.keywords ? { from: sql`scored_rows d`, where: sql`true` } : { from: sql`documents d`, where: rows }
  const scoredRows = plan
    ? sql`(${scoringColumns({ from: sql`documents d`, where: sql`${documentScope(accountId, q)} and d.ordinal = any((select ordinals from segment)::int[])` }, readsDisplay)})
          union all
          (${scoringColumns(source, readsDisplay)})`
    : scoringColumns(source, readsDisplay)
  const delta = sql`s.ordinal > ${merged}`
  // Sort keys are computed with the score, so the page is chosen from (id, score, keys) alone and only
  // its rows are joined back to the documents: never all matches. No window function over the page:
  // row_number() would sort every match, where ORDER BY ... LIMIT keeps only the top rows (top-N heapsort).
  const keyColumns = [...sortKeyColumns(q), ...(q.facets?.fields ?? []).flatMap((field, i) => facetColumns(field.keys, i))]
  const order = pageOrder(q)

  return sql<SearchRow>`
    with ${tiers ? sql`candidates as materialized (${tiers}),` : sql``}
    ${q.keywords ? sql`scored_rows as materialized (
                         select d.document_id, d.ordinal, d.entities, d.display, d.location, d.experience_months, d.experience_max_months,
                                d.salary_min, d.salary_max, d.updated_at, d.terms
                           from documents d
                          where ${rows}),` : sql``}
    ${plan ? segmentCtes(accountId, q, plan, merged, rows) : sql``}
    ${q.keywords ? sql`${keywordShares(source, q.keywords, q.indexType)},` : sql``}
    matched as materialized (
      select d.document_id, d.ordinal, ${score} as score${keyColumns.length > 0 ? sql`, ${sql.join(keyColumns, sql`, `)}` : sql``}
             ${q.keywords ? sql`, coalesce(ks.share, 0) as keyword_share, coalesce(ks.shared, 0) as keyword_words` : sql``}
        from (${scoredRows}) d
             ${q.keywords ? sql`cross join lateral (select (k.shares -> d.document_id ->> 0)::numeric as share, (k.shares -> d.document_id ->> 1)::int as shared
                                                  from keyword_share_by_document k) ks` : sql``}
    ),
    scored as (
      select * from matched m where m.score >= ${q.minScore ?? 0}
    ),
    page as (
      select s.*
        from scored s
       order by ${order}
       limit ${q.page.size} offset ${q.page.start}
    )
    select
      ${plan ? sql`(select count from segment) + (select count(*)::int from scored s where ${delta})` : sql`(select count(*)::int from scored)`} as count,
      (select coalesce(json_agg(
                json_build_object(
                  'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
                  'customValue', ${q.showCustomValue ? sql`d.custom_value` : sql`null`},
                  'skills', ${q.includeSkillType ? skillTypes(q) : sql`null`},
                  'distanceMeters', ${q.geo ? distanceMeters(q) : sql`null`},
                  'explain', ${q.explain ? explanation(q) : sql`null`}
                ) order by ${order}), '[]'::json)
         from page s
         join documents d on d.account_id = ${accountId} and d.index_type = ${q.indexType} and d.document_id = s.document_id) as records,
      ${facets(q, plan ? { main: sql`(select facets from segment)`, only: delta } : undefined)} as facets`
}

/**
 * The statement of a search as the service runs it, in its tenant transaction: with the segment's merged
 * ordinal read first (segment/segment-sql.ts says why). Without `segment`, searchStatement reads the rows
 * alone, as before the segment.
 */
export async function searchStatementIn(trx: Transaction<Schema>, accountId: number, q: SearchQuery): Promise<RawBuilder<SearchRow>> {
  // A match scores its candidate tiers from the rows: no bound to read.
  if (q.candidates) return searchStatement(accountId, q)
  // A distance that scores: a search expected to keep few documents scores them from the rows sooner.
  if (q.geo && q.geo.weight > 0 && (await distanceReadsRows(trx, accountId, q))) return searchStatement(accountId, q)
  const { rows } = await sql<{ merged: number }>`
    select coalesce((select merged_upto from search_segments where account_id = ${accountId} and index_type = ${q.indexType}), 0) as merged`.execute(trx)
  return searchStatement(accountId, q, { mergedUpto: rows[0]!.merged })
}

export interface SearchRow {
  count: number
  records: Array<{
    id: string
    score: number
    subUserId: string | null
    display: Record<string, string[]>
    customValue: Record<string, unknown> | null
    skills: Array<{ Skill: string; Type: string }> | null
    distanceMeters: number | null
    explain: ExplainRow | null
  }>
  facets: Record<string, Array<{ value: string; count: number }>> | null
}

export interface ExplainRow {
  conditions: Array<{ score: number; maxScore: number; entity: string; condition: string; value: string }>
  geo: { score: number; maxScore: number; distance: number | null } | null
  /** Match: the Keywords part and how many of the source's words the document has. */
  keywords: { score: number; maxScore: number; shared: number } | null
}

/**
 * The rows a search scores, with the columns scores and sort keys read. `entities || '{}'` hands the
 * score a decompressed copy of entities that are compressed or in TOAST (rows written before
 * migrations/0005, or too large to stay inline; jsonb_concat returns its detoasted argument when the
 * other is empty): without it every one of the score's containment tests fetches and decompresses the
 * value again, 15 to 30 times per row for a match. For an inline value it is a pointer passed on.
 * `offset 0` keeps the planner from folding the copy back into each test.
 */
function scoringColumns(source: RowSource, readsDisplay: boolean): RawBuilder<unknown> {
  const display = readsDisplay ? sql`d.display || '{}'::jsonb` : sql`d.display`
  return sql`select d.document_id, d.ordinal, d.entities || '{}'::jsonb as entities, ${display} as display, d.location, d.experience_months,
                    d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
               from ${source.from}
              where ${source.where}
             offset 0`
}

/** Where scored rows come from: a FROM item aliased `d` (documents, or scored_rows with a Keywords part) and a WHERE over it. */
export interface RowSource {
  from: RawBuilder<unknown>
  where: RawBuilder<unknown>
}

function whereParts(q: SearchQuery): RawBuilder<unknown>[] {
  const cells = radiusCells(q)
  // Whether a GIN lookup that every document must pass carries the cells (then the radius itself
  // need not be looked up in the GiST index).
  let narrowed = false
  const required = q.conditions.filter((c) => c.kind === 'Required')
  const optional = q.conditions.filter((c) => c.kind === 'Optional')
  // Cells go to one required condition the index answers: the planner ANDs the others into the same scan.
  const celled = cells ? required.findIndex((c) => (c.operator === 'AND' ? c.values.some(isIndexed) : c.values.every(isIndexed))) : -1
  if (celled >= 0) narrowed = true
  const entity: RawBuilder<unknown>[] = required.map((c, i) => conditionHolds(c, i === celled ? cells : undefined))
  // Without required entities, a document must meet at least one optional value.
  if (required.length === 0 && optional.length > 0 && q.requireAnyOptional !== false) {
    // Years of experience only score: most documents meet "at least 5 years", so as a way in they would
    // match half the index and no index could narrow the search. They filter only when alone.
    const entities = optional.filter((c) => !c.values.every((v) => v.type === 'months'))
    const ways = entities.length > 0 ? entities : optional
    // In cells only when the index answers every way in: an OR with one it does not is a scan anyway.
    const wayCells = ways.every((c) => c.values.every(isIndexed)) ? cells : undefined
    if (wayCells) narrowed = true
    entity.push(sql`(${sql.join(ways.flatMap((c) => c.values.map((v) => valueMatches(c, v, wayCells))), sql` or `)})`)
  }
  const entities = entity.length > 0 ? sql`(${sql.join(entity, sql` and `)})` : undefined

  const custom = q.customValues.length > 0
    ? sql`(${sql.join(q.customValues.map(customValueMatches), q.customValueOperator === 'AND' ? sql` and ` : sql` or `)})`
    : undefined
  const parts: RawBuilder<unknown>[] = []
  if (entities && custom) {
    parts.push(q.customValuesRequired ? sql`${entities} and ${custom}` : sql`(${entities} or ${custom})`)
    // A document may come in through its custom values alone, outside the cells' lookups.
    if (!q.customValuesRequired) narrowed = false
  } else if (entities ?? custom) parts.push((entities ?? custom)!)

  for (const filter of q.filters) parts.push(filterMatches(filter))
  if (q.geo && q.geo.filter !== false) parts.push(withinRadius(q, narrowed))
  return parts.length > 0 ? parts : [sql`true`]
}
