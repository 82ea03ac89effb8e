import type { GoldDocument } from './documents.js'
import type { Gold } from './gold-format.js'
import type { Predicted } from './predict.js'
import { addCounts, experienceWithinTolerance, scoreDocument, type DocumentScore } from './score.js'
import { predictorInput, rulesPredictor, type Predictor } from './trainer.js'

/** One document's result, kept so a report can list what was missed. */
export interface DocumentResult {
  name: string
  /** The gold language, else the one the parser detected. */
  language: string
  gold: Gold
  predicted: Predicted
  score: DocumentScore
  experienceWithin: boolean | undefined
}

/** Summed counts over a group of documents (all, or one language). */
export interface Totals {
  documents: number
  score: DocumentScore
  experience: { documents: number; within: number }
}

/**
 * Predicts and scores each document, with today's parser unless another predictor is given. `asOf` in
 * a gold file is the predictor's "now"; else today.
 */
export async function evaluateDocuments(documents: readonly GoldDocument[], predictor: Predictor = rulesPredictor): Promise<DocumentResult[]> {
  const results: DocumentResult[] = []
  for (const document of documents) results.push(scoreResult(document, await predictor.predict(predictorInput(document))))
  return results
}

/** One document's prediction scored against its gold labels. */
export function scoreResult({ name, gold }: GoldDocument, predicted: Predicted): DocumentResult {
  return {
    name,
    language: gold.language ?? predicted.language,
    gold,
    predicted,
    score: scoreDocument(gold, predicted),
    experienceWithin: experienceWithinTolerance(gold, predicted),
  }
}

/** Sums document results into totals. */
export function totals(results: readonly DocumentResult[]): Totals {
  const sum: Totals = { documents: 0, score: {}, experience: { documents: 0, within: 0 } }
  for (const result of results) {
    sum.documents++
    addCounts(sum.score, result.score)
    if (result.experienceWithin !== undefined) {
      sum.experience.documents++
      if (result.experienceWithin) sum.experience.within++
    }
  }
  return sum
}

/** Totals per language, English first, then by number of documents. */
export function totalsByLanguage(results: DocumentResult[]): Array<[string, Totals]> {
  const groups = new Map<string, DocumentResult[]>()
  for (const result of results) groups.set(result.language, [...(groups.get(result.language) ?? []), result])
  return [...groups.entries()]
    .map(([language, group]): [string, Totals] => [language, totals(group)])
    .sort((a, b) => Number(b[0] === 'en') - Number(a[0] === 'en') || b[1].documents - a[1].documents)
}
