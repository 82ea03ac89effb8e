import { describe, expect, it } from 'vitest'
import { syntheticCorpus } from '../../../bench/synthetic/generate.js'
import { totals, type DocumentResult } from '../../../eval/evaluate.js'
import { scoredFields } from '../../../eval/gold-format.js'
import { predictedFields } from '../../../eval/predict.js'
import { prf, scoreDocument } from '../../../eval/score.js'
import { parseResume } from '../../../src/parser/resume.js'
import type { ResumeModel } from '../../../src/parser/model/tagger.js'

const today = new Date('2025-06-01T00:00:00Z')

/** F1 per field of the bench corpus (six languages, the layouts of bench/synthetic/generate.ts). */
function f1s(model: ResumeModel | null | undefined): Map<string, number> {
  const results = syntheticCorpus(120, 1, today).map(({ language, text, gold }, i): DocumentResult => {
    const predicted = predictedFields(parseResume(text, { now: today, ...(model === undefined ? {} : { model }) }))
    return { name: String(i), language, gold, predicted, score: scoreDocument(gold, predicted), experienceWithin: undefined }
  })
  const sum = totals(results)
  return new Map(scoredFields.flatMap((field) => (sum.score[field] ? [[field, prf(sum.score[field]!).f1] as const] : [])))
}

describe('the six-language synthetic set with the model', () => {
  it('loses no field by more than 2 points against the rules alone', () => {
    const rules = f1s(null)
    const model = f1s(undefined)
    for (const [field, before] of rules) expect(model.get(field)!, field).toBeGreaterThanOrEqual(before - 0.02)
  })
})
