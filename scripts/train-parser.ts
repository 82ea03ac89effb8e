/**
 * Trains the parser's model and writes its weights: `npm run train:parser [-- --dotin DIR] [--skillspan DIR] [--out FILE]`.
 * It learns from dotin's CC0 train split and SkillSpan's CC BY 4.0 job postings (both read from
 * ../shared/eval-dev, never copied here) and from resumes generated from the project's vocabularies
 * (bench/synthetic/training.ts); the same inputs give byte-identical weights. docs/parser-model.md says
 * what it learns and how it is measured.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { dotinExamples } from '../eval/convert/dotin.js'
import { skillspanDocuments } from '../eval/convert/skillspan.js'
import { generatedResumes, labelledDocument, skillspanDir, trainingDocuments } from '../eval/model-trainer.js'
import { weightsUrl } from '../src/parser/model/tagger.js'
import { defaultTrainOptions, lineClassCounts, train, type LineClassCounts } from '../src/parser/model/train.js'
import { writeWeights } from '../src/parser/model/weights-file.js'
import { vocabulary } from '../src/parser/vocab/vocabulary.js'

const { values } = parseArgs({
  options: {
    dotin: { type: 'string', default: fileURLToPath(new URL('../../shared/eval-dev/dotin-resume-ner/train_310_xml', import.meta.url)) },
    skillspan: { type: 'string', default: skillspanDir },
    out: { type: 'string', default: fileURLToPath(weightsUrl) },
  },
})

const labelled = dotinExamples(values.dotin, { assumeCurrent: false }).map(labelledDocument)
const postings = skillspanDocuments(values.skillspan)
// Without the postings the weights would differ from the shipped ones without a word: refuse instead.
if (postings.length === 0) {
  console.error(`no SkillSpan postings in ${values.skillspan} (train.json, dev.json, test.json)`)
  process.exit(2)
}
const started = performance.now()
const taggers = train(trainingDocuments(labelled, generatedResumes.seed, postings), vocabulary(), {
  ...defaultTrainOptions,
  onEpoch: (group, epoch, errors) => console.log(`${group}, epoch ${epoch}: ${(100 * errors).toFixed(2)}% of its training tokens wrong`),
  onLineClasses: (documents) => {
    const dotin = new Set(labelled.map((d) => d.name))
    console.log(`segment classes of dotin's lines, each from a classifier that did not see its CV:\n${lineClassTable(lineClassCounts(documents.filter((d) => dotin.has(d.name))))}`)
  },
})
const bytes = writeWeights({
  trainedOn: {
    dotin: labelled.length,
    dotinInOneLine: labelled.length,
    generated: generatedResumes.count,
    generatedSeed: generatedResumes.seed,
    skillspanPostings: postings.length,
    epochs: defaultTrainOptions.epochs,
    minDocuments: defaultTrainOptions.minDocuments,
    prune: defaultTrainOptions.prune,
  },
  taggers,
})
writeFileSync(values.out, bytes)
const features = Object.entries(taggers).map(([group, data]) => `${group} ${Object.keys(data.features).length}`).join(', ')
console.log(`wrote ${values.out}: ${(bytes.length / 1024).toFixed(0)} kB; features ${features}; ${((performance.now() - started) / 1000).toFixed(0)} s`)

function lineClassTable(counts: LineClassCounts): string {
  const rate = (a: number, b: number) => (b === 0 ? '-' : (a / b).toFixed(3))
  return Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([lineClass, { gold, predicted, right }]) => `  ${lineClass.padEnd(7)} lines ${String(gold).padStart(6)}  precision ${rate(right, predicted)}  recall ${rate(right, gold)}`)
    .join('\n')
}
