import type { MatchEvalSet } from './eval-set.js'
import { cutoff, type MatchEvalResult } from './evaluate.js'
import { mean, type TripleOutcome } from './metrics.js'

/** The figures of a run, and the patterns behind them (JSON with --json). */
export interface MatchEvalSummary {
  pool: number
  jdsEvaluated: number
  /** JDs with at least one relevant resume: NDCG, MRR and recall average over these. */
  jdsJudged: number
  jdsWithEmptyModel: number
  ndcgAt10: number
  mrrAt10: number
  recallAt10: number
  triples: { count: number; wins: number; ties: number; losses: number; accuracy: number }
  /** Share of the evaluated JDs whose match model compares each entity. */
  modelCoverage: Record<string, number>
  /** Judged JDs whose first result is not relevant: that result judged 0, or not judged at all. */
  topMiss: { count: number; judgedIrrelevant: number; unjudged: number; relevantTiedAbove: number; relevantBeyondCutoff: number }
  /** Per entity over the triples: how often it favours the matched resume, the unmatched one, and by how much. */
  tripleParts: Record<string, { favoursMatched: number; favoursUnmatched: number; meanDifference: number }>
  seconds: { parseAndIndex: number; match: number; perJd: number }
}

export function summarise(result: MatchEvalResult, set: MatchEvalSet): MatchEvalSummary {
  const count = (outcome: TripleOutcome) => result.triples.filter((t) => t.outcome === outcome).length
  const judged = result.judgedJds
  return {
    pool: result.pool,
    jdsEvaluated: result.jds.length,
    jdsJudged: judged.length,
    jdsWithEmptyModel: result.jds.filter((o) => o.emptyModel).length,
    ndcgAt10: mean(judged.map((o) => o.ndcg)),
    mrrAt10: mean(judged.map((o) => o.reciprocalRank)),
    recallAt10: mean(judged.map((o) => o.recall)),
    triples: {
      count: result.triples.length,
      wins: count('win'),
      ties: count('tie'),
      losses: count('loss'),
      accuracy: result.triples.length === 0 ? 0 : count('win') / result.triples.length,
    },
    modelCoverage: shares(result.jds.flatMap((o) => o.entities), result.jds.length),
    topMiss: topMisses(result, set),
    tripleParts: tripleParts(result),
    seconds: { ...result.seconds, perJd: result.jds.length === 0 ? 0 : result.seconds.match / result.jds.length },
  }
}

function shares(names: string[], total: number): Record<string, number> {
  const counts = new Map<string, number>()
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1)
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]).map(([name, n]) => [name, n / Math.max(1, total)]))
}

function topMisses(result: MatchEvalResult, set: MatchEvalSet): MatchEvalSummary['topMiss'] {
  const miss = { count: 0, judgedIrrelevant: 0, unjudged: 0, relevantTiedAbove: 0, relevantBeyondCutoff: 0 }
  for (const outcome of result.judgedJds) {
    const judged = set.qrels.get(outcome.jd) ?? new Map<string, number>()
    const top = outcome.ranked[0]
    if (top && (judged.get(top.id) ?? 0) > 0) continue
    miss.count++
    if (top && judged.has(top.id)) miss.judgedIrrelevant++
    else if (top) miss.unjudged++
    const first = outcome.ranked.findIndex((r) => (judged.get(r.id) ?? 0) > 0)
    if (first < 0) miss.relevantBeyondCutoff++
    else if (outcome.ranked.slice(0, first).some((r) => r.score === outcome.ranked[first]!.score)) miss.relevantTiedAbove++
  }
  return miss
}

function tripleParts(result: MatchEvalResult): MatchEvalSummary['tripleParts'] {
  const entities = [...new Set(result.triples.flatMap((t) => Object.keys(t.partDifferences)))].sort()
  const n = Math.max(1, result.triples.length)
  return Object.fromEntries(entities.map((entity) => {
    const differences = result.triples.map((t) => t.partDifferences[entity] ?? 0)
    return [entity, {
      favoursMatched: differences.filter((d) => d > 0).length / n,
      favoursUnmatched: differences.filter((d) => d < 0).length / n,
      meanDifference: mean(differences),
    }]
  }))
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`
const num = (x: number) => x.toFixed(3)

/** The compact text report. */
export function textReport(dir: string, s: MatchEvalSummary, databaseKind: string): string {
  const t = s.triples
  const lines = [
    `Match relevance (JD -> Resume) on ${dir}`,
    `  pool ${s.pool} resumes (${databaseKind}); ${s.jdsEvaluated} JDs evaluated, ${s.jdsJudged} with a relevant resume, ${s.jdsWithEmptyModel} with an empty match model`,
    `  NDCG@${cutoff} ${num(s.ndcgAt10)}   MRR@${cutoff} ${num(s.mrrAt10)}   recall@${cutoff} ${num(s.recallAt10)}`,
    t.count === 0
      ? '  triples: none'
      : `  triples ${t.count}: matched above unmatched ${pct(t.accuracy)} (${t.wins}), ties ${pct(t.ties / t.count)} (${t.ties}), below ${pct(t.losses / t.count)} (${t.losses})`,
    `  time: parse+index ${s.seconds.parseAndIndex.toFixed(1)} s, match ${s.seconds.match.toFixed(1)} s (${(1000 * s.seconds.perJd).toFixed(0)} ms per JD incl. parsing and its triples)`,
    '',
    `  first result not relevant: ${s.topMiss.count} JDs (judged 0: ${s.topMiss.judgedIrrelevant}, unjudged: ${s.topMiss.unjudged}; relevant tied with one above: ${s.topMiss.relevantTiedAbove}; relevant not in top ${cutoff}: ${s.topMiss.relevantBeyondCutoff})`,
    `  JD models comparing: ${Object.entries(s.modelCoverage).map(([e, share]) => `${e} ${pct(share)}`).join(', ') || 'nothing'}`,
  ]
  if (t.count > 0) {
    lines.push('  triple parts (favours matched / unmatched, mean difference):')
    for (const [entity, p] of Object.entries(s.tripleParts)) {
      lines.push(`    ${entity.padEnd(24)} ${pct(p.favoursMatched).padStart(6)} / ${pct(p.favoursUnmatched).padStart(6)}  ${p.meanDifference >= 0 ? '+' : ''}${p.meanDifference.toFixed(2)}`)
    }
  }
  return lines.join('\n')
}
