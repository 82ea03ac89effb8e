import { sql, type RawBuilder } from 'kysely'
import { inCells } from './geo-radius.js'
import type { Condition, ConditionValue, CustomValueCondition, SearchQuery } from './query.js'

/**
 * The building blocks of a search's WHERE, shared by the statement (search-sql.ts) and the match's
 * candidate lookups (candidate-sql.ts): which documents a request may see, and whether a document has a
 * condition's value (through the GIN index on entities, within the radius' cells when given) or a
 * custom value; and what an entity condition scores.
 */

/** The account, the index type, and the ids and sub-users the request allows. */
export function documentScope(accountId: number, q: SearchQuery): RawBuilder<unknown> {
  const parts = [sql`d.account_id = ${accountId}`, sql`d.index_type = ${q.indexType}`]
  if (q.subUserIds) parts.push(sql`d.sub_user_id = any(${q.subUserIds}::text[])`)
  if (q.includeIds) parts.push(sql`d.document_id = any(${q.includeIds}::text[])`)
  if (q.excludeIds?.length) parts.push(sql`not (d.document_id = any(${q.excludeIds}::text[]))`)
  return sql.join(parts, sql` and `)
}

/** entities @> {"Skill": ["java"]}: answered by the GIN index on entities. */
export function contains(key: string, value: string): RawBuilder<unknown> {
  return sql`d.entities @> ${JSON.stringify({ [key]: [value] })}::jsonb`
}

/** The value under one of the keys; with `cells`, and in one of the cells (see valueMatches). */
export function hasValue(keys: string[], value: string, cells?: string[]): RawBuilder<unknown> {
  if (cells) return inCells(keys.map((key) => ({ [key]: [value] })), cells)
  return sql`(${sql.join(keys.map((key) => contains(key, value)), sql` or `)})`
}

/**
 * Whether the document has the value under one of the condition's keys. With `cells` (radius searches'
 * WHERE only, geo-radius.ts radiusCells): under one of the keys and in one of the cells, one GIN lookup per
 * (key, cell) pair, written as `@> any(array)` so that the planner makes them one index scan.
 */
export function valueMatches(c: Condition, v: ConditionValue, cells?: string[]): RawBuilder<unknown> {
  switch (v.type) {
    case 'exact':
      return hasValue(c.keys, v.value, cells)
    case 'allWords':
      if (cells) return inCells(c.keys.map((key) => ({ [key]: v.words })), cells)
      return sql`(${sql.join(c.keys.map((key) => sql`d.entities @> ${JSON.stringify({ [key]: v.words })}::jsonb`), sql` or `)})`
    case 'words': {
      // partialMatch: a substring test no index answers; it scans the documents the other conditions leave.
      return sql`exists (select 1 from unnest(${c.keys}::text[]) k, jsonb_array_elements_text(coalesce(d.entities -> k, '[]')) e where e like ${partialPattern(v.value)})`
    }
    case 'months':
      return v.max === undefined
        ? sql`coalesce(d.${sql.ref(v.column)} >= ${v.min}, false)`
        : sql`coalesce(d.${sql.ref(v.column)} between ${v.min} and ${v.max}, false)`
  }
}

/** partialMatch's LIKE pattern: the words in order, anything between and around them. */
export function partialPattern(words: string): string {
  return `%${words.split(' ').map(likeEscape).join('%')}%`
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/**
 * Whether a required condition holds: all its values (AND) or one of them (OR). With `cells`, an AND
 * looks up one value in the cells and tests the others with it: two `@> any(array)` in one index scan
 * would be scanned for every pair of their elements.
 */
export function conditionHolds(c: Condition, cells?: string[]): RawBuilder<unknown> {
  const celled = c.operator === 'AND' ? c.values.findIndex(isIndexed) : -1
  const tests = c.values.map((v, i) => valueMatches(c, v, c.operator === 'AND' && i !== celled ? undefined : cells))
  return sql`(${sql.join(tests, c.operator === 'AND' ? sql` and ` : sql` or `)})`
}

/** Values the GIN index answers (the others are tested on the rows it leaves). */
export function isIndexed(v: ConditionValue): boolean {
  return v.type === 'exact' || v.type === 'allWords'
}

/**
 * weight x the share of the values met (AND: all or nothing; anyValue: one is enough).
 *
 * Score parts are float8; only their rounded sum (and each explained part) becomes numeric, whose
 * arithmetic per row was a third of a broad simple search's time (docs/benchmarks.md).
 * The sum is cast with 15 significant digits before rounding to 2 decimals, so binary fractions do not
 * move a score across a rounding boundary (2.675 stays 2.68).
 */
export function conditionScore(c: Condition): RawBuilder<unknown> {
  if (c.operator === 'AND' || c.anyValue) return sql`(case when ${conditionHolds(c)} then ${c.weight}::float8 else 0 end)`
  const met = sql.join(c.values.map((v) => sql`(case when ${valueMatches(c, v)} then 1 else 0 end)`), sql` + `)
  if (c.coverage === 'document') {
    // Out of the document's own values under these keys (capped at the weight).
    const own = sql`(select count(*) from unnest(${c.keys}::text[]) k, jsonb_array_elements_text(coalesce(d.entities -> k, '[]')))`
    return sql`(case when ${own} = 0 then 0 else least(${c.weight}::float8, ${c.weight}::float8 * (${met}) / ${own}) end)`
  }
  return sql`(${c.weight}::float8 * (${met}) / ${c.values.length})`
}

/** CV_key: the value is the string or in the array; CVA_key: a member of an object in the array. */
export function customValueMatches(c: CustomValueCondition): RawBuilder<unknown> {
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
