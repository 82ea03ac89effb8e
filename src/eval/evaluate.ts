import { parseResume } from '../parser/resume.js'
import type { GoldDocument } from './documents.js'
import type { Gold } from './gold-format.js'
import { predictedFields, type Predicted } from './predict.js'
import { addCounts, experienceWithinTolerance, scoreDocument, type DocumentScore } from './score.js'

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

/** Parses and scores each document. `asOf` in a gold file is the parser's "now"; else today. */
export function evaluateDocuments(documents: GoldDocument[]): DocumentResult[] {
  return documents.map(({ name, text, gold }) => {
    const output = parseResume(text, { fileName: `${name}.txt`, ...(gold.asOf ? { now: new Date(`${gold.asOf}T00:00:00Z`) } : {}) })
    const predicted = predictedFields(output)
    return {
      name,
      language: gold.language ?? predicted.language,
      gold,
      predicted,
      score: scoreDocument(gold, predicted),
      experienceWithin: experienceWithinTolerance(gold, predicted),
    }
  })
}

/** Sums document results into totals. */
export function totals(results: DocumentResult[]): Totals {
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
