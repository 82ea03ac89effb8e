import { describe, expect, it } from 'vitest'
import { jdEntities } from '../../src/entity/entities.js'
import { matchModel, type MatchModel } from '../../src/match/match-model.js'
import { parseJd } from '../../src/parser/jd.js'
import type { MatchEvalSet } from '../../eval/match/eval-set.js'
import { halfOf } from '../../eval/match/split.js'
import { bestTrial, searchWeights, weightSearchReport, type Figures } from '../../eval/match/weight-search.js'
import { productWeights, reweight, weightGrid, type MatchWeights } from '../../eval/match/weights.js'

// A made-up JD whose title the vocabulary places in a job family.
const jd = `Data Engineer
Northwind Logistics is hiring a Data Engineer in Berlin, Germany.

Requirements
• 3+ years of experience
• Python, SQL and Apache Spark
`
const model = (): MatchModel => {
  const parsed = parseJd(jd, { now: new Date('2025-06-01T00:00:00Z') })
  return matchModel('JD', jdEntities(parsed), 'Resume', parsed)
}
const weightOf = (m: MatchModel, entity: string) => m.conditions.filter((c) => c.entity === entity).reduce((sum, c) => sum + c.weight, 0)
const total = (m: MatchModel) => m.conditions.reduce((sum, c) => sum + c.weight, 0) + (m.geo?.weight ?? 0) + (m.keywords?.weight ?? 0)

describe('match weights', () => {
  it('are, at the product\'s setting, what matchModel builds', () => {
    const m = model()
    expect(m.keywords?.weight).toBe(productWeights.keywords)
    // The current title weighs 25 before scaling (docs/matching.md), the job family productWeights.jobFamily.
    expect(weightOf(m, 'JobFamily') / weightOf(m, 'CurrentJobProfile')).toBeCloseTo(productWeights.jobFamily / 25, 2)
    expect(reweight(m, productWeights)).toBe(m)
  })

  it('reweighted, still add up to 100, with the job family in its new proportion', () => {
    const m = model()
    const doubled = reweight(m, { keywords: 30, jobFamily: productWeights.jobFamily * 2 })
    expect(doubled.keywords?.weight).toBe(30)
    expect(total(doubled)).toBeCloseTo(100, 6)
    const ratio = (x: MatchModel) => weightOf(x, 'JobFamily') / weightOf(x, 'CurrentJobProfile')
    expect(ratio(doubled)).toBeCloseTo(2 * ratio(m), 2)
    const off = reweight(m, { keywords: 60, jobFamily: 0 })
    expect(off.conditions.some((c) => c.entity === 'JobFamily')).toBe(false)
    expect(total(off)).toBeCloseTo(100, 6)
  })
})

// Made-up JDs: the search sees them only through a fake evaluation.
const set: MatchEvalSet = { jds: new Map(), resumes: new Map([['r-1', 'Resume']]), qrels: new Map(), triples: [] }
for (let i = 0; i < 40; i++) {
  set.jds.set(`jd-${i}`, `Job ${i}: welder wanted`)
  set.qrels.set(`jd-${i}`, new Map([['r-1', 1]]))
}
const tuneIds = [...set.jds].filter(([, text]) => halfOf(text) === 'tune').map(([id]) => id)
const figures = (ndcg: number, accuracy = 0.9): Figures => ({ jdsJudged: 20, ndcgAt10: ndcg, mrrAt10: ndcg, recallAt10: ndcg, triples: { count: 20, wins: 18, ties: 0, losses: 2, accuracy } })

describe('the weight search', () => {
  it('chooses on the tune half only, then reports the choice and the product\'s on the test half', async () => {
    const calls: Array<{ jds: string[]; weights: MatchWeights }> = []
    // On the tune half Keywords 30 is best; on the test half Keywords 60 would be: a search that looked there would pick 60.
    const search = await searchWeights(set, async (half, weights) => {
      calls.push({ jds: [...half.jds.keys()], weights })
      const best = half.jds.has(tuneIds[0]!) ? 30 : 60
      return figures(1 - Math.abs(weights.keywords - best) / 100 - weights.jobFamily / 1000)
    })
    expect(tuneIds.length).toBeGreaterThan(10)
    expect(search.chosen.weights).toEqual({ keywords: 30, jobFamily: 0 })
    const tuneCalls = calls.slice(0, weightGrid.length)
    expect(tuneCalls.map((c) => c.weights)).toEqual(weightGrid)
    for (const call of tuneCalls) expect(call.jds).toEqual(tuneIds)
    const testCalls = calls.slice(weightGrid.length)
    expect(testCalls.map((c) => c.weights)).toEqual([search.chosen.weights, productWeights])
    for (const call of testCalls) {
      expect(call.jds.length).toBe(40 - tuneIds.length)
      expect(call.jds.some((id) => tuneIds.includes(id))).toBe(false)
    }
    expect(search.test.chosen.figures.ndcgAt10).toBeCloseTo(0.7, 6)
    const report = weightSearchReport('DIR', search)
    expect(report).toMatch(/^ {2}Keywords 30, job family 0\s+\d+\s+1\.000 .* <- chosen$/m)
    expect(report).toMatch(/^ {2}Keywords 40, job family 5\s.* \(product\)$/m)
    expect(report).toContain('NDCG@10 of the chosen weights: tune 1.000, test 0.700 (tune - test +0.300)')
  })

  it('evaluates the test half once when the product\'s weights win on the tune half', async () => {
    let testCalls = 0
    const search = await searchWeights(set, async (half, weights) => {
      if (!half.jds.has(tuneIds[0]!)) testCalls++
      return figures(weights.keywords === productWeights.keywords && weights.jobFamily === productWeights.jobFamily ? 0.9 : 0.8)
    })
    expect(search.chosen.weights).toEqual(productWeights)
    expect(testCalls).toBe(1)
    expect(search.test.product).toBe(search.test.chosen)
  })

  it('breaks a tie in NDCG by triple accuracy, then by nearness to the product\'s weights', () => {
    const trial = (keywords: number, jobFamily: number, ndcg: number, accuracy = 0.9) => ({ weights: { keywords, jobFamily }, figures: figures(ndcg, accuracy) })
    expect(bestTrial([trial(20, 0, 0.8), trial(60, 10, 0.81)]).weights).toEqual({ keywords: 60, jobFamily: 10 })
    expect(bestTrial([trial(20, 0, 0.8, 0.95), trial(40, 5, 0.8, 0.9)]).weights).toEqual({ keywords: 20, jobFamily: 0 })
    expect(bestTrial([trial(60, 10, 0.8), trial(50, 5, 0.8), trial(20, 0, 0.8)]).weights).toEqual({ keywords: 50, jobFamily: 5 })
    expect(() => bestTrial([])).toThrow()
  })
})
