import { describe, expect, it } from 'vitest'
import { acrossFolds, crossValidate, foldOf, spread, trainAndScore } from '../../eval/cross-validation.js'
import type { GoldDocument } from '../../eval/documents.js'
import type { Predicted } from '../../eval/predict.js'
import { linesLost } from '../../eval/one-line.js'
import { foldTable } from '../../eval/report.js'
import type { Predictor, Trainer } from '../../eval/trainer.js'

// Made-up documents: each says its own title, which the fake predictor reads back.
const documents: GoldDocument[] = Array.from({ length: 60 }, (_, i) => ({
  name: `cv-${i}`,
  text: `Resume ${i}\nTitle ${i}`,
  gold: { titles: [`Title ${i}`] },
}))

// The fake answers titles alone, the one field these documents label, so fields added to Predicted need nothing here.
const predicted = (titles: string[]) => ({ language: 'en', titles }) as Partial<Predicted> as Predicted

/** A trainer that records what each of its predictors was trained on and what it was asked to predict. */
function recordingTrainer() {
  const runs: Array<{ trainedOn: Set<string>; scored: string[] }> = []
  const trainer: Trainer = {
    name: 'recording',
    async train(training) {
      const run = { trainedOn: new Set(training.map((d) => d.name)), scored: [] as string[] }
      runs.push(run)
      const predictor: Predictor = {
        predict: ({ name, text }) => {
          run.scored.push(name)
          // Right on every document it did not see, wrong on those it did: a leak would show in the figures too.
          return predicted(run.trainedOn.has(name) ? ['Something else'] : [text.split('\n')[1]!])
        },
      }
      return predictor
    },
  }
  return { trainer, runs }
}

describe('fold assignment', () => {
  it('is fixed by the document id, within range and roughly even', () => {
    // Pinned: a change of hash or rule would silently move documents between the folds of past reports.
    expect(['1', '117', 'cv-2', 'ls-40'].map((id) => foldOf(id, 5))).toEqual([4, 3, 2, 0])
    const sizes = new Array<number>(5).fill(0)
    for (let i = 0; i < 1000; i++) {
      const fold = foldOf(`doc-${i}`, 5)
      expect(fold).toBeGreaterThanOrEqual(0)
      expect(fold).toBeLessThan(5)
      sizes[fold]!++
    }
    for (const size of sizes) expect(size).toBeGreaterThan(150)
    for (const size of sizes) expect(size).toBeLessThan(250)
  })

  it('does not depend on the order the documents are read in', async () => {
    const foldsOf = async (docs: GoldDocument[]) => {
      const { trainer, runs } = recordingTrainer()
      await crossValidate(docs, 4, trainer)
      return runs.map((r) => [...r.scored].sort())
    }
    expect(await foldsOf([...documents].reverse())).toEqual(await foldsOf(documents))
  })
})

describe('cross-validation', () => {
  it('never scores a document with a predictor trained on it, and scores each once', async () => {
    const { trainer, runs } = recordingTrainer()
    const folds = await crossValidate(documents, 5, trainer)
    expect(runs).toHaveLength(folds.length)
    for (const run of runs) {
      expect(run.scored.length).toBeGreaterThan(0)
      for (const name of run.scored) expect(run.trainedOn.has(name)).toBe(false)
      // Trained on everything outside its fold.
      expect(run.trainedOn.size + run.scored.length).toBe(documents.length)
    }
    expect(runs.flatMap((r) => r.scored).sort()).toEqual(documents.map((d) => d.name).sort())
    expect(folds.map((f) => f.trainedOn)).toEqual(runs.map((r) => r.trainedOn.size))
    const titles = acrossFolds(folds).find((f) => f.field === 'titles')!
    expect(titles.f1).toEqual({ mean: 1, sd: 0, min: 1, max: 1 })
  })

  it('reports P/R/F1 per fold and their mean ± standard deviation', async () => {
    const { trainer } = recordingTrainer()
    const folds = await crossValidate(documents, 3, trainer)
    const table = foldTable(acrossFolds(folds), folds)
    for (const f of folds) expect(table).toMatch(new RegExp(`^titles\\s+${f.fold}\\s+${f.totals.documents}\\s+1\\.000\\s+1\\.000\\s+1\\.000$`, 'm'))
    expect(table).toMatch(/^titles\s+mean ± sd\s+1\.000±0\.000\s+1\.000±0\.000\s+1\.000±0\.000$/m)
    await expect(crossValidate(documents, 1, trainer)).rejects.toThrow(/2 folds/)
  })

  it('scores a set the trainer never saw, and refuses one that overlaps its training set', async () => {
    const { trainer, runs } = recordingTrainer()
    const results = await trainAndScore(documents.slice(0, 40), documents.slice(40), trainer)
    expect(results.map((r) => r.score.titles?.matched)).toEqual(new Array(20).fill(1))
    expect(runs[0]!.scored).toEqual(documents.slice(40).map((d) => d.name))
    const renamed = { ...documents[3]!, name: 'other-name' }
    await expect(trainAndScore(documents.slice(0, 40), [renamed], trainer)).rejects.toThrow(/also in the training set/)
  })
})

describe('documents scored in one line', () => {
  it('are read with their lines run on while the trainer learns from them as written', async () => {
    const seen: string[] = []
    let trainedOn: string[] = []
    const trainer: Trainer = {
      name: 'reading',
      async train(training) {
        trainedOn = training.map((d) => d.text)
        return { predict: ({ text }) => (seen.push(text), predicted([text])) }
      },
    }
    const written = [{ name: 'a', text: '  Anna Nowak \n\nEngineer\n  Acme  Corp ', gold: { titles: ['Engineer'] } }]
    await trainAndScore(documents.slice(0, 2), written, trainer, linesLost)
    expect(seen).toEqual(['Anna Nowak Engineer Acme  Corp'])
    expect(trainedOn).toEqual(documents.slice(0, 2).map((d) => d.text))
    await crossValidate(documents, 3, trainer, 1, linesLost)
    expect(seen.slice(1).every((text) => /^Resume \d+ Title \d+$/.test(text))).toBe(true)
    expect(trainedOn.every((text) => text.includes('\n'))).toBe(true)
  })
})

describe('spread', () => {
  it('is the mean, sample standard deviation and range of the finite values', () => {
    const s = spread([0.4, 0.6, Number.NaN])
    expect(s.mean).toBeCloseTo(0.5, 10)
    expect(s.sd).toBeCloseTo(Math.SQRT2 / 10, 10)
    expect([s.min, s.max]).toEqual([0.4, 0.6])
    expect(spread([0.7])).toEqual({ mean: 0.7, sd: 0, min: 0.7, max: 0.7 })
  })
})
