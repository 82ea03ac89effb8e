import { partialPattern } from '../condition-sql.js'
import type { Condition, ConditionValue, SearchQuery } from '../query.js'
import { allOf, anyOf, not, term, type Bits } from './bitmap-expression.js'
import { radiusCells } from './radius-cells.js'
import { scoreGroups, subsetScore, subsetSum, type ScoreGroups, type ScorePart } from './score-walk.js'

/**
 * How the segment answers a search (docs/search-core.md): the documents it keeps as one bitmap
 * expression, the parts of the score a kept document may or may not have (units) with the order of
 * their subsets, the sort, and the facets' display fields. Undefined when the search asks for something
 * the bitmaps cannot decide exactly; it is then answered from the rows alone, as before.
 */
export interface SegmentPlan {
  keep: Bits
  /** Each unit's documents; a document's score is decided by which units it has (score-walk.ts). */
  units: Bits[]
  groups: ScoreGroups
  /**
   * The distance's share of the score (simple search with geoSearch): the page is ranked by
   * search_geo_walk over the circle's cells nearest first (`nearest`: no document of a cell is nearer),
   * each document's score its units' sum (`sumsByMask`, by mask) plus its distance's share.
   */
  distance?: { weight: number; sumsByMask: number[]; cells: string[]; nearest: number[] }
  /** A sort by a document column instead of the score. */
  sortedBy?: { column: SortColumn; descending: boolean }
  /** Per facet field, the display fields of its keys ('@Skill'). */
  facetFields: string[][]
  /**
   * A radius that filters: documents in cells wholly inside it are kept as they are, those in cells on
   * its edge only when their own location is within it.
   */
  radius?: { inside: Bits; edge: Bits }
}

/**
 * Fields the segment leaves out (migrations/0011, search_field_indexed, holds the same list): a person's
 * own, one term per document each, and the match's years per title. Searches on them read the rows.
 */
export const unindexedFields: ReadonlySet<string> = new Set(['Email', 'FullName', 'FirstName', 'MiddleName', 'LastName', 'TitleName', 'DateOfBirth', 'JobProfileYears'])

/** Longest value the term dictionary holds whole, and longest custom value key it holds (migrations/0013). */
const longValue = 500
const longKey = 200

/** Most units a search may have: their subsets are walked, 2^units of them at worst. */
const maxUnits = 10

/** Document columns with a b-tree index search_sorted walks (migrations/0011, 0015). */
type SortColumn = 'experience_months' | 'experience_max_months' | 'updated_at'

const sortColumns: Record<string, SortColumn> = {
  ResumeDate: 'updated_at',
  JDDate: 'updated_at',
  TotalExperienceInMonths: 'experience_months',
  TotalExperienceInYear: 'experience_months',
  TotalExperienceRange: 'experience_months',
  MinimumYearsExperience: 'experience_months',
  MaximumYearsExperience: 'experience_max_months',
}

export function segmentPlan(q: SearchQuery): SegmentPlan | undefined {
  // Parts the bitmaps do not hold: a match's candidates and words.
  if (q.keywords || q.candidates) return undefined
  // A radius that only shapes the score (match) keeps documents outside it: no cells to keep them by.
  if (q.geo && q.geo.filter === false) return undefined
  const cells = q.geo ? radiusCells(q.geo) : undefined
  if (q.geo && !cells) return undefined
  if (q.conditions.some((c) => c.coverage === 'document')) return undefined
  if (asksLongValue(q)) return undefined
  const keys = [...q.conditions.flatMap((c) => c.keys), ...q.filters.flatMap((f) => f.keys), ...(q.facets?.fields ?? []).flatMap((f) => f.keys)]
  if (keys.some((key) => unindexedFields.has(key))) return undefined
  const sortedBy = sortOf(q)
  if (sortedBy === null) return undefined
  // A sort's ties are ranked by the units alone (search_sorted), and a score threshold is met by units
  // alone (scoringAtLeast): neither with a distance in the score.
  if ((sortedBy || (q.minScore ?? 0) > 0) && q.geo && q.geo.weight > 0) return undefined

  const keepParts: Bits[] = []
  if (q.subUserIds) keepParts.push(anyOf(q.subUserIds.map((id) => term('#SubUser', id))))
  if (q.includeIds) keepParts.push({ kind: 'ids', ids: q.includeIds })
  if (q.excludeIds?.length) keepParts.push(not({ kind: 'ids', ids: q.excludeIds }))
  const required = q.conditions.filter((c) => c.kind === 'Required')
  const optional = q.conditions.filter((c) => c.kind === 'Optional')
  const entityParts = required.map(holds)
  // As search-sql.ts whereParts: without required conditions a document meets one optional value,
  // years of experience only when nothing else is asked.
  if (required.length === 0 && optional.length > 0 && q.requireAnyOptional !== false) {
    const entities = optional.filter((c) => !c.values.every((v) => v.type === 'months'))
    const ways = entities.length > 0 ? entities : optional
    entityParts.push(anyOf(ways.flatMap((c) => c.values.map((v) => valueBits(c, v)))))
  }
  // Custom values join the entities as the rows' WHERE joins them: both, or either when not required.
  const custom = q.customValues.length > 0 ? customBits(q) : undefined
  if (custom && entityParts.length > 0 && !q.customValuesRequired) keepParts.push(anyOf([allOf(entityParts), custom]))
  else keepParts.push(...entityParts, ...(custom ? [custom] : []))
  for (const filter of q.filters) {
    const any = anyOf(filter.values.flatMap((value) => filter.keys.map((key) => term(key, value))))
    keepParts.push(filter.exclude ? not(any) : any)
  }

  // A condition is one unit (all or nothing) or one per value (a share of the weight per value met);
  // a required condition every kept document meets scores the same for all of them.
  const units: Bits[] = []
  const parts = q.conditions.filter((c) => c.weight > 0).map((c) => {
    const whole = c.operator === 'AND' || c.anyValue || c.values.length === 1
    if (whole && c.kind === 'Required') return { weight: c.weight, of: c.values.length, units: [] as number[], always: true }
    const bits = whole ? [holds(c)] : c.values.map((v) => valueBits(c, v))
    const first = units.length
    units.push(...bits)
    return { weight: c.weight, of: whole ? 1 : c.values.length, units: bits.map((_, i) => first + i), always: false }
  })
  if (units.length > maxUnits) return undefined
  const reaching = (q.minScore ?? 0) > 0 ? scoringAtLeast(q.minScore!, parts, units) : undefined
  if (reaching) keepParts.push(reaching)

  const groups = scoreGroups(parts, units.length)
  return {
    keep: allOf(keepParts),
    units,
    groups,
    ...(q.geo && q.geo.weight > 0 && cells
      ? { distance: { weight: q.geo.weight, sumsByMask: groups.masks.map((_, m) => subsetSum(parts, m)), cells: cells.byDistance, nearest: cells.nearest } }
      : {}),
    ...(sortedBy ? { sortedBy } : {}),
    facetFields: (q.facets?.fields ?? []).map((field) => field.keys.map((key) => `@${key}`)),
    ...(cells ? { radius: { inside: anyOf(cells.inside.map((cell) => term('GeoCell', cell))), edge: anyOf(cells.edge.map((cell) => term('GeoCell', cell))) } } : {}),
  }
}

