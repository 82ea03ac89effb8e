import { createHash } from 'node:crypto'
import type { GoldDocument } from './documents.js'
import { evaluateDocuments, totals, type DocumentResult, type Totals } from './evaluate.js'
import { scoredFields, type ScoredField } from './gold-format.js'
import { prf } from './score.js'
import type { Trainer } from './trainer.js'

/**
 * The fold (0 to k - 1) of a document: the first four bytes of the SHA-256 of its id, modulo k. It
 * depends on the id alone, so a document keeps its fold whatever else is in the directory and in
 * whatever order it is read.
 *
 * @example
 *   foldOf('117', 5) // the same fold on every run
 */
export function foldOf(id: string, k: number): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0) % k
}

export interface FoldResult {
  /** 1 to k, as the report numbers them. */
  fold: number
  /** The documents the fold's predictor was trained on (every other fold's). */
  trainedOn: number
  results: DocumentResult[]
  totals: Totals
}

/**
 * k-fold cross-validation: for each fold, the trainer learns from the documents of the other folds and
 * its predictor is scored on the fold's documents alone, so no document is scored by a predictor
 * trained on it. A fold no document falls in is left out. `only` (1 to k) scores that fold alone: a
 * development loop that looks at one fold's errors and leaves the others unread. `scoredAs` changes a
 * held-out document before it is scored (its lines lost, say) while the trainer learns from the others
 * as they are.
 */
export async function crossValidate(documents: readonly GoldDocument[], k: number, trainer: Trainer, only?: number, scoredAs: (document: GoldDocument) => GoldDocument = (d) => d): Promise<FoldResult[]> {
  if (!Number.isInteger(k) || k < 2) throw new Error(`cross-validation needs at least 2 folds, not ${k}`)
  const folds: FoldResult[] = []
  for (let fold = 0; fold < k; fold++) {
    if (only !== undefined && fold + 1 !== only) continue
    const heldOut = documents.filter((d) => foldOf(d.name, k) === fold)
    if (heldOut.length === 0) continue
    const training = documents.filter((d) => foldOf(d.name, k) !== fold)
    const results = await evaluateDocuments(heldOut.map(scoredAs), await trainer.train(training))
    folds.push({ fold: fold + 1, trainedOn: training.length, results, totals: totals(results) })
  }
  return folds
}

/**
 * Trains on one set and scores another (a set the trainer never saw): refused when a scored document's
 * text is also in the training set, which would make it a figure on training data. `scoredAs` as in
 * `crossValidate`.
 */
export async function trainAndScore(training: readonly GoldDocument[], scored: readonly GoldDocument[], trainer: Trainer, scoredAs: (document: GoldDocument) => GoldDocument = (d) => d): Promise<DocumentResult[]> {
  const key = (d: GoldDocument) => createHash('sha256').update(d.text.trim()).digest('hex')
  const seen = new Set(training.map(key))
  const shared = scored.filter((d) => seen.has(key(d)))
  if (shared.length > 0) throw new Error(`${shared.length} scored documents are also in the training set (${shared.slice(0, 3).map((d) => d.name).join(', ')}...)`)
  return evaluateDocuments(scored.map(scoredAs), await trainer.train(training))
}

export interface Spread {
  mean: number
  /** Sample standard deviation over the folds (0 with one fold). */
  sd: number
  min: number
  max: number
}

export interface FieldAcrossFolds {
  field: ScoredField
  /** Per fold (undefined where the fold has no gold or no prediction for the field). */
  perFold: Array<{ fold: number; documents: number; precision: number; recall: number; f1: number } | undefined>
  precision: Spread
  recall: Spread
  f1: Spread
}

/** Per field: P/R/F1 on each held-out fold and their mean and spread over the folds that have the field. */
export function acrossFolds(folds: readonly FoldResult[]): FieldAcrossFolds[] {
  return scoredFields.flatMap((field) => {
    const perFold = folds.map(({ fold, totals: t }) => {
      const counts = t.score[field]
      return counts ? { fold, documents: counts.documents, ...prf(counts) } : undefined
    })
    const present = perFold.filter((f) => f !== undefined)
    if (present.length === 0) return []
    const of = (measure: 'precision' | 'recall' | 'f1') => spread(present.map((f) => f[measure]))
    return [{ field, perFold, precision: of('precision'), recall: of('recall'), f1: of('f1') }]
  })
}

/** Mean, sample standard deviation and range of the finite values (a fold with no prediction has no precision). */
export function spread(values: readonly number[]): Spread {
  const finite = values.filter(Number.isFinite)
  if (finite.length === 0) return { mean: Number.NaN, sd: Number.NaN, min: Number.NaN, max: Number.NaN }
  const mean = finite.reduce((a, b) => a + b, 0) / finite.length
  const variance = finite.length < 2 ? 0 : finite.reduce((a, b) => a + (b - mean) ** 2, 0) / (finite.length - 1)
  return { mean, sd: Math.sqrt(variance), min: Math.min(...finite), max: Math.max(...finite) }
}
