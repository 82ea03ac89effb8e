import type { TaggerData } from '../src/parser/model/perceptron.js'
import type { ModelData } from '../src/parser/model/tagger.js'

/**
 * The mean of models trained the same way on different draws of generated resumes: each tagger's,
 * filter's and segment classifier's weights averaged, a weight a model lacks counting as 0. A linear
 * model's scores are then the mean of theirs, so the decoding biases keep their meaning. For
 * `eval:parse --generated-seed 7,8,9`: averaged over three draws, dotin's cross-validation read the
 * three draws' mean and no more, so the shipped model is one draw (docs/accuracy.md, nineteenth round).
 */
export function averageModels(models: readonly ModelData[]): ModelData {
  if (models.length === 0) throw new Error('no model to average')
  const keys = [...new Set(models.flatMap((m) => Object.keys(m)))].sort() as Array<keyof ModelData>
  const out: ModelData = {}
  for (const key of keys) {
    const present = models.map((m) => m[key]).filter((d): d is TaggerData => d !== undefined)
    out[key] = averageTaggers(present, models.length)
  }
  return out
}

/** The mean of `count` taggers' weights, of which `taggers` are those that exist (the rest are 0). */
function averageTaggers(taggers: readonly TaggerData[], count: number): TaggerData {
  const tags = [...new Set(taggers.flatMap((t) => t.tags))].sort((a, b) => (a === 'O' ? -1 : b === 'O' ? 1 : a < b ? -1 : a > b ? 1 : 0))
  const width = tags.length
  const index = new Map(tags.map((t, i) => [t, i]))
  const transitions = new Float64Array((width + 1) * width)
  const features = new Map<string, Float64Array>()
  for (const tagger of taggers) {
    const at = tagger.tags.map((t) => index.get(t)!)
    const from = (row: number) => (row === 0 ? 0 : at[row - 1]! + 1)
    for (let row = 0; row <= tagger.tags.length; row++) {
      for (let j = 0; j < tagger.tags.length; j++) transitions[from(row) * width + at[j]!]! += tagger.transitions[row * tagger.tags.length + j]! / count
    }
    for (const [name, pairs] of Object.entries(tagger.features)) {
      let row = features.get(name)
      if (!row) features.set(name, (row = new Float64Array(width)))
      for (let p = 0; p < pairs.length; p += 2) row[at[pairs[p]!]!]! += pairs[p + 1]! / count
    }
  }
  const round = (w: number) => Math.round(w * 100) / 100 || 0
  const rows: Record<string, number[]> = {}
  for (const name of [...features.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    const pairs: number[] = []
    features.get(name)!.forEach((w, t) => {
      if (round(w) !== 0) pairs.push(t, round(w))
    })
    if (pairs.length > 0) rows[name] = pairs
  }
  return { tags, transitions: Array.from(transitions, round), features: rows }
}
