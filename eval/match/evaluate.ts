import { jdEntities, resumeEntities } from '../../src/entity/entities.js'
import { parseJd } from '../../src/parser/jd.js'
import { parseResume } from '../../src/parser/resume.js'
import { evaluatedJds, type MatchEvalSet, type Triple } from './eval-set.js'
import type { JdSource, MatchEngine, ScoredResume } from './match-engine.js'
import { productWeights, type MatchWeights } from './weights.js'
import { mean, ndcgAt, recallAt, reciprocalRankAt, tripleOutcome, type TripleOutcome } from './metrics.js'

export interface MatchEvalOptions {
  /** Evaluate the first N JDs (id order) that have a relevant resume or a triple; the pool is always every resume. */
  limit?: number
  /** "Today" for the parsers (durations up to "present"); default: now, as the service. */
  now?: Date
  /** JDs in flight at once: 1 for PGlite (one connection); 2 lets PostgreSQL work while the next JD is parsed. */
  concurrency?: number
  progress?: (done: number, total: number) => void
  /** The weights to match with instead of the product's (the weight search). */
  weights?: MatchWeights
}

/** The ranking cut-off: NDCG@10, MRR@10, recall@10, as the issue asks. */
export const cutoff = 10

export interface JdOutcome {
  jd: string
  /** The entities the JD's match model compares. */
  entities: string[]
  /** It compares nothing (no title, skills, degree, ...): /match returns no records. */
  emptyModel: boolean
  ranked: ScoredResume[]
  ndcg: number
  reciprocalRank: number
  recall: number
}

export interface TripleResult extends Triple {
  matchedScore: number | undefined
  unmatchedScore: number | undefined
  outcome: TripleOutcome
  /** Per model entity: the matched resume's part minus the unmatched one's. */
  partDifferences: Record<string, number>
}

export interface MatchEvalResult {
  pool: number
  jds: JdOutcome[]
  /** JDs with at least one relevant resume: the ones NDCG and MRR average over. */
  judgedJds: JdOutcome[]
  triples: TripleResult[]
  seconds: { parseAndIndex: number; match: number }
}

/** Parses and indexes every resume, then matches each evaluated JD and scores its triples. */
export async function evaluateMatch(set: MatchEvalSet, engine: MatchEngine, options: MatchEvalOptions = {}): Promise<MatchEvalResult> {
  const parseAndIndex = await indexPool(set, engine, options)
  const matched = await matchJds(set, engine, options)
  return { ...matched, seconds: { parseAndIndex, match: matched.seconds.match } }
}

/** Parses and indexes every resume of the set (the pool); the seconds it took. */
export async function indexPool(set: MatchEvalSet, engine: MatchEngine, options: MatchEvalOptions = {}): Promise<number> {
  const started = performance.now()
  await forEachConcurrent([...set.resumes], options.concurrency ?? 1, async ([id, text]) => {
    const parsed = parseResume(text, { ...parseOptionsOf(options), fileName: `${id}.txt` })
    await engine.indexResume(id, parsed, resumeEntities(parsed, { personalInformation: true }))
  })
  return (performance.now() - started) / 1000
}

/**
 * Matches each evaluated JD against the pool indexPool indexed, with `options.weights` in place of the
 * product's when given, and scores its triples. Run once per weight setting over one indexed pool.
 */
export async function matchJds(set: MatchEvalSet, engine: MatchEngine, options: MatchEvalOptions = {}): Promise<MatchEvalResult> {
  const started = performance.now()
  const weights = options.weights ?? productWeights
  const ids = evaluatedJds(set, options.limit)
  const triplesOf = groupBy(set.triples, (t) => t.jd)
  const jds: JdOutcome[] = []
  const triples: TripleResult[] = []
  let done = 0
  await forEachConcurrent(ids, options.concurrency ?? 1, async (id) => {
    const parsed = parseJd(set.jds.get(id)!, { ...parseOptionsOf(options), fileName: `${id}.txt` })
    const jd = { searchable: jdEntities(parsed), parsed }
    jds.push(await rankJd(engine, id, jd, set.qrels.get(id) ?? new Map(), weights))
    for (const triple of triplesOf.get(id) ?? []) triples.push(await scoreTriple(engine, jd, triple, weights))
    options.progress?.(++done, ids.length)
  })
  const order = new Map(ids.map((id, i) => [id, i]))
  jds.sort((a, b) => order.get(a.jd)! - order.get(b.jd)!)
  triples.sort((a, b) => order.get(a.jd)! - order.get(b.jd)!)
  return {
    pool: set.resumes.size,
    jds,
    judgedJds: jds.filter((o) => [...(set.qrels.get(o.jd)?.values() ?? [])].some((g) => g > 0)),
    triples,
    seconds: { parseAndIndex: 0, match: (performance.now() - started) / 1000 },
  }
}

const parseOptionsOf = (options: MatchEvalOptions) => (options.now ? { now: options.now } : {})

async function rankJd(engine: MatchEngine, jd: string, source: JdSource, judged: Map<string, number>, weights: MatchWeights): Promise<JdOutcome> {
  const entities = engine.modelEntities(source, weights)
  const ranked = await engine.rank(source, cutoff, weights)
  const ids = ranked.map((r) => r.id)
  return {
    jd,
    entities,
    emptyModel: entities.length === 0,
    ranked,
    ndcg: ndcgAt(cutoff, ids, judged),
    reciprocalRank: reciprocalRankAt(cutoff, ids, judged),
    recall: recallAt(cutoff, ids, judged),
  }
}

async function scoreTriple(engine: MatchEngine, jd: JdSource, triple: Triple, weights: MatchWeights): Promise<TripleResult> {
  const scores = await engine.scoreIds(jd, [triple.matched, triple.unmatched], weights)
  const matched = scores.get(triple.matched)
  const unmatched = scores.get(triple.unmatched)
  const entities = new Set([...Object.keys(matched?.parts ?? {}), ...Object.keys(unmatched?.parts ?? {})])
  const partDifferences = Object.fromEntries([...entities].map((e) => [e, round((matched?.parts?.[e] ?? 0) - (unmatched?.parts?.[e] ?? 0))]))
  return { ...triple, matchedScore: matched?.score, unmatchedScore: unmatched?.score, outcome: tripleOutcome(matched?.score, unmatched?.score), partDifferences }
}

const round = (n: number) => Math.round(n * 100) / 100

/** Runs `work` over the items with at most `limit` in flight. */
async function forEachConcurrent<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}
