/**
 * Accuracy harness: `npm run eval:parse -- DIR [--misses FIELD] [--json]`.
 * Parses every NAME.txt in DIR that has a NAME.gold.json and prints precision, recall and F1 per field
 * and per language. The format and the matching rules are in docs/eval-format.md.
 */
import { parseArgs } from 'node:util'
import { readGoldDirectory } from './documents.js'
import { evaluateDocuments, totals, totalsByLanguage } from './evaluate.js'
import { scoredFields, type ScoredField } from './gold-format.js'
import { fieldTable, languageTable, missesReport } from './report.js'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { misses: { type: 'string' }, json: { type: 'boolean', default: false } },
})
const dir = positionals[0]
const misses = values.misses as ScoredField | undefined
if (!dir || positionals.length > 1 || (misses !== undefined && !scoredFields.includes(misses))) {
  console.error(`usage: npm run eval:parse -- DIR [--misses ${scoredFields.join('|')}] [--json]`)
  process.exit(2)
}

const { documents, skipped } = readGoldDirectory(dir)
const results = evaluateDocuments(documents)
const all = totals(results)
const byLanguage = totalsByLanguage(results)

if (values.json) {
  console.log(JSON.stringify({ documents: all.documents, skipped, all, byLanguage: Object.fromEntries(byLanguage) }, null, 2))
} else {
  console.log(`Parser accuracy on ${dir}: ${all.documents} documents, ${skipped.length} skipped`)
  for (const s of skipped) console.log(`  skipped ${s.name}: ${s.reason}`)
  console.log(`\n${fieldTable(all)}\n\n${languageTable(byLanguage)}`)
  if (misses) console.log(`\nMisses in ${misses}:\n${missesReport(results, misses)}`)
}
