import { describe, expect, it } from 'vitest'
import { mean, ndcgAt, recallAt, reciprocalRankAt, tripleOutcome } from '../../eval/match/metrics.js'

const judged = (entries: Array<[string, number]>) => new Map(entries)

describe('ranking measures', () => {
  it('NDCG@k is 1 for the ideal order and discounts by log2(rank + 1)', () => {
    const j = judged([['a', 1], ['b', 0]])
    expect(ndcgAt(10, ['a', 'b', 'c'], j)).toBe(1)
    expect(ndcgAt(10, ['b', 'a', 'c'], j)).toBeCloseTo(1 / Math.log2(3))
    expect(ndcgAt(1, ['b', 'a'], j)).toBe(0)
  })

  it('NDCG uses linear gains and the ideal of all judged resumes, not only the ranked ones', () => {
    const j = judged([['a', 2], ['b', 1], ['z', 1]])
    const ideal = 2 + 1 / Math.log2(3) + 1 / Math.log2(4)
    expect(ndcgAt(10, ['b', 'a'], j)).toBeCloseTo((1 + 2 / Math.log2(3)) / ideal)
  })

  it('a JD without a relevant resume scores 0, not NaN', () => {
    expect(ndcgAt(10, ['a'], judged([['a', 0]]))).toBe(0)
    expect(recallAt(10, ['a'], judged([]))).toBe(0)
  })

  it('MRR@k takes the first relevant resume within the cut-off', () => {
    const j = judged([['c', 1], ['d', 1]])
    expect(reciprocalRankAt(10, ['a', 'b', 'c', 'd'], j)).toBeCloseTo(1 / 3)
    expect(reciprocalRankAt(2, ['a', 'b', 'c'], j)).toBe(0)
  })

  it('recall@k is the share of relevant resumes in the first k', () => {
    expect(recallAt(3, ['a', 'c', 'b', 'd'], judged([['c', 1], ['d', 1]]))).toBe(0.5)
  })

  it('a triple is a win, a tie or a loss; an unscored resume counts as 0', () => {
    expect(tripleOutcome(60, 40)).toBe('win')
    expect(tripleOutcome(40, 40)).toBe('tie')
    expect(tripleOutcome(undefined, undefined)).toBe('tie')
    expect(tripleOutcome(undefined, 5)).toBe('loss')
    expect(mean([])).toBe(0)
  })
})