/**
 * The documents whose score reaches `min`. A score only grows with the units a document meets (every
 * weight is positive), so they are the documents that meet all units of at least one smallest subset
 * that reaches it: at most 252 subsets of 10 units, usually a handful. Undefined when every document does.
 */
function scoringAtLeast(min: number, parts: ScorePart[], units: Bits[]): Bits | undefined {
  const reaches = (mask: number) => subsetScore(parts, mask) >= min
  if (reaches(0)) return undefined
  const smallest: number[] = []
  for (let mask = 0; mask < 2 ** units.length; mask++) {
    if (!reaches(mask)) continue
    if (units.some((_, i) => (mask >> i) & 1 && reaches(mask & ~(1 << i)))) continue
    smallest.push(mask)
  }
  return anyOf(smallest.map((mask) => allOf(units.filter((_, i) => (mask >> i) & 1))))
}

/**
 * Whether the search names a value the dictionary holds only by its first 500 characters
 * (migrations/0013, search_term_value): the rows compare it whole. A JavaScript length counts UTF-16
 * units, never fewer than PostgreSQL's characters.
 */
function asksLongValue(q: SearchQuery): boolean {
  const values = [
    ...q.conditions.flatMap((c) => c.values.flatMap((v) => (v.type === 'allWords' ? v.words : v.type === 'months' ? [] : [v.value]))),
    ...q.filters.flatMap((f) => f.values),
    ...(q.subUserIds ?? []),
    ...q.customValues.flatMap((c) => c.values),
  ]
  // A custom value's key longer than that is no term at all (document_custom_terms).
  return values.some((value) => value.length > longValue) || q.customValues.some((c) => c.key.length > longKey)
}

/** The score's order (undefined), one indexed column's (the sort), or null: another sort. */
function sortOf(q: SearchQuery): SegmentPlan['sortedBy'] | null | undefined {
  const [first, ...rest] = q.sorting
  if (!first || (first.field === 'score' && first.order === 'desc' && rest.length === 0)) return undefined
  const column = sortColumns[first.field]
  // The rows' own tie-break after the column is the score: a second sort key would need its own walk.
  if (!column || rest.some((s) => !(s.field === 'score' && s.order === 'desc'))) return null
  return { column, descending: first.order === 'desc' }
}

/** The documents whose custom values meet the conditions (migrations/0013, document_custom_terms). */
function customBits(q: SearchQuery): Bits {
  const each = q.customValues.map((c) => anyOf(c.values.map((value) => term(`${c.inObjects ? 'CVA' : 'CV'}_${c.key}`, value))))
  return q.customValueOperator === 'AND' ? allOf(each) : anyOf(each)
}

/** The documents that meet a condition: all its values (AND) or one of them. */
function holds(c: Condition): Bits {
  const values = c.values.map((v) => valueBits(c, v))
  return c.operator === 'AND' ? allOf(values) : anyOf(values)
}

/** The documents with the value under one of the condition's keys (condition-sql.ts valueMatches). */
function valueBits(c: Condition, v: ConditionValue): Bits {
  switch (v.type) {
    case 'exact':
      return anyOf(c.keys.map((key) => term(key, v.value)))
    case 'allWords':
      return anyOf(c.keys.map((key) => allOf(v.words.map((word) => term(key, word)))))
    case 'months':
      return { kind: 'months', column: v.column, min: v.min, ...(v.max !== undefined ? { max: v.max } : {}) }
    case 'words':
      return { kind: 'like', fields: c.keys, pattern: partialPattern(v.value) }
  }
}
