/**
 * Writes vocab/occupation-titles.tsv, the English job titles of O*NET 29.2 (occupation titles, their
 * alternate titles and the titles workers reported), from ../shared/eval-dev/onet-db-text:
 * `npm run build:occupation-titles [-- --onet DIR]`. O*NET is CC BY 4.0 (NOTICE). The parser's model
 * uses the list as one more vocabulary feature beside vocab/titles, whose hand-written rows stay the
 * source of canonical titles: the list only says "a title is written here".
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { foldKey } from '../src/parser/text/fold.js'

const { values } = parseArgs({
  options: {
    onet: { type: 'string', default: fileURLToPath(new URL('../../shared/eval-dev/onet-db-text', import.meta.url)) },
    out: { type: 'string', default: fileURLToPath(new URL('../vocab/occupation-titles.tsv', import.meta.url)) },
  },
})

/** One column of a tab-separated O*NET file with a header row. */
function column(file: string, name: string): string[] {
  const [header, ...rows] = readFileSync(`${values.onet}/${file}`, 'utf8').split(/\r?\n/).filter((line) => line.trim() !== '')
  const at = header!.split('\t').indexOf(name)
  if (at < 0) throw new Error(`${file} has no column ${name}`)
  return rows.map((row) => row.split('\t')[at]!.trim())
}

const raw = [
  ...column('Occupation Data.txt', 'Title'),
  ...column('Alternate Titles.txt', 'Alternate Title'),
  ...column('Alternate Titles.txt', 'Short Title'),
  ...column('Sample of Reported Titles.txt', 'Reported Job Title'),
]

// "Chief Executive Officer (CEO)" is two ways to write one title; "n/a" marks a missing short title.
const titles = new Map<string, string>()
for (const title of raw.flatMap(split)) {
  const key = foldKey(title)
  if (title.length < 2 || title === 'n/a' || !/\p{L}/u.test(title)) continue
  if (!titles.has(key)) titles.set(key, title)
}

function split(title: string): string[] {
  const inner = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(title)
  return (inner ? [inner[1]!, inner[2]!] : [title]).map((t) => t.replace(/\s+/g, ' ').trim())
}

const lines = [...titles.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, title]) => title)
writeFileSync(values.out, [
  '# O*NET 29.2 Database (February 2025), National Center for O*NET Development, CC BY 4.0:',
  '# occupation titles, alternate titles, short titles and reported job titles. Built by',
  '# scripts/build-occupation-titles.ts; do not edit by hand.',
  'title',
  ...lines,
  '',
].join('\n'))
console.log(`wrote ${values.out}: ${lines.length} titles from ${raw.length} rows`)
