import type { Gold, ScoredField } from './gold-format.js'
import { countMatches, distinct, fold, sameEmail, sameName, samePhone, samePlace, sameSkill, sameTokenSet } from './match.js'
import type { Predicted } from './predict.js'

/** Gold values, predicted values and true positives of one field, summed over documents. */
export interface Counts {
  gold: number
  predicted: number
  matched: number
  /** Documents whose gold file has the field. */
  documents: number
}

/** The fields a document's gold file has, with their counts. */
export type DocumentScore = Partial<Record<ScoredField, Counts>>

/**
 * Compares one document's prediction with its gold labels, field by field. Lists are first reduced to
 * distinct entities with the field's own rule (a label repeated in the text is one entity), then paired
 * one-to-one. A single-valued field has one gold value and at most one prediction.
 */
export function scoreDocument(gold: Gold, predicted: Predicted): DocumentScore {
  const score: DocumentScore = {}
  const one = (hit: boolean, predictedCount: number): Counts => ({ gold: 1, predicted: predictedCount, matched: hit ? 1 : 0, documents: 1 })
  const has = (value: string) => value.trim() !== ''

  if (gold.language !== undefined) score.language = one(predicted.language === gold.language, has(predicted.language) ? 1 : 0)
  if (gold.name !== undefined) score.name = one(sameName(predicted.name, gold.name), has(predicted.name.FullName) ? 1 : 0)
  if (gold.city !== undefined) score.city = one(samePlace(predicted.city, gold.city), has(predicted.city) ? 1 : 0)
  if (gold.currentTitle !== undefined)
    score.currentTitle = one(sameTokenSet(predicted.currentTitle, gold.currentTitle), has(predicted.currentTitle) ? 1 : 0)
  if (gold.currentEmployer !== undefined)
    score.currentEmployer = one(sameTokenSet(predicted.currentEmployer, gold.currentEmployer), has(predicted.currentEmployer) ? 1 : 0)

  if (gold.emails) score.emails = compareLists(predicted.emails, gold.emails, sameEmail)
  if (gold.phones) score.phones = compareLists(predicted.phones, gold.phones, samePhone)
  if (gold.titles) score.titles = compareLists(predicted.titles, gold.titles, sameTokenSet)
  if (gold.employers) score.employers = compareLists(predicted.employers, gold.employers, sameTokenSet)
  if (gold.institutes) score.institutes = compareLists(predicted.institutes, gold.institutes, sameTokenSet)
  if (gold.degrees) score.degrees = compareLists(predicted.degrees, gold.degrees, sameTokenSet)
  if (gold.skills) {
    // A canonical skill is one prediction however many ways the resume wrote it.
    const skills = distinct(predicted.skills, (a, b) => fold(a.FormattedName) === fold(b.FormattedName))
    const labels = distinct(gold.skills.filter((s) => fold(s) !== ''), (a, b) => fold(a) === fold(b))
    score.skills = { gold: labels.length, predicted: skills.length, matched: countMatches(skills, labels, sameSkill), documents: 1 }
  }
  return score
}

function compareLists(predicted: string[], gold: string[], same: (a: string, b: string) => boolean): Counts {
  const p = distinct(predicted, same)
  const g = distinct(gold.filter((value) => value.trim() !== ''), same)
  return { gold: g.length, predicted: p.length, matched: countMatches(p, g, same), documents: 1 }
}

/** Total experience is right when it is within a year of the gold figure. */
export const experienceToleranceMonths = 12

export function experienceWithinTolerance(gold: Gold, predicted: Predicted): boolean | undefined {
  if (gold.totalExperienceMonths === undefined) return undefined
  return Math.abs(predicted.totalExperienceMonths - gold.totalExperienceMonths) <= experienceToleranceMonths
}

/** Micro-averaged precision, recall and F1 from summed counts; NaN where a denominator is zero. */
export function prf(counts: Counts): { precision: number; recall: number; f1: number } {
  const precision = counts.matched / counts.predicted
  const recall = counts.matched / counts.gold
  const f1 = counts.predicted + counts.gold === 0 ? Number.NaN : (2 * counts.matched) / (counts.predicted + counts.gold)
  return { precision, recall, f1 }
}

/** Adds one document's counts into a running total. */
export function addCounts(total: DocumentScore, score: DocumentScore): void {
  for (const [field, counts] of Object.entries(score) as Array<[ScoredField, Counts]>) {
    const sum = (total[field] ??= { gold: 0, predicted: 0, matched: 0, documents: 0 })
    sum.gold += counts.gold
    sum.predicted += counts.predicted
    sum.matched += counts.matched
    sum.documents += counts.documents
  }
}
