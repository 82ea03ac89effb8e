import type { FieldAcrossFolds, FoldResult, Spread } from './cross-validation.js'
import type { DocumentResult, Totals } from './evaluate.js'
import { scoredFields, type ScoredField } from './gold-format.js'
import { prf, type Counts } from './score.js'

const ratio = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : '—')
const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`)
const row = (cells: Array<string | number>, widths: number[]) =>
  cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i] ?? 0) : String(cell).padStart(widths[i] ?? 0))).join('  ')

/**
 * The field table: documents, gold and predicted entities, matches, and micro-averaged P/R/F1.
 *
 * @example
 *   fieldTable(totals(results)) // "field  docs  gold  pred  match  precision  recall  F1\nemails  2  2  2  2  1.000 ..."
 */
export function fieldTable(sum: Totals): string {
  const widths = [16, 5, 6, 6, 6, 9, 6, 5]
  const lines = [row(['field', 'docs', 'gold', 'pred', 'match', 'precision', 'recall', 'F1'], widths)]
  for (const field of scoredFields) {
    const counts = sum.score[field]
    if (!counts) continue
    const { precision, recall, f1 } = prf(counts)
    lines.push(row([field, counts.documents, counts.gold, counts.predicted, counts.matched, ratio(precision), ratio(recall), ratio(f1)], widths))
  }
  lines.push(`total experience within 12 months: ${percent(sum.experience.within, sum.experience.documents)} of ${sum.experience.documents} documents`)
  return lines.join('\n')
}

/** F1 per field (columns: languages with their document counts) and total experience per language. */
export function languageTable(groups: Array<[string, Totals]>): string {
  const widths = [16, ...groups.map(([language, t]) => Math.max(7, `${language} (${t.documents})`.length))]
  const lines = [row(['F1 by language', ...groups.map(([language, t]) => `${language} (${t.documents})`)], widths)]
  for (const field of scoredFields) {
    if (!groups.some(([, t]) => t.score[field])) continue
    lines.push(row([field, ...groups.map(([, t]) => cell(t.score[field]))], widths))
  }
  lines.push(row(['experience ±12m', ...groups.map(([, t]) => percent(t.experience.within, t.experience.documents))], widths))
  return lines.join('\n')
}

/**
 * Cross-validation, per field: precision, recall and F1 on each held-out fold, then their mean ± sample
 * standard deviation over the folds.
 *
 * @example
 *   foldTable(acrossFolds(folds), folds) // "field  fold  docs  precision  recall  F1\nname  1  61  0.840 ..."
 */
export function foldTable(fields: readonly FieldAcrossFolds[], folds: readonly FoldResult[]): string {
  const widths = [16, 9, 5, 13, 13, 13]
  const lines = [row(['field', 'fold', 'docs', 'precision', 'recall', 'F1'], widths)]
  const spreadOf = (s: Spread) => (Number.isFinite(s.mean) ? `${s.mean.toFixed(3)}±${s.sd.toFixed(3)}` : '—')
  for (const { field, perFold, precision, recall, f1 } of fields) {
    for (const f of perFold) if (f) lines.push(row([field, f.fold, f.documents, ratio(f.precision), ratio(f.recall), ratio(f.f1)], widths))
    lines.push(row([field, 'mean ± sd', '', spreadOf(precision), spreadOf(recall), spreadOf(f1)], widths))
  }
  const experience = folds.filter((f) => f.totals.experience.documents > 0)
  if (experience.length > 0) {
    lines.push(`total experience within 12 months per fold: ${experience.map((f) => `${f.fold}: ${percent(f.totals.experience.within, f.totals.experience.documents)}`).join(', ')}`)
  }
  return lines.join('\n')
}

function cell(counts: Counts | undefined): string {
  return counts ? ratio(prf(counts).f1) : ''
}

/** For a human reading errors: each document where the field missed a gold value or predicted a wrong one. */
export function missesReport(results: DocumentResult[], field: ScoredField): string {
  const lines: string[] = []
  for (const r of results) {
    const counts = r.score[field]
    if (!counts || (counts.matched === counts.gold && counts.matched === counts.predicted)) continue
    lines.push(`${r.name} [${r.language}] matched ${counts.matched} of gold ${counts.gold}, predicted ${counts.predicted}`)
    lines.push(`  gold: ${JSON.stringify(r.gold[field])}`)
    lines.push(`  pred: ${JSON.stringify(shown(r, field))}`)
  }
  return lines.join('\n')
}

function shown(r: DocumentResult, field: ScoredField): unknown {
  if (field === 'skills') return r.predicted.skills.map((s) => (s.Skill === s.FormattedName ? s.Skill : `${s.Skill} => ${s.FormattedName}`))
  if (field === 'name') return r.predicted.name.FullName
  return r.predicted[field]
}
