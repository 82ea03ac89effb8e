import { percentile } from '../../stats.js'
import { seeded } from '../random.js'
import { table } from '../stats.js'
import { describeQuery, type IntentQuery, type PeerIntent } from './intents.js'

/** An engine as the comparison sees it: a query in, the total hit count out. */
export type Engine = (q: IntentQuery) => Promise<number>

export interface EngineRuns {
  times: number[]
  counts: number[]
}

export interface IntentRuns {
  intent: PeerIntent
  queries: IntentQuery[]
  ours: EngineRuns
  sphinx: EngineRuns
}

async function timed(engine: Engine, q: IntentQuery, into: EngineRuns): Promise<void> {
  const start = performance.now()
  const count = await engine(q)
  into.times.push(performance.now() - start)
  into.counts.push(count)
}

/**
 * Runs an intent `warmup` times untimed, then up to `runs` times timed, each run a new draw asked of
 * both engines, one client, back to back. The engines take turns going first, so neither always
 * follows the other's cache misses. Stops when `budgetMs` is spent.
 */
export async function compareIntent(intent: PeerIntent, engines: { ours: Engine; sphinx: Engine }, options: { seed: number; warmup: number; runs: number; budgetMs: number }): Promise<IntentRuns> {
  const random = seeded(options.seed)
  const warming = performance.now()
  for (let i = 0; i < options.warmup && performance.now() - warming < options.budgetMs / 4; i++) {
    const q = intent.next(random)
    await engines.ours(q)
    await engines.sphinx(q)
  }
  const result: IntentRuns = { intent, queries: [], ours: { times: [], counts: [] }, sphinx: { times: [], counts: [] } }
  const started = performance.now()
  for (let i = 0; i < options.runs && performance.now() - started < options.budgetMs; i++) {
    const q = intent.next(random)
    result.queries.push(q)
    const order = i % 2 === 0 ? (['ours', 'sphinx'] as const) : (['sphinx', 'ours'] as const)
    for (const engine of order) await timed(engines[engine], q, result[engine])
  }
  return result
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b)

export interface IntentFigures {
  name: string
  runs: number
  ours: { p50: number; p95: number; max: number; medianCount: number }
  sphinx: { p50: number; p95: number; max: number; medianCount: number }
  /** ours p95 / Sphinx p95. */
  ratio: number
  /** Runs whose two counts were equal. */
  agreed: number
  /** The runs whose counts differed: the query and both counts. */
  disagreements: Array<{ query: string; ours: number; sphinx: number }>
}

function engineFigures(runs: EngineRuns) {
  const times = sorted(runs.times)
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: times.at(-1) ?? Number.NaN, medianCount: percentile(sorted(runs.counts), 0.5) }
}

export function intentFigures(r: IntentRuns): IntentFigures {
  const ours = engineFigures(r.ours)
  const sphinx = engineFigures(r.sphinx)
  const disagreements = r.queries.flatMap((q, i) => (r.ours.counts[i] === r.sphinx.counts[i] ? [] : [{ query: describeQuery(q), ours: r.ours.counts[i]!, sphinx: r.sphinx.counts[i]! }]))
  return { name: r.intent.name, runs: r.queries.length, ours, sphinx, ratio: ours.p95 / sphinx.p95, agreed: r.queries.length - disagreements.length, disagreements }
}

/** The runs ours took longest on, slowest first: what decides our p95 against Sphinx's. */
export function slowestOfOurs(r: IntentRuns, k: number): Array<{ query: string; hits: number; ours: number; sphinx: number }> {
  const order = r.queries.map((_, i) => i).sort((a, b) => r.ours.times[b]! - r.ours.times[a]!)
  return order.slice(0, k).map((i) => ({ query: describeQuery(r.queries[i]!), hits: r.ours.counts[i]!, ours: r.ours.times[i]!, sphinx: r.sphinx.times[i]! }))
}

/** The comparison table, then each intent's description, our three slowest runs and up to three queries the counts differ on. */
export function peerReport(results: IntentRuns[]): string {
  const figures = results.map(intentFigures)
  const lines = [table(
    ['intent', 'runs', 'ours p50', 'ours p95', 'ours max', 'Sphinx p50', 'Sphinx p95', 'Sphinx max', 'p95 ours/Sphinx', 'median hits ours', 'median hits Sphinx', 'same count'],
    figures.map((f) => [f.name, String(f.runs), f.ours.p50, f.ours.p95, f.ours.max, f.sphinx.p50, f.sphinx.p95, f.sphinx.max, `${f.ratio.toFixed(1)}x`, String(f.ours.medianCount), String(f.sphinx.medianCount), `${f.agreed}/${f.runs}`]),
  )]
  for (const [i, r] of results.entries()) {
    lines.push(`  ${r.intent.name}: ${r.intent.description}`)
    for (const s of slowestOfOurs(r, 3)) lines.push(`    slow for us: ${s.query} (${s.hits} hits): ours ${s.ours.toFixed(1)} ms, Sphinx ${s.sphinx.toFixed(1)} ms`)
    for (const d of figures[i]!.disagreements.slice(0, 3)) lines.push(`    counts differ: ${d.query}: ours ${d.ours}, Sphinx ${d.sphinx}`)
  }
  return lines.join('\n')
}
