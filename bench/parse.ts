/**
 * Parser speed and memory: `npm run bench:parse [-- --dir DIR] [--count N] [--seed S] [--rules]`.
 *
 * Loads the vocabularies (timed), parses a corpus one document at a time on the main thread (one core),
 * and prints median and p95 ms per document and the RSS after a full GC with every vocabulary loaded.
 * The default corpus is synthetic resumes in the six languages (bench/synthetic/); `--dir` parses the
 * .txt files of a directory instead. The first documents are parsed once untimed, to warm up the JIT.
 * Targets (issues 4 and 16): median <= 20 ms, p95 <= 60 ms, RSS <= 350 MB (300 before the parser's model).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { mb, ms, summary } from './stats.js'
import { syntheticCorpus } from './synthetic/generate.js'

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    count: { type: 'string', default: '600' },
    seed: { type: 'string', default: '1' },
    warmup: { type: 'string', default: '30' },
    // The rules alone, to compare with the model on the same machine at the same time.
    rules: { type: 'boolean', default: false },
  },
})

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) console.warn('warning: no global gc(); run node with --expose-gc (npm run bench:parse does) for a meaningful RSS')
// The service runs with two malloc arenas (npm start, Dockerfile); without them RSS reads tens of MB higher.
if (process.env.MALLOC_ARENA_MAX === undefined) console.warn('warning: MALLOC_ARENA_MAX is not set as the service sets it (npm run bench:parse does); RSS reads higher')
const settle = () => {
  gc?.()
  gc?.()
  return process.memoryUsage()
}

// A fixed "today", so "present" means the same on every run.
const now = new Date('2025-06-01T00:00:00Z')
const corpus = values.dir
  ? readdirSync(values.dir).filter((f) => f.endsWith('.txt')).sort().map((f) => ({ group: 'files', text: readFileSync(join(values.dir!, f), 'utf8') }))
  : syntheticCorpus(Number(values.count), Number(values.seed), now).map((r) => ({ group: r.language, text: r.text }))
if (corpus.length === 0) throw new Error(`no .txt documents in ${values.dir}`)

// The parser's modules are imported here, not at the top, so that their data counts as loading.
const baseline = settle()
const importStart = performance.now()
const { parseResume } = await import('../src/parser/resume.js')
const { vocabulary } = await import('../src/parser/vocab/vocabulary.js')
const { shippedModel } = await import('../src/parser/model/tagger.js')
const importMs = performance.now() - importStart
const loadStart = performance.now()
vocabulary()
if (!values.rules) shippedModel()
const loadMs = performance.now() - loadStart
const loaded = settle()

const options = { now, ...(values.rules ? { model: null } : {}) }
for (const { text } of corpus.slice(0, Number(values.warmup))) parseResume(text, options)
const times: number[] = []
const byGroup = new Map<string, number[]>()
for (const { group, text } of corpus) {
  const start = performance.now()
  parseResume(text, options)
  const elapsed = performance.now() - start
  times.push(elapsed)
  byGroup.set(group, [...(byGroup.get(group) ?? []), elapsed])
}
const memory = settle()

const all = summary(times)
const chars = corpus.reduce((sum, d) => sum + d.text.length, 0) / corpus.length
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')
console.log(`corpus: ${values.dir ?? `synthetic, seed ${values.seed}`}: ${corpus.length} documents, mean ${chars.toFixed(0)} characters`)
console.log(`loading: import of the parser modules ${ms(importMs)} (includes tsx compiling), vocabulary() ${ms(loadMs)}; RSS ${mb(baseline.rss)} before, ${mb(loaded.rss)} after`)
console.log(`per document: median ${ms(all.median)} (target 20, ${verdict(all.median <= 20)}), p95 ${ms(all.p95)} (target 60, ${verdict(all.p95 <= 60)}), max ${ms(all.max)}, mean ${ms(all.mean)}`)
console.log(`RSS after GC: ${mb(memory.rss)} (target 350 MB, ${verdict(memory.rss <= 350 * 1024 * 1024)}); heap used ${mb(memory.heapUsed)}`)
if (byGroup.size > 1)
  for (const [group, groupTimes] of byGroup) {
    const s = summary(groupTimes)
    console.log(`  ${group}: ${groupTimes.length} documents, median ${ms(s.median)}, p95 ${ms(s.p95)}, max ${ms(s.max)}`)
  }
