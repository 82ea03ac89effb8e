import { sql, type RawBuilder } from 'kysely'

/**
 * A set of a segment's documents as an expression over its terms' bitmaps (migrations/0011): a term,
 * an experience range, listed ids, the terms LIKE a pattern, and their unions, intersections and
 * complements. bitsSql renders it over the segment row `seg` (capacity, merged_upto) of one account and
 * index type.
 */
export type Bits =
  | { kind: 'term'; field: string; value: string }
  | { kind: 'any'; of: Bits[] }
  | { kind: 'all'; of: Bits[] }
  | { kind: 'not'; of: Bits }
  | { kind: 'months'; column: 'experience_months' | 'experience_max_months'; min: number; max?: number }
  | { kind: 'ids'; ids: string[] }
  /** A value under one of the fields that is LIKE the pattern (partialMatch; migrations/0016). */
  | { kind: 'like'; fields: string[]; pattern: string }

export const term = (field: string, value: string): Bits => ({ kind: 'term', field, value })
export const anyOf = (of: Bits[]): Bits => (of.length === 1 ? of[0]! : { kind: 'any', of })
export const allOf = (of: Bits[]): Bits => (of.length === 1 ? of[0]! : { kind: 'all', of })
export const not = (of: Bits): Bits => ({ kind: 'not', of })

/** Where the bitmaps live: the account, the index type, and the segment row's alias in the statement. */
export interface BitsScope {
  accountId: number
  indexType: string
  /** Sets the statement has built already (a search's units), by bitsKey: referred to, not built again. */
  built?: ReadonlyMap<string, RawBuilder<unknown>>
}

/** Equal sets have equal keys: the plan builds them with the same constructors. */
export const bitsKey = (bits: Bits): string => JSON.stringify(bits)

export function bitsSql(bits: Bits, scope: BitsScope): RawBuilder<unknown> {
  const built = scope.built?.get(bitsKey(bits))
  if (built) return built
  switch (bits.kind) {
    case 'term':
      return termsSql([bits], scope)
    case 'any': {
      // Terms ORed with one call, whose rare terms share one built bitmap.
      const isNew = (b: Bits): b is Extract<Bits, { kind: 'term' }> => b.kind === 'term' && !scope.built?.has(bitsKey(b))
      const terms = bits.of.filter(isNew)
      const others = bits.of.filter((b) => !isNew(b)).map((b) => bitsSql(b, scope))
      const parts = [...(terms.length > 0 ? [termsSql(terms, scope)] : []), ...others]
      return parts.length === 0 ? sql`ordinals_bitmap('{}', seg.capacity)` : sql`(${sql.join(parts, sql` | `)})`
    }
    case 'all':
      return bits.of.length === 0 ? sql`~ordinals_bitmap('{}', seg.capacity)` : sql`(${sql.join(bits.of.map((b) => bitsSql(b, scope)), sql` & `)})`
    case 'not':
      return sql`(~${bitsSql(bits.of, scope)})`
    case 'months':
      return monthsSql(bits, scope)
    case 'like':
      return sql`like_bitmap(${scope.accountId}, ${scope.indexType}, ${bits.fields}::text[], ${bits.pattern}, seg.capacity)`
    case 'ids':
      return sql`ordinals_bitmap(array(select d.ordinal from documents d
                                        where d.account_id = ${scope.accountId} and d.index_type = ${scope.indexType}
                                          and d.document_id = any(${bits.ids}::text[]) and d.ordinal <= seg.merged_upto), seg.capacity)`
  }
}

function termsSql(terms: Array<Extract<Bits, { kind: 'term' }>>, scope: BitsScope): RawBuilder<unknown> {
  return sql`terms_bitmap(${scope.accountId}, ${scope.indexType}, ${terms.map((t) => t.field)}::text[], ${terms.map((t) => t.value)}::text[], seg.capacity)`
}

/**
 * Documents whose experience (or a JD's maximum) lies in [min, max] months: the whole years inside the
 * range from the '#Years' terms (a few dozen bitmaps at most) and the months at its edges from '#Months'.
 */
function monthsSql(bits: Extract<Bits, { kind: 'months' }>, scope: BitsScope): RawBuilder<unknown> {
  const [years, months, any] = bits.column === 'experience_months' ? ['#Years', '#Months', '#Experience'] : ['#MaxYears', '#MaxMonths', '#MaxExperience']
  const most = 999_999_999
  const firstYear = Math.ceil(bits.min / 12)
  const lastYear = bits.max === undefined ? most : Math.floor((bits.max + 1) / 12) - 1
  const ranges: Array<[string, number, number]> = []
  if (firstYear > lastYear) {
    ranges.push([months, bits.min, bits.max ?? most])
  } else {
    if (bits.min < firstYear * 12) ranges.push([months, bits.min, firstYear * 12 - 1])
    ranges.push([years, firstYear, lastYear])
    if (bits.max !== undefined && bits.max >= (lastYear + 1) * 12) ranges.push([months, (lastYear + 1) * 12, bits.max])
  }
  const parts = ranges.map(([field, from, to]) =>
    sql`range_bitmap(${scope.accountId}, ${scope.indexType}, ${field}, ${Math.max(from, -most)}, ${Math.min(to, most)}, seg.capacity, ${any})`)
  return sql`(${sql.join(parts, sql` | `)})`
}
