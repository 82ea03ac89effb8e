import { sql, type RawBuilder } from 'kysely'
import type { IndexType } from '../index/entity-names.js'
import { languageEntity } from '../index/entities.js'
import { cellsCovering } from '../index/geo-cell.js'
import type { CandidateTier, Condition, ConditionValue, CustomValueCondition, SearchQuery } from './query.js'
import { sortExpression } from './sorting.js'

/**
 * The one statement of a search (simple, boolean, match): filter, score, count, facet, sort and page in
 * PostgreSQL, in one round trip. It returns one row: { count, records: [...], facets: {...} }.
 *
 * Reading guide, as SQL:
 *   with [candidates as materialized (match only: up to N ids per tier, strongest tier first),]
 *        matched as materialized (
 *     select document_id, <score> as score from documents d
 *      where d.account_id = $1 and d.index_type = $2 and <required> and <filters> and <geo> ...)
 *   select count(*) from matched where score >= $min,
 *          json_agg(page records with display values and explanations) ordered and limited,
 *          json_build_object(facet -> [{value, count}] over all matched rows)
 */
export function searchStatement(accountId: number, q: SearchQuery): RawBuilder<SearchRow> {
  const weighted = q.conditions.filter((c) => c.weight > 0)
  const score = weighted.length === 0 && !q.geo?.weight && !q.keywords
    ? sql`100::numeric`
    : sql`round((${sql.join([...weighted.map(conditionScore), geoScore(q), keywordScore(q, sql`ks.share`)], sql` + `)})::numeric, 2)`
  const keep = sql`${documentScope(accountId, q)} and ${sql.join(whereParts(q), sql` and `)}`
  const tiers = q.candidates ? candidateTiers(keep, accountId, q) : undefined
  // The documents that are scored: the match's candidates, or every document the search keeps.
  const rows = tiers ? sql`${documentScope(accountId, q)} and d.document_id in (select c.document_id from candidates c)` : keep
  // Sort keys are computed with the score, so the page is chosen from (id, score, keys) alone and only
  // its rows are joined back to the documents: never all matches. No window function over the page:
  // row_number() would sort every match, where ORDER BY ... LIMIT keeps only the top rows (top-N heapsort).
  const sortKeys = q.sorting.filter((s) => s.field !== 'score')
  const keyColumns = [
    ...sortKeys.map((s, i) => sql`${sortExpression(q.indexType, s.field)} as ${sql.ref(`sort_${i}`)}`),
    ...(q.facets?.fields ?? []).map((field, i) => sql`${facetValues(field.keys)} as ${sql.ref(`facet_${i}`)}`),
  ]
  const order = sql.join([
    ...q.sorting.map((s) => s.field === 'score'
      ? sql`s.score ${sql.raw(s.order)}`
      : sql`s.${sql.ref(`sort_${sortKeys.indexOf(s)}`)} ${sql.raw(s.order)} nulls last`),
    sql`s.score desc`,
    sql`s.document_id asc`,
  ], sql`, `)

  return sql<SearchRow>`
    with ${tiers ? sql`candidates as materialized (${tiers}),` : sql``}
    ${q.keywords ? sql`${keywordShares(rows, q.keywords, q.indexType)},` : sql``}
    matched as materialized (
      select d.document_id, ${score} as score${keyColumns.length > 0 ? sql`, ${sql.join(keyColumns, sql`, `)}` : sql``}
             ${q.keywords ? sql`, coalesce(ks.share, 0) as keyword_share, coalesce(ks.shared, 0) as keyword_words` : sql``}
        from (${scoringColumns(rows, (q.facets?.fields.length ?? 0) > 0)}) d
             ${q.keywords ? sql`left join keyword_share ks on ks.document_id = d.document_id` : sql``}
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
      (select count(*)::int from scored) as count,
      (select coalesce(json_agg(
                json_build_object(
                  'id', s.document_id, 'score', s.score, 'subUserId', d.sub_user_id, 'display', d.display,
                  'customValue', ${q.showCustomValue ? sql`d.custom_value` : sql`null`},
                  'skills', ${q.includeSkillType ? skillTypes(q) : sql`null`},
                  'distanceMeters', ${q.geo ? sql`round(st_distance(d.location, ${geoPoint(q)})::numeric)` : sql`null`},
                  'explain', ${q.explain ? explanation(q) : sql`null`}
                ) order by ${order}), '[]'::json)
         from page s
         join documents d on d.account_id = ${accountId} and d.index_type = ${q.indexType} and d.document_id = s.document_id) as records,
      ${facets(q)} as facets`
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
function scoringColumns(where: RawBuilder<unknown>, readsDisplay: boolean): RawBuilder<unknown> {
  const display = readsDisplay ? sql`d.display || '{}'::jsonb` : sql`d.display`
  return sql`select d.document_id, d.entities || '{}'::jsonb as entities, ${display} as display, d.location, d.experience_months,
                    d.experience_max_months, d.salary_min, d.salary_max, d.updated_at
               from documents d
              where ${where}
             offset 0`
}

/** The account, the index type, and the ids and sub-users the request allows. */
function documentScope(accountId: number, q: SearchQuery): RawBuilder<unknown> {
  const parts = [sql`d.account_id = ${accountId}`, sql`d.index_type = ${q.indexType}`]
  if (q.subUserIds) parts.push(sql`d.sub_user_id = any(${q.subUserIds}::text[])`)
  if (q.includeIds) parts.push(sql`d.document_id = any(${q.includeIds}::text[])`)
  if (q.excludeIds?.length) parts.push(sql`not (d.document_id = any(${q.excludeIds}::text[]))`)
  return sql.join(parts, sql` and `)
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

  for (const filter of q.filters) {
    const any = sql`(${sql.join(filter.values.flatMap((value) => filter.keys.map((key) => contains(key, value))), sql` or `)})`
    parts.push(filter.exclude ? sql`not ${any}` : any)
  }
  if (q.geo && q.geo.filter !== false) parts.push(withinRadius(q, narrowed))
  return parts.length > 0 ? parts : [sql`true`]
}

/**
 * The document lies within the radius. `inCells`: a GIN lookup in the radius' cells already keeps the
 * documents near the point, and the GiST index's bitmap of the whole neighbourhood (77,000 resumes
 * around New York at 1M) would only cost time to AND in, so the test is written `_st_dwithin`: the
 * function st_dwithin calls (spheroid, the same answers) without the support function that offers the
 * planner the index; PostGIS 3.3 and 3.6 (embedded) both have it. st_distance(...) <= radius would hide
 * the index too, but costs 10 us a row to st_dwithin's 1.
 */
function withinRadius(q: SearchQuery, inCells: boolean): RawBuilder<unknown> {
  return inCells
    ? sql`_st_dwithin(d.location, ${geoPoint(q)}, ${q.geo!.radiusMeters}, true)`
    : sql`st_dwithin(d.location, ${geoPoint(q)}, ${q.geo!.radiusMeters})`
}

/**
 * The grid cells that hold a radius search's circle (src/index/geo-cell.ts), or undefined. With them, the
 * WHERE asks the GIN index for each entity value within those cells ("java" AND cell 1:52:13, ...) rather
 * than for the value alone: the same documents once st_dwithin has kept those within the radius, since
 * every one of them lies in one of the cells, but a common value's bitmap is no longer built in full to
 * be ANDed with the GiST index's. Only the WHERE uses them; scores test the values alone.
 */
function radiusCells(q: SearchQuery): string[] | undefined {
  if (!q.geo || q.geo.filter === false) return undefined
  return cellsCovering(q.geo.latitude, q.geo.longitude, q.geo.radiusMeters)
}

/** entities @> {"Skill": ["java"]}: answered by the GIN index on entities. */
function contains(key: string, value: string): RawBuilder<unknown> {
  return sql`d.entities @> ${JSON.stringify({ [key]: [value] })}::jsonb`
}

/**
 * Whether the document has the value under one of the condition's keys. With `cells` (radius searches'
 * WHERE only, see radiusCells): under one of the keys and in one of the cells, one GIN lookup per
 * (key, cell) pair, written as `@> any(array)` so that the planner makes them one index scan.
 */
function valueMatches(c: Condition, v: ConditionValue, cells?: string[]): RawBuilder<unknown> {
  switch (v.type) {
    case 'exact':
      if (cells) return inCells(c.keys.map((key) => ({ [key]: [v.value] })), cells)
      return sql`(${sql.join(c.keys.map((key) => contains(key, v.value)), sql` or `)})`
    case 'allWords':
      if (cells) return inCells(c.keys.map((key) => ({ [key]: v.words })), cells)
      return sql`(${sql.join(c.keys.map((key) => sql`d.entities @> ${JSON.stringify({ [key]: v.words })}::jsonb`), sql` or `)})`
    case 'words': {
      // partialMatch: a substring test no index answers; it scans the documents the other conditions leave.
      const pattern = `%${v.value.split(' ').map(likeEscape).join('%')}%`
      return sql`exists (select 1 from unnest(${c.keys}::text[]) k, jsonb_array_elements_text(coalesce(d.entities -> k, '[]')) e where e like ${pattern})`
    }
    case 'months':
      return v.max === undefined
        ? sql`coalesce(d.${sql.ref(v.column)} >= ${v.min}, false)`
        : sql`coalesce(d.${sql.ref(v.column)} between ${v.min} and ${v.max}, false)`
  }
}

/** Any of the containments, each within one of the cells: one GIN lookup per (containment, cell). */
function inCells(containments: Array<Record<string, string[]>>, cells: string[]): RawBuilder<unknown> {
  return sql`d.entities @> any(${containments.flatMap((c) => cells.map((cell) => JSON.stringify({ ...c, GeoCell: [cell] })))}::jsonb[])`
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * The ids of the documents a match scores. Each tier takes up to `perTier` documents that meet its
 * groups, and the tiers are read in order until twice `perTier` ids are collected: UNION ALL under a
 * LIMIT stops pulling, so a later tier's scan never starts when the earlier ones filled the budget. A
 * broad match (a common title, common skills) so scores about a thousand documents, not every one that
 * shares a value, and the strongest tiers come first.
 *
 * Within a tier only the first group (the title, when there is one) and the radius are looked up in
 * the indexes; the other groups and the search's own WHERE filter the rows found. Left to itself the
 * planner ANDs the bitmaps of every group, and the bitmap of a few common skills holds a third of a
 * million documents at 1M: building it cost more than the rest of the match.
 */
function candidateTiers(keep: RawBuilder<unknown>, accountId: number, q: SearchQuery): RawBuilder<unknown> {
  const { tiers, perTier } = q.candidates!
  const anyOf = (tests: RawBuilder<unknown>[]) => sql`(${sql.join(tests, sql` or `)})`
  // Up to perTier documents that meet `lookup` (looked up in the indexes) and the other groups: first
  // those of the one-in-sixteen sample (its own small GIN index, migrations/0009), then the others, so a
  // common value's whole bitmap is built only when the sample's documents did not fill the tier.
  const take = (t: CandidateTier, lookup: Lookup | undefined, rest: Condition[][]) => {
    const found = [documentScope(accountId, q), ...(lookup ? [lookup.test] : [])]
    if (t.near && q.geo) found.push(withinRadius(q, lookup?.inCells ?? false))
    const part = (sample: RawBuilder<unknown>) =>
      sql`(select d.document_id
             from (select d.* from documents d where ${sql.join([...found, sample], sql` and `)} offset 0) d
            where ${sql.join([keep, ...rest.map((group) => anyOf(valueTests(group).map((v) => v.test)))], sql` and `)}
            limit ${perTier})`
    if (!lookup) return part(sql`true`)
    return sql`(select s.document_id from (${part(inSample)} union all ${part(outsideSample)}) s limit ${perTier})`
  }
  const tier = (t: CandidateTier) => {
    const [first, ...rest] = t.groups
    // A near tier looks its first group up within the radius' cells, as a radius search does (whereParts).
    const cells = t.near && q.geo ? cellsCovering(q.geo.latitude, q.geo.longitude, q.geo.radiusMeters) : undefined
    const tests = first ? valueTests(first, cells) : []
    if (!first || !t.oneValueAtATime) {
      return take(t, first ? { test: anyOf(tests.map((v) => v.test)), inCells: tests.every((v) => v.inCells) } : undefined, rest)
    }
    // One value after another, in the source's order, until the tier is full: the bitmap of a value
    // is built only when the values before it found too few documents.
    const byValue = tests.map((test) => take(t, test, rest))
    return sql`(select v.document_id from (${sql.join(byValue, sql` union all `)}) v limit ${perTier})`
  }
  return sql`select distinct t.document_id from (select u.document_id from (${sql.join(tiers.map(tier), sql` union all `)}) u limit ${perTier * 2}) t`
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
    if (cells) return { test: inCells(v.keys.map((key) => ({ [key]: [v.value] })), cells), inCells: true }
    return { test: sql`(${sql.join(v.keys.map((key) => contains(key, v.value)), sql` or `)})`, inCells: false }
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

/**
 * Whether a required condition holds: all its values (AND) or one of them (OR). With `cells`, an AND
 * looks up one value in the cells and tests the others with it: two `@> any(array)` in one index scan
 * would be scanned for every pair of their elements.
 */
function conditionHolds(c: Condition, cells?: string[]): RawBuilder<unknown> {
  const celled = c.operator === 'AND' ? c.values.findIndex(isIndexed) : -1
  const tests = c.values.map((v, i) => valueMatches(c, v, c.operator === 'AND' && i !== celled ? undefined : cells))
  return sql`(${sql.join(tests, c.operator === 'AND' ? sql` and ` : sql` or `)})`
}

/** Values the GIN index answers (the others are tested on the rows it leaves). */
function isIndexed(v: ConditionValue): boolean {
  return v.type === 'exact' || v.type === 'allWords'
}

/** weight x the share of the values met (AND: all or nothing; anyValue: one is enough). */
function conditionScore(c: Condition): RawBuilder<unknown> {
  if (c.operator === 'AND' || c.anyValue) return sql`(case when ${conditionHolds(c)} then ${c.weight}::numeric else 0 end)`
  const met = sql.join(c.values.map((v) => sql`(case when ${valueMatches(c, v)} then 1 else 0 end)`), sql` + `)
  if (c.coverage === 'document') {
    // Out of the document's own values under these keys (capped at the weight).
    const own = sql`(select count(*) from unnest(${c.keys}::text[]) k, jsonb_array_elements_text(coalesce(d.entities -> k, '[]')))`
    return sql`(case when ${own} = 0 then 0 else least(${c.weight}::numeric, ${c.weight}::numeric * (${met}) / ${own}) end)`
  }
  return sql`(${c.weight}::numeric * (${met}) / ${c.values.length})`
}

function geoPoint(q: SearchQuery): RawBuilder<unknown> {
  return sql`st_setsrid(st_makepoint(${q.geo!.longitude}, ${q.geo!.latitude}), 4326)::geography`
}

/**
 * The Keywords part of a match, as CTEs (docs/matching.md, "Keywords"): the source's words
 * (document_terms() of its parser output, the same function that fills documents.terms), the scored
 * documents in the source's language, the source's words each of them has, and each word's rarity among
 * them: ln(1 + documents / containing), so a word every candidate has (a JD's "experience") counts little
 * and one only a few have counts much. A document's share is the rarity of the words it has over the
 * rarity of all the source's words, times BM25's length factor.
 */
function keywordShares(rows: RawBuilder<unknown>, keywords: NonNullable<SearchQuery['keywords']>, targetType: IndexType): RawBuilder<unknown> {
  return sql`
    source_terms as materialized (
      -- Each word as a one-word tsquery, quoted as tsquery input wants it (quotes and backslashes
      -- doubled): a cast, so the word is taken as it is, not normalised again.
      select t.lexeme, ('''' || replace(replace(t.lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery as query
        from (select distinct unnest(tsvector_to_array(document_terms(${keywords.sourceType}, ${JSON.stringify(keywords.parsed)}::jsonb))) as lexeme) t
    ),
    keyword_documents as materialized (
      -- Each scored document in the source's language, read once (the concatenation detoasts its
      -- words once). A text in another language shares only names and tools with the source, and
      -- counting it would make the commonest words of the source's language look rare.
      select d.document_id, d.terms || ''::tsvector as terms, length(d.terms) as words
        from documents d
       where ${rows}${keywords.languages.length > 0 ? sql` and d.entities -> ${languageEntity(targetType)} ?| ${keywords.languages}::text[]` : sql``}
    ),
    keyword_hits as materialized (
      -- Each of the source's words is looked for among a document's (@@: a binary search in the sorted
      -- lexemes). Unnesting every document's words into rows to join them cost four times as much on
      -- 1,000 candidates, and a real resume has hundreds of words.
      select d.document_id, d.words, s.lexeme
        from keyword_documents d
             join source_terms s on d.terms @@ s.query
    ),
    keyword_rarity as (
      -- Every word of the source, those no document has at the rarity of a word one document has.
      select s.lexeme, ln(1 + (select count(*) from keyword_documents)::numeric / greatest(count(h.document_id), 1)) as rarity
        from source_terms s left join keyword_hits h on h.lexeme = s.lexeme
       group by s.lexeme
    ),
    keyword_share as (
      -- BM25's length normalisation (k1 1.2, b 0.75, each word once): a text longer than the scored
      -- documents' average has more words by chance, so each of its words counts for less.
      select h.document_id, count(*)::int as shared,
             least(1, sum(r.rarity) / nullif((select sum(rarity) from keyword_rarity), 0)
                      * 2.2 / (1 + 1.2 * (0.25 + 0.75 * min(h.words) / nullif((select avg(words) from keyword_documents), 0)))) as share
        from keyword_hits h join keyword_rarity r on r.lexeme = h.lexeme
       group by h.document_id
    )`
}

/** The Keywords part's score, from a document's share (0 to 1). */
function keywordScore(q: SearchQuery, share: RawBuilder<unknown>): RawBuilder<unknown> {
  return q.keywords ? sql`(${q.keywords.weight}::numeric * coalesce(${share}, 0))` : sql`0`
}

/** The distance's share: its weight at the centre, decaying linearly to 0 at the radius. */
function geoScore(q: SearchQuery): RawBuilder<unknown> {
  if (!q.geo?.weight) return sql`0`
  return sql`(${q.geo.weight}::numeric * greatest(0, 1 - coalesce(st_distance(d.location, ${geoPoint(q)}), ${q.geo.radiusMeters}) / ${q.geo.radiusMeters}))`
}

/** CV_key: the value is the string or in the array; CVA_key: a member of an object in the array. */
function customValueMatches(c: CustomValueCondition): RawBuilder<unknown> {
  const any = c.values.map((value) => {
    if (!c.inObjects) {
      return sql`(d.custom_value @> ${JSON.stringify({ [c.key]: value })}::jsonb or d.custom_value @> ${JSON.stringify({ [c.key]: [value] })}::jsonb)`
    }
    return sql`exists (
      select 1 from jsonb_array_elements(case when jsonb_typeof(d.custom_value -> ${c.key}) = 'array' then d.custom_value -> ${c.key} else '[]' end) o,
                    jsonb_each(case when jsonb_typeof(o) = 'object' then o else '{}' end) m
       where m.value = to_jsonb(${value}::text) or m.value @> jsonb_build_array(${value}::text))`
  })
  return sql`(${sql.join(any, sql` or `)})`
}

function skillTypes(q: SearchQuery): RawBuilder<unknown> {
  if (q.indexType === 'Resume') {
    return sql`(select json_agg(json_build_object('Skill', s ->> 'FormattedName', 'Type', s ->> 'Type')) from jsonb_array_elements(d.parsed -> 'ResumeParserData' -> 'SegregatedSkill') s)`
  }
  return sql`(select json_agg(json_build_object('Skill', s ->> 'FormattedName', 'Type', s ->> 'Type'))
                from jsonb_array_elements((d.parsed -> 'JDParsedData' -> 'Skills' -> 'Required') || (d.parsed -> 'JDParsedData' -> 'Skills' -> 'Preferred')) s)`
}

/** Per condition: what it scored on this document, out of its weight. */
function explanation(q: SearchQuery): RawBuilder<unknown> {
  const parts = q.conditions.map((c) => sql`json_build_object(
      'score', round((${c.weight > 0 ? conditionScore(c) : sql`0`})::numeric, 2), 'maxScore', ${c.weight}::numeric,
      'entity', ${c.entity}::text, 'condition', ${c.kind}::text, 'value', ${c.values.map((v) => v.shown).join(', ')}::text)`)
  const geo = q.geo
    ? sql`json_build_object('score', round((${geoScore(q)})::numeric, 2), 'maxScore', ${q.geo.weight}::numeric,
            'distance', round(st_distance(d.location, ${geoPoint(q)})::numeric))`
    : sql`null`
  const keywords = q.keywords
    ? sql`json_build_object('score', round(${keywordScore(q, sql`s.keyword_share`)}, 2), 'maxScore', ${q.keywords.weight}::numeric, 'shared', s.keyword_words)`
    : sql`null`
  return sql`json_build_object('conditions', ${parts.length > 0 ? sql`json_build_array(${sql.join(parts, sql`, `)})` : sql`'[]'::json`}, 'geo', ${geo}, 'keywords', ${keywords})`
}

/**
 * A facet field's values on one document, read while it is scored (facet_0, facet_1, ... of `matched`),
 * so counting them needs no second visit to the documents. A document counts once per value: one
 * entity's values are distinct when stored (src/index/entities.ts), a composite's are made so here.
 */
function facetValues(keys: string[]): RawBuilder<unknown> {
  if (keys.length === 1) return sql`array(select jsonb_array_elements_text(coalesce(d.display -> ${keys[0]!}::text, '[]')))`
  return sql`array(select distinct v from unnest(${keys}::text[]) k, jsonb_array_elements_text(coalesce(d.display -> k, '[]')) v)`
}

/** Exact counts over every matched document (not just the page), most frequent first, ties by value. */
function facets(q: SearchQuery): RawBuilder<unknown> {
  if (!q.facets || q.facets.fields.length === 0) return sql`null::json`
  const perField = q.facets.fields.map((field, i) => sql`${field.name}::text, (
      select coalesce(json_agg(json_build_object('value', f.value, 'count', f.n) order by f.n desc, f.value), '[]'::json)
        from (select v as value, count(*)::int as n
                from scored s, unnest(s.${sql.ref(`facet_${i}`)}) v
               group by v order by n desc, v limit ${q.facets!.limit}) f)`)
  return sql`json_build_object(${sql.join(perField, sql`, `)})`
}
