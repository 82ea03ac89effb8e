/**
 * Writes the synthetic bench corpus with its gold labels, for the accuracy harness:
 *   node --import tsx bench/synthetic/write-gold.ts OUT_DIR [--count 600] [--seed 1]
 *   npm run eval:parse -- OUT_DIR
 * The labels are what the generator wrote, so these figures show the parser on layouts we wrote
 * ourselves, in all six languages: a floor to check, not a measure of accuracy on real resumes.
 * The gold files' asOf is the generator's "today", so "present" means the same to the parser.
 */
import { mkdirSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { writeGoldExample } from '../../eval/convert/labels.js'
import { syntheticCorpus } from './generate.js'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { count: { type: 'string', default: '600' }, seed: { type: 'string', default: '1' } },
})
const [outDir] = positionals
if (!outDir || positionals.length > 1) {
  console.error('usage: node --import tsx bench/synthetic/write-gold.ts OUT_DIR [--count N] [--seed S]')
  process.exit(2)
}

const asOf = '2025-06-01'
mkdirSync(outDir, { recursive: true })
const corpus = syntheticCorpus(Number(values.count), Number(values.seed), new Date(`${asOf}T00:00:00Z`))
corpus.forEach(({ language, text, gold }, i) => writeGoldExample(outDir, { name: `${language}-${String(i).padStart(4, '0')}`, text, gold: { ...gold, asOf } }))
console.log(`wrote ${corpus.length} documents to ${outDir}`)
