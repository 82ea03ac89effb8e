/**
 * Accuracy harness: `npm run eval:parse -- DIR [--folds K [--fold N] | --train TRAIN_DIR] [--trainer NAME [--generated-seed S[,S...]]] [--misses FIELD] [--json]`.
 * Parses every NAME.txt in DIR that has a NAME.gold.json and prints precision, recall and F1 per field
 * and per language. The format and the matching rules are in docs/eval-format.md.
 * `--folds K`: K-fold cross-validation over DIR (cross-validation.ts), each fold scored by a predictor
 * trained on the other folds, with P/R/F1 per fold and their mean ± standard deviation.
 * `--fold N` with `--folds K`: only fold N (1 to K) is trained for and scored, for a development loop
 * that reads one fold's misses and keeps the others held out.
 * `--train TRAIN_DIR`: the predictor is trained on TRAIN_DIR and scored on DIR, a set it never saw.
 * `--trainer` chooses what is trained (trainer.ts); `rules`, today's parser, learns nothing.
 * `--one-line`: every scored document is read with its line breaks lost (one-line.ts), as many
 * extracted texts arrive; a trainer still learns from the documents as written.
 * `--generated-seed S` (trainer `model`): the generated resumes every model learns from besides the set
 * are drawn with seed S instead of the shipped model's, to see how much a figure owes to that draw;
 * `--generated-seed 7,8,9` trains one model per draw and scores their average (average-models.ts).
 */
import { parseArgs } from 'node:util'
import { acrossFolds, crossValidate, trainAndScore } from './cross-validation.js'
import { readGoldDirectory } from './documents.js'
import { totals, totalsByLanguage } from './evaluate.js'
import { scoredFields, type ScoredField } from './gold-format.js'
import { fieldTable, foldTable, languageTable, missesReport } from './report.js'
import { modelTrainerWith } from './model-trainer.js'
import { linesLost } from './one-line.js'
import { rulesTrainer, trainers } from './trainer.js'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    folds: { type: 'string' },
    fold: { type: 'string' },
    'generated-seed': { type: 'string' },
    train: { type: 'string' },
    trainer: { type: 'string', default: rulesTrainer.name },
    misses: { type: 'string' },
    json: { type: 'boolean', default: false },
    'one-line': { type: 'boolean', default: false },
  },
})
const dir = positionals[0]
const misses = values.misses as ScoredField | undefined
const folds = values.folds === undefined ? undefined : Number(values.folds)
const only = values.fold === undefined ? undefined : Number(values.fold)
const generatedSeeds = values['generated-seed'] === undefined ? undefined : values['generated-seed'].split(',').map(Number)
const trainer = values.trainer === 'model' && generatedSeeds !== undefined ? modelTrainerWith(generatedSeeds) : trainers[values.trainer]
if (
  !dir || positionals.length > 1 || (misses !== undefined && !scoredFields.includes(misses)) || !trainer ||
  (folds !== undefined && !(Number.isInteger(folds) && folds >= 2)) || (folds !== undefined && values.train !== undefined) ||
  (only !== undefined && (folds === undefined || !Number.isInteger(only) || only < 1 || only > folds)) ||
  (generatedSeeds !== undefined && (values.trainer !== 'model' || !generatedSeeds.every(Number.isInteger)))
) {
  console.error(`usage: npm run eval:parse -- DIR [--folds K [--fold N] | --train TRAIN_DIR] [--trainer ${Object.keys(trainers).join('|')} [--generated-seed S[,S...]]] [--misses ${scoredFields.join('|')}] [--one-line] [--json]`)
  process.exit(2)
}

const { documents, skipped } = readGoldDirectory(dir)
// Without --one-line the harnesses score each document as it is (their default).
const scoredAs = values['one-line'] ? linesLost : undefined
const header = (what: string) => {
  console.log(`Parser accuracy on ${dir}${values['one-line'] ? ' (each read in one line)' : ''}: ${what}, ${skipped.length} skipped; trainer ${trainer.name}`)
  for (const s of skipped) console.log(`  skipped ${s.name}: ${s.reason}`)
}

if (folds !== undefined) {
  const results = await crossValidate(documents, folds, trainer, only, scoredAs)
  const fields = acrossFolds(results)
  if (values.json) {
    const perFold = results.map(({ fold, trainedOn, totals: t }) => ({ fold, trainedOn, documents: t.documents, score: t.score, experience: t.experience }))
    console.log(JSON.stringify({ documents: documents.length, skipped, trainer: trainer.name, folds: perFold, fields }, null, 2))
  } else {
    header(`${documents.length} documents in ${results.length} folds (${results.map((f) => f.totals.documents).join(', ')})`)
    console.log(`\nEach fold scored by a predictor trained on the other folds:\n${foldTable(fields, results)}`)
    const pooled = results.flatMap((f) => f.results)
    console.log(`\nAll held-out folds together:\n${fieldTable(totals(pooled))}`)
    if (misses) console.log(`\nMisses in ${misses}:\n${missesReport(pooled, misses)}`)
  }
} else {
  const training = values.train === undefined ? [] : readGoldDirectory(values.train).documents
  const results = await trainAndScore(training, documents, trainer, scoredAs)
  const all = totals(results)
  const byLanguage = totalsByLanguage(results)
  if (values.json) {
    console.log(JSON.stringify({ documents: all.documents, skipped, trainer: trainer.name, trainedOn: training.length, all, byLanguage: Object.fromEntries(byLanguage) }, null, 2))
  } else {
    header(`${all.documents} documents${values.train === undefined ? '' : `, trained on ${training.length} of ${values.train}`}`)
    console.log(`\n${fieldTable(all)}\n\n${languageTable(byLanguage)}`)
    if (misses) console.log(`\nMisses in ${misses}:\n${missesReport(results, misses)}`)
  }
}
