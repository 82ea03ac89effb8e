/**
 * The order in which a search's result is walked for its top documents (migrations/0011, search_walk):
 * every subset of the score's units, highest score first, subsets of equal score in one group. A
 * document has exactly one subset (the units it meets), so the walk lists each group's documents in
 * ordinal order and stops once it has the page: the ranking is exact without scoring the other documents.
 */
export interface ScoreGroups {
  /** Subsets as bit masks over the units (bit i: unit i met), highest score first. */
  masks: number[]
  /** The group of each mask: equal numbers, equal scores. */
  groups: number[]
  /** The score of each mask, as the statement computes and rounds it. */
  scores: number[]
}

/** One weighted condition of the score: its units, or `always` when every kept document meets it. */
export interface ScorePart {
  weight: number
  /** How many values the share is out of (1: all or nothing). */
  of: number
  units: number[]
  always: boolean
}

export function scoreGroups(parts: ScorePart[], unitCount: number): ScoreGroups {
  const scored: Array<{ mask: number; score: number }> = []
  for (let mask = 0; mask < 2 ** unitCount; mask++) scored.push({ mask, score: subsetScore(parts, mask) })
  // Equal scores keep mask order, which does not matter: their documents are listed together.
  scored.sort((a, b) => b.score - a.score)
  const groups: number[] = []
  scored.forEach((s, i) => groups.push(i > 0 && s.score === scored[i - 1]!.score ? groups[i - 1]! : i))
  return { masks: scored.map((s) => s.mask), groups, scores: scored.map((s) => s.score) }
}

/**
 * The score of a document that meets the units of `mask`, computed as search-sql.ts does: each part in
 * float8 (weight x values met / values), summed in the conditions' order, then rounded to 2 decimals
 * from 15 significant digits. With no weighted part, every document scores 100.
 */
export function subsetScore(parts: ScorePart[], mask: number): number {
  return parts.length === 0 ? 100 : sqlRound2(subsetSum(parts, mask))
}

/**
 * The parts' float8 sum before rounding, to which a distance's share is added first (search_geo_walk):
 * 0 without parts (the distance is then the whole score).
 */
export function subsetSum(parts: ScorePart[], mask: number): number {
  let sum = 0
  for (const part of parts) {
    if (part.always) {
      sum += part.weight
      continue
    }
    const met = part.units.filter((u) => (mask >> u) & 1).length
    sum += part.of === 1 ? (met === 1 ? part.weight : 0) : (part.weight * met) / part.of
  }
  return sum
}

/**
 * round(x::numeric, 2) of PostgreSQL for a float8 x: the cast keeps 15 significant digits, and numeric
 * rounds halves away from zero. Decimal string arithmetic, so 2.675 rounds to 2.68 as there.
 */
export function sqlRound2(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x
  const negative = x < 0
  const digits = Math.abs(x).toPrecision(15)
  if (digits.includes('e')) return Number(Math.abs(x) < 1 ? 0 : digits)
  const [whole, fraction = ''] = digits.split('.')
  const padded = (fraction + '000').slice(0, 3)
  let hundredths = BigInt(whole!) * 100n + BigInt(padded.slice(0, 2))
  if (Number(padded[2]) >= 5) hundredths += 1n
  const value = Number(hundredths) / 100
  return negative ? -value : value
}
