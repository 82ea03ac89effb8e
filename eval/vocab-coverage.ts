import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseDelimited } from './delimited.js'
import { vocabulary } from '../src/parser/vocab/vocabulary.js'

/**
 * `npm run eval:vocab -- EVAL_DIR`: how much of public taxonomies our vocabularies recognise. The
 * taxonomies are only read here, to measure; nothing of them is copied into the project's data.
 *
 * - Stack Overflow: the 1,000 most used tags, as skills.
 * - O*NET: "hot" technologies as skills; reported job titles as titles.
 * - ESCO v1.0: occupation preferred labels in en, es, fr, as titles.
 * - MELO: national occupation titles in de, es, fr, it, pl, en, as titles.
 *
 * "exact" counts a label that is wholly one vocabulary phrase; "found" counts a label in which a known
 * title or skill is found ("Senior Java Developer III" finds Java Developer).
 */
const dir = process.argv[2]
if (!dir || !existsSync(dir)) {
  process.stderr.write('Usage: npm run eval:vocab -- DIR (the folder of the evaluation data sets)\n')
  process.exit(2)
}
const words = vocabulary()

const csvRows = (file: string) => parseDelimited(readFileSync(file, 'utf8'), ',')

const tsvRows = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t'))

function measure(name: string, labels: string[], index: 'skills' | 'titles'): void {
  const phrases = index === 'skills' ? words.skills.index : words.titles.index
  const unique = [...new Set(labels.map((l) => l.trim()).filter(Boolean))]
  const exact = unique.filter((l) => phrases.lookup(l) !== undefined).length
  const found = unique.filter((l) => phrases.find(l).length > 0).length
  const pct = (n: number) => `${((100 * n) / Math.max(unique.length, 1)).toFixed(1)}%`
  process.stdout.write(`${name.padEnd(44)} ${String(unique.length).padStart(6)}   exact ${pct(exact).padStart(6)}   found ${pct(found).padStart(6)}\n`)
}

process.stdout.write(`${'set'.padEnd(44)} ${'labels'.padStart(6)}\n`)

const tags = join(dir, 'stackoverflow-tag-synonyms/Tags.csv')
if (existsSync(tags)) {
  const top = csvRows(tags).slice(1).filter((r) => r[1]).sort((a, b) => Number(b[2]) - Number(a[2])).slice(0, 1000)
  measure('Stack Overflow top 1,000 tags (skills)', top.map((r) => r[1]!.replace(/-/g, ' ')), 'skills')
}

const onet = join(dir, 'onet-db-text')
if (existsSync(onet)) {
  const tech = tsvRows(join(onet, 'Technology Skills.txt')).slice(1).filter((r) => r[4] === 'Y').map((r) => r[1]!)
  measure('O*NET hot technologies (skills)', tech, 'skills')
  const reported = tsvRows(join(onet, 'Sample of Reported Titles.txt')).slice(1).map((r) => r[1]!.replace(/\s*\([^)]*\)/g, ''))
  measure('O*NET reported job titles (titles)', reported, 'titles')
}

const esco = join(dir, 'esco-v1.0-en-es-fr')
for (const language of ['en', 'es', 'fr']) {
  const file = join(esco, `occupations_${language}.csv`)
  if (!existsSync(file)) continue
  const labels = csvRows(file).slice(1).map((r) => (r[3] ?? '').split('/')[0]!)
  measure(`ESCO occupations, ${language} (titles)`, labels, 'titles')
}

const melo = join(dir, 'avature-melo-occupation-linking/melo')
for (const [folder, language] of [['usa_q_en_c_en', 'en'], ['deu_q_de_c_de', 'de'], ['esp_q_es_c_es', 'es'], ['fra_q_fr_c_fr', 'fr'], ['ita_q_it_c_it', 'it'], ['pol_q_pl_c_pl', 'pl']] as const) {
  const file = join(melo, folder, 'queries.tsv')
  if (existsSync(file)) measure(`MELO national titles, ${language} (titles)`, tsvRows(file).map((r) => r[1]!), 'titles')
}
