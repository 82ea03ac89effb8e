/**
 * Match relevance: `npm run eval:match -- DIR [--split tune|test|all] [--weights K,F | --search-weights]
 * [--limit N] [--as-of YYYY-MM-DD] [--json [--details]]`.
 * Indexes DIR/resumes with the production parser and write path into a fresh database (a scratch
 * database on DATABASE_URL's server, else PGlite in memory), matches each JD of DIR/jds as POST /match
 * does, and prints NDCG@10, MRR@10 and triple accuracy. The format is in docs/eval-format.md.
 * `--split` keeps the JDs of one half (split.ts); `--weights 60,5` matches with Keywords 60 and job
 * family 5 instead of the product's; `--search-weights` tries weights.ts's grid on the tune half, and
 * reports the best and the product's on the test half.
 */
import { parseArgs } from 'node:util'
import { readMatchEvalSet } from './eval-set.js'
import { evaluateMatch, indexPool, matchJds, type MatchEvalOptions } from './evaluate.js'
import { MatchEngine } from './match-engine.js'
import { summarise, textReport } from './report.js'
import { splitChoices, splitSet, type SplitChoice } from './split.js'
import { searchWeights, weightSearchReport } from './weight-search.js'
import { productWeights, weightsLabel, type MatchWeights } from './weights.js'

const usage = 'usage: npm run eval:match -- DIR [--split tune|test|all] [--weights KEYWORDS,JOBFAMILY | --search-weights] [--limit N] [--as-of YYYY-MM-DD] [--json [--details]]'
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    limit: { type: 'string' },
    'as-of': { type: 'string' },
    split: { type: 'string', default: 'all' },
    weights: { type: 'string' },
    'search-weights': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    details: { type: 'boolean', default: false },
  },
})
const dir = positionals[0]
const limit = values.limit === undefined ? undefined : Number(values.limit)
const now = values['as-of'] === undefined ? undefined : new Date(`${values['as-of']}T00:00:00Z`)
const split = values.split as SplitChoice
const weights = values.weights === undefined ? productWeights : parseWeights(values.weights)
const searching = values['search-weights']
if (
  !dir || positionals.length > 1 || (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) || (now && Number.isNaN(now.getTime())) ||
  !splitChoices.includes(split) || !weights || (searching && (values.weights !== undefined || split !== 'all'))
) {
  console.error(usage)
  process.exit(2)
}

/** "60,5": Keywords 60 and job family 5; undefined when it is not two numbers >= 0. */
function parseWeights(text: string): MatchWeights | undefined {
  const [keywords, jobFamily, ...rest] = text.split(',').map(Number)
  if (rest.length > 0 || keywords === undefined || jobFamily === undefined || !(keywords >= 0 && keywords <= 100 && jobFamily >= 0)) return undefined
  return { keywords, jobFamily }
}

const set = readMatchEvalSet(dir)
const engine = await MatchEngine.open(process.env.DATABASE_URL)
try {
  const options: MatchEvalOptions = {
    ...(limit !== undefined ? { limit } : {}),
    ...(now ? { now } : {}),
    concurrency: engine.database.kind === 'postgres' ? 2 : 1,
    progress: (done, total) => {
      if (process.stderr.isTTY) process.stderr.write(`\r  matched ${done}/${total} JDs`)
      else if (done % 100 === 0 || done === total) process.stderr.write(`  matched ${done}/${total} JDs\n`)
    },
  }
  if (searching) {
    // The pool is indexed once; each setting then only matches its half's JDs.
    await indexPool(set, engine, options)
    const search = await searchWeights(set, async (half, w) => {
      process.stderr.write(`  ${weightsLabel(w)}: ${half.jds.size} JDs\n`)
      return summarise(await matchJds(half, engine, { ...options, weights: w }), half)
    })
    console.log(values.json ? JSON.stringify({ dir, database: engine.database.kind, ...search }, null, 2) : weightSearchReport(dir, search))
  } else {
    const evaluated = splitSet(set, split)
    const result = await evaluateMatch(evaluated, engine, { ...options, weights })
    if (process.stderr.isTTY) process.stderr.write('\n')
    const summary = summarise(result, evaluated)
    // --details adds every JD's top 10 and every triple's scores: ids and numbers only, no document text.
    const details = values.details ? { jds: result.jds, triples: result.triples } : {}
    const heading = `${dir}${split === 'all' ? '' : `, ${split} half`}${values.weights === undefined ? '' : `, ${weightsLabel(weights)}`}`
    console.log(values.json ? JSON.stringify({ dir, split, weights, database: engine.database.kind, ...summary, ...details }, null, 2) : textReport(heading, summary, engine.database.kind))
  }
} finally {
  await engine.close()
}
