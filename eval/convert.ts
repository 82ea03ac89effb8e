/**
 * Converts a labelled resume set to the harness format (docs/eval-format.md):
 *   npm run eval:convert-dotin -- IN_DIR OUT_DIR [--assume-current]      (dotin XML)
 *   node --import tsx eval/convert.ts --format label-studio IN_DIR OUT_DIR   (vrundag91 corpus)
 *   node --import tsx eval/convert.ts --format spacy IN_DIR OUT_DIR          (minhquan NER set)
 *   node --import tsx eval/convert.ts --format jobresqa IN_DIR OUT_DIR       (JobResQA resumes' titles)
 * Writes NAME.txt and NAME.gold.json per document into OUT_DIR; keep it outside the repository.
 * Documents with no label the harness scores are not written.
 */
import { mkdirSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { dotinExamples } from './convert/dotin.js'
import { jobresqaExamples } from './convert/jobresqa.js'
import { labelStudioExamples } from './convert/label-studio.js'
import { writeGoldExample, type GoldExample } from './convert/labels.js'
import { spacyExamples } from './convert/spacy.js'

const formats: Record<string, (dir: string, assumeCurrent: boolean) => GoldExample[]> = {
  dotin: (dir, assumeCurrent) => dotinExamples(dir, { assumeCurrent }),
  'label-studio': (dir) => labelStudioExamples(dir),
  spacy: (dir) => spacyExamples(dir),
  jobresqa: (dir) => jobresqaExamples(dir),
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { format: { type: 'string', default: 'dotin' }, 'assume-current': { type: 'boolean', default: false } },
})
const [inDir, outDir] = positionals
const convert = formats[values.format]
if (!inDir || !outDir || positionals.length > 2 || !convert) {
  console.error(`usage: node --import tsx eval/convert.ts [--format ${Object.keys(formats).join('|')}] IN_DIR OUT_DIR [--assume-current]`)
  process.exit(2)
}

mkdirSync(outDir, { recursive: true })
const examples = convert(inDir, values['assume-current']).filter(({ gold }) => Object.keys(gold).some((key) => key !== 'language'))
for (const example of examples) writeGoldExample(outDir, example)
console.log(`wrote ${examples.length} documents to ${outDir}`)
