import type { MatchModel } from '../../src/match/match-model.js'

/**
 * The two match weights that were chosen after seeing megagon's figures (docs/matching.md, "Why 40",
 * and docs/accuracy.md): the Keywords part's, out of 100, and the job family's before scaling (the
 * title parts weigh 25 and 10 on that scale).
 */
export interface MatchWeights {
  keywords: number
  jobFamily: number
}

/** The product's weights (src/match/match-model.ts); a test checks they are what matchModel builds. */
export const productWeights: MatchWeights = { keywords: 40, jobFamily: 5 }

/**
 * The settings the weight search tries on the tune half: Keywords from 20 to 60 (the range measured
 * when 40 was chosen, without 80, which leaves a candidate in another language at most 20 of 100)
 * and the job family off, as today, and doubled.
 */
export const weightGrid: readonly MatchWeights[] = [20, 30, 40, 50, 60].flatMap((keywords) => [0, 5, 10].map((jobFamily) => ({ keywords, jobFamily })))

export const sameWeights = (a: MatchWeights, b: MatchWeights): boolean => a.keywords === b.keywords && a.jobFamily === b.jobFamily

export const weightsLabel = (w: MatchWeights): string => `Keywords ${w.keywords}, job family ${w.jobFamily}`

/**
 * The model matchModel would build were its weights `weights`: the Keywords part takes its weight, the
 * job family's condition is scaled by its new weight over the product's (left out at 0, as if its rule
 * were gone), and the conditions share again what location and Keywords leave of the 100, in the
 * proportions they had. At the product's weights the model is returned as it is.
 */
export function reweight(model: MatchModel, weights: MatchWeights): MatchModel {
  if (sameWeights(weights, productWeights) || model.conditions.length === 0) return model
  const factor = weights.jobFamily / productWeights.jobFamily
  const conditions = model.conditions
    .map((c) => (c.entity === 'JobFamily' ? { ...c, weight: c.weight * factor } : c))
    .filter((c) => c.weight > 0)
  const keywords = model.keywords ? { ...model.keywords, weight: weights.keywords } : undefined
  const share = 100 - (model.geo?.weight ?? 0) - (keywords?.weight ?? 0)
  const before = conditions.reduce((sum, c) => sum + c.weight, 0)
  const cents = (n: number) => Math.round(n * 100) / 100
  const rescaled = conditions.map((c) => ({ ...c, weight: cents((c.weight * share) / before) }))
  // The last condition takes what rounding left, so the parts still add up to exactly 100.
  const last = rescaled.at(-1)
  if (last) last.weight = cents(share - rescaled.slice(0, -1).reduce((sum, c) => sum + c.weight, 0))
  return { ...model, conditions: rescaled, ...(keywords ? { keywords } : {}) }
}
