/**
 * Paired timing of two versions of the search statement: `npm run bench:paired -- --base REF [--only WORDS]
 * [--draws N] [--repeat R] [--seed S] [--warmup W] [--embedded DIR]`.
 *
 * Times the corpus `bench:search` last loaded (DATABASE_URL and BENCH_DATABASE, or --embedded DIR), as
 * its --reuse does. REF (a commit, a branch) is checked out into a temporary git worktree and its
 * statement builder (src/search/search-sql.ts) imported beside this tree's; each shape's first N draws
 * after its W warm-up draws (bench:search's stream for the same seed) run through both builders in
 * turn, R times each (each going first in turn), and a draw's time is its best. Both read the same database, migrated to this
 * tree: the comparison is of statements, not of migrations.
 *
 * Why: this machine's speed moves by up to 1.7x within minutes (docs/benchmarks.md), so two bench:search
 * runs do not show a change of 10%; the same draws interleaved do. Prints, per shape, both builders'
 * p50 / p95 / mean, on how many draws this tree was faster, and on how many the answers (count, page ids
 * and scores) differ.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { embeddedBenchDatabase, existingBenchDatabase } from './database.js'
import { pairedFigures, pairedReport, type PairedDraw } from './paired-figures.js'
import { shapes } from './queries.js'
import { searchRow, type StatementIn } from './run-queries.js'
import { seeded } from './random.js'
import { corpusVocabulary } from './vocab.js'
import type { SearchQuery } from '../../src/search/query.js'
import { searchStatementIn } from '../../src/search/search-sql.js'

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    only: { type: 'string' },
    draws: { type: 'string', default: '60' },
    repeat: { type: 'string', default: '3' },
    // The corpus' seed, as bench:search loaded it: it draws the queries' values too.
    seed: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '20' },
    embedded: { type: 'string' },
  },
})
if (!values.base) throw new Error('--base REF names the version to compare with (a commit or a branch)')
if (!process.env.DATABASE_URL && !values.embedded) throw new Error('DATABASE_URL (the server bench:search loaded), or --embedded DIR')

const root = fileURLToPath(new URL('../..', import.meta.url))
const worktree = mkdtempSync(join(tmpdir(), 'rs-paired-'))
const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { stdio: ['ignore', 'pipe', 'pipe'] }).toString().trim()
git('worktree', 'add', '--detach', worktree, values.base)
const removeWorktree = () => {
  git('worktree', 'remove', '--force', worktree)
  rmSync(worktree, { recursive: true, force: true })
}
// Stopped by a signal, the run still removes its worktree (git would keep it registered).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    removeWorktree()
    process.exit(signal === 'SIGINT' ? 130 : 143)
  })
}
let opened: Awaited<ReturnType<typeof existingBenchDatabase>> | undefined
try {
  opened = values.embedded ? await embeddedBenchDatabase(values.embedded, true) : await existingBenchDatabase(process.env.DATABASE_URL!)
  const { database, account } = opened
  // The base imports its packages from this tree's node_modules: the same kysely, the same driver.
  symlinkSync(join(root, 'node_modules'), join(worktree, 'node_modules'), 'dir')
  const base = (await import(pathToFileURL(join(worktree, 'src/search/search-sql.ts')).href)) as { searchStatementIn: StatementIn }
  const baseName = git('rev-parse', '--short', values.base)
  console.log(`${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}: ${baseName} against this tree, ${values.draws} draws a shape, best of ${values.repeat} each, interleaved`)

  // Timed as bench:search times a search: the statement's own reads before it (a radius' estimate) too.
  const run = async (statementIn: StatementIn, q: SearchQuery) => {
    const start = performance.now()
    const row = await searchRow(database.db, account, q, statementIn)
    return { ms: performance.now() - start, answer: JSON.stringify([row.count, row.records.map((r) => [r.id, r.score])]) }
  }
  const only = values.only?.split(',').map((word) => word.trim()).filter((word) => word.length > 0)
  const rows = []
  for (const [i, shape] of shapes(corpusVocabulary(Number(values.seed))).entries()) {
    if (only && !only.some((word) => shape.name.includes(word))) continue
    const random = seeded(Number(values.seed) * 100 + i)
    for (let w = 0; w < Number(values.warmup); w++) shape.next(random)
    const draws: PairedDraw[] = []
    for (let d = 0; d < Number(values.draws); d++) {
      const q = shape.next(random)
      let baseBest = Infinity
      let changeBest = Infinity
      let answers = { base: '', change: '' }
      for (let r = 0; r < Number(values.repeat); r++) {
        // Each goes first in turn, so that neither always finds the pages the other has just read.
        const first = r % 2 === 0 ? await run(base.searchStatementIn, q) : await run(searchStatementIn, q)
        const second = r % 2 === 0 ? await run(searchStatementIn, q) : await run(base.searchStatementIn, q)
        const [b, c] = r % 2 === 0 ? [first, second] : [second, first]
        baseBest = Math.min(baseBest, b.ms)
        changeBest = Math.min(changeBest, c.ms)
        answers = { base: b.answer, change: c.answer }
      }
      draws.push({ base: baseBest, change: changeBest, same: answers.base === answers.change })
    }
    rows.push({ shape: shape.name, figures: pairedFigures(draws) })
  }
  console.log(pairedReport(baseName, rows))
} finally {
  await opened?.database.close()
  removeWorktree()
}
