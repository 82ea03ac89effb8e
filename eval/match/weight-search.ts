import type { MatchEvalSet } from './eval-set.js'
import type { MatchEvalSummary } from './report.js'
import { splitSet } from './split.js'
import { productWeights, sameWeights, weightGrid, weightsLabel, type MatchWeights } from './weights.js'

/** What a weight setting is judged by. */
export type Figures = Pick<MatchEvalSummary, 'jdsJudged' | 'ndcgAt10' | 'mrrAt10' | 'recallAt10' | 'triples'>

/** Evaluates the match with these weights on the JDs of this set (a half); eval:match matches them in the database. */
export type EvaluateWeights = (set: MatchEvalSet, weights: MatchWeights) => Promise<Figures>

export interface Trial {
  weights: MatchWeights
  figures: Figures
}

export interface WeightSearch {
  /** Every grid setting on the tune half, in grid order. */
  tune: Trial[]
  /** The setting chosen on the tune half. */
  chosen: Trial
  /** The chosen setting and the product's, on the test half: the held-out figures. */
  test: { chosen: Trial; product: Trial }
}

/**
 * Chooses weights on the tune half and reports them on the test half. Every grid setting is evaluated
 * on the tune half alone and the best (bestTrial) is chosen there; only then are the chosen setting
 * and the product's evaluated on the test half, whose figures choose nothing.
 */
export async function searchWeights(set: MatchEvalSet, evaluate: EvaluateWeights, grid: readonly MatchWeights[] = weightGrid): Promise<WeightSearch> {
  const tuneHalf = splitSet(set, 'tune')
  const tune: Trial[] = []
  for (const weights of grid) tune.push({ weights, figures: await evaluate(tuneHalf, weights) })
  const chosen = bestTrial(tune)
  const testHalf = splitSet(set, 'test')
  const chosenOnTest = { weights: chosen.weights, figures: await evaluate(testHalf, chosen.weights) }
  const product = sameWeights(chosen.weights, productWeights) ? chosenOnTest : { weights: productWeights, figures: await evaluate(testHalf, productWeights) }
  return { tune, chosen, test: { chosen: chosenOnTest, product } }
}

/**
 * The best trial: the highest NDCG@10, then the highest triple accuracy, then the setting nearest the
 * product's (a change of weight has to earn its place).
 */
export function bestTrial(trials: readonly Trial[]): Trial {
  if (trials.length === 0) throw new Error('no weight setting was tried')
  const distance = (w: MatchWeights) => Math.abs(w.keywords - productWeights.keywords) + Math.abs(w.jobFamily - productWeights.jobFamily)
  return [...trials].sort((a, b) =>
    b.figures.ndcgAt10 - a.figures.ndcgAt10 || b.figures.triples.accuracy - a.figures.triples.accuracy || distance(a.weights) - distance(b.weights),
  )[0]!
}

const num = (x: number) => x.toFixed(3)
const pct = (x: number) => `${(100 * x).toFixed(1)}%`
const figuresRow = (label: string, f: Figures) =>
  `  ${label.padEnd(34)} ${String(f.jdsJudged).padStart(5)}  ${num(f.ndcgAt10)}  ${num(f.mrrAt10)}  ${num(f.recallAt10)}  ${(f.triples.count === 0 ? '—' : pct(f.triples.accuracy)).padStart(6)}`

/** The search as text: the tune half's grid, the choice, and the held-out figures with the gap. */
export function weightSearchReport(dir: string, search: WeightSearch): string {
  const header = `  ${'weights'.padEnd(34)} ${'JDs'.padStart(5)}  NDCG   MRR    recall  triples`
  const mark = (t: Trial) => (t === search.chosen ? ' <- chosen' : sameWeights(t.weights, productWeights) ? ' (product)' : '')
  const gap = search.chosen.figures.ndcgAt10 - search.test.chosen.figures.ndcgAt10
  return [
    `Match weight search on ${dir}: chosen on the tune half, reported on the test half`,
    '',
    'Tune half (choosing):',
    header,
    ...search.tune.map((t) => figuresRow(weightsLabel(t.weights), t.figures) + mark(t)),
    '',
    'Test half (held out):',
    header,
    figuresRow(`chosen: ${weightsLabel(search.test.chosen.weights)}`, search.test.chosen.figures),
    ...(search.test.product === search.test.chosen ? [] : [figuresRow(`product: ${weightsLabel(search.test.product.weights)}`, search.test.product.figures)]),
    '',
    `NDCG@10 of the chosen weights: tune ${num(search.chosen.figures.ndcgAt10)}, test ${num(search.test.chosen.figures.ndcgAt10)} (tune - test ${gap >= 0 ? '+' : ''}${num(gap)})`,
  ].join('\n')
}
