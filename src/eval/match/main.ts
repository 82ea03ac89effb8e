/**
 * Match relevance: `npm run eval:match -- DIR [--limit N] [--as-of YYYY-MM-DD] [--json [--details]]`.
 * Indexes DIR/resumes with the production parser and write path into a fresh database (a scratch
 * database on DATABASE_URL's server, else PGlite in memory), matches each JD of DIR/jds as POST /match
 * does, and prints NDCG@10, MRR@10 and triple accuracy. The format is in docs/eval-format.md.
 */
import { parseArgs } from 'node:util'
import { readMatchEvalSet } from './eval-set.js'
import { evaluateMatch } from './evaluate.js'
import { MatchEngine } from './match-engine.js'
import { summarise, textReport } from './report.js'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { limit: { type: 'string' }, 'as-of': { type: 'string' }, json: { type: 'boolean', default: false }, details: { type: 'boolean', default: false } },
})
const dir = positionals[0]
const limit = values.limit === undefined ? undefined : Number(values.limit)
const now = values['as-of'] === undefined ? undefined : new Date(`${values['as-of']}T00:00:00Z`)
if (!dir || positionals.length > 1 || (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) || (now && Number.isNaN(now.getTime()))) {
  console.error('usage: npm run eval:match -- DIR [--limit N] [--as-of YYYY-MM-DD] [--json [--details]]')
  process.exit(2)
}

const set = readMatchEvalSet(dir)
const engine = await MatchEngine.open(process.env.DATABASE_URL)
try {
  const result = await evaluateMatch(set, engine, {
    ...(limit !== undefined ? { limit } : {}),
    ...(now ? { now } : {}),
    concurrency: engine.database.kind === 'postgres' ? 2 : 1,
    progress: (done, total) => {
      if (process.stderr.isTTY) process.stderr.write(`\r  matched ${done}/${total} JDs`)
      else if (done % 100 === 0 || done === total) process.stderr.write(`  matched ${done}/${total} JDs\n`)
    },
  })
  if (process.stderr.isTTY) process.stderr.write('\n')
  const summary = summarise(result, set)
  // --details adds every JD's top 10 and every triple's scores: ids and numbers only, no document text.
  const details = values.details ? { jds: result.jds, triples: result.triples } : {}
  console.log(values.json ? JSON.stringify({ dir, database: engine.database.kind, ...summary, ...details }, null, 2) : textReport(dir, summary, engine.database.kind))
} finally {
  await engine.close()
}
