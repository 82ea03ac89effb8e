/**
 * Ranking measures over one JD's ranked resume ids and its judgements (resume id -> relevance).
 * Linear gain, as trec_eval: for binary judgements the same as 2^rel - 1.
 */
export function ndcgAt(k: number, ranked: string[], judged: Map<string, number>): number {
  const dcg = ranked.slice(0, k).reduce((sum, id, i) => sum + (judged.get(id) ?? 0) / Math.log2(i + 2), 0)
  const ideal = [...judged.values()].filter((g) => g > 0).sort((a, b) => b - a).slice(0, k)
  const idcg = ideal.reduce((sum, g, i) => sum + g / Math.log2(i + 2), 0)
  return idcg === 0 ? 0 : dcg / idcg
}

/** 1 / rank of the first relevant resume within the first k, else 0. */
export function reciprocalRankAt(k: number, ranked: string[], judged: Map<string, number>): number {
  const rank = ranked.slice(0, k).findIndex((id) => (judged.get(id) ?? 0) > 0)
  return rank < 0 ? 0 : 1 / (rank + 1)
}

/** The share of the relevant resumes that are in the first k. */
export function recallAt(k: number, ranked: string[], judged: Map<string, number>): number {
  const relevant = [...judged.values()].filter((g) => g > 0).length
  if (relevant === 0) return 0
  return ranked.slice(0, k).filter((id) => (judged.get(id) ?? 0) > 0).length / relevant
}

export type TripleOutcome = 'win' | 'tie' | 'loss'

/** A resume the match did not score (no conditions) counts as 0. */
export function tripleOutcome(matched: number | undefined, unmatched: number | undefined): TripleOutcome {
  const a = matched ?? 0
  const b = unmatched ?? 0
  return a > b ? 'win' : a === b ? 'tie' : 'loss'
}

export const mean = (values: number[]): number => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length)
