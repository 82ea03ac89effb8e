/**
 * Converts a match-ranking set to the eval:match format (docs/eval-format.md, "Match relevance"):
 *   npm run eval:convert-match -- --format megagon IN OUT_DIR    (IN: test.jsonl or its folder)
 *   npm run eval:convert-match -- --format jobresqa IN OUT_DIR   (IN: jobresqa.en.tsv or its folder)
 * OUT_DIR must be outside the repository: the texts are not ours.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { MatchEvalSet } from './eval-set.js'
import { jobresqaSet } from './convert-jobresqa.js'
import { megagonSet } from './convert-megagon.js'
import { writeMatchEvalSet } from './write-set.js'

const formats: Record<string, { file: string; convert: (text: string) => MatchEvalSet }> = {
  megagon: { file: 'test.jsonl', convert: megagonSet },
  jobresqa: { file: 'jobresqa.en.tsv', convert: jobresqaSet },
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { format: { type: 'string' } } })
const [input, outDir] = positionals
const format = formats[values.format ?? '']
if (!input || !outDir || positionals.length > 2 || !format) {
  console.error(`usage: npm run eval:convert-match -- --format ${Object.keys(formats).join('|')} IN OUT_DIR`)
  process.exit(2)
}
if (existsSync(join(outDir, 'qrels.tsv'))) {
  console.error(`${outDir} already holds a set; choose an empty directory`)
  process.exit(2)
}

const file = statSync(input).isDirectory() ? join(input, format.file) : input
const set = format.convert(readFileSync(file, 'utf8'))
writeMatchEvalSet(outDir, set)
const judgements = [...set.qrels.values()].reduce((n, judged) => n + judged.size, 0)
console.log(`wrote ${set.jds.size} JDs, ${set.resumes.size} resumes, ${judgements} judgements, ${set.triples.length} triples to ${outDir}`)
