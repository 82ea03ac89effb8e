import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MatchEvalSet } from '../../eval/match/eval-set.js'
import { evaluateMatch, matchJds, type MatchEvalResult } from '../../eval/match/evaluate.js'
import { MatchEngine } from '../../eval/match/match-engine.js'
import { summarise, textReport } from '../../eval/match/report.js'
import { productWeights } from '../../eval/match/weights.js'
import { openTestDatabase, type TestDatabase } from '../support/test-database.js'

// Fictional people and jobs, written for this test.
const javaJd = `Java Developer
Lakeside Software Ltd. is hiring a Java Developer.
Location: Manchester, United Kingdom

Requirements
• 3+ years of experience in software development
• Java, Spring Boot and PostgreSQL
`
const nurseJd = `Registered Nurse
Riverside Clinic is looking for a Registered Nurse.
Location: Bristol, United Kingdom

Requirements
• Patient care and wound care
• 2+ years of experience in nursing
`
const resume = (name: string, title: string, employer: string, from: string, skills: string) => `${name}
${name.toLowerCase().replace(' ', '.')}@example.com
Manchester, United Kingdom

WORK EXPERIENCE
${title} | ${employer} | Manchester
${from} – Present
• Day-to-day work as ${title}

SKILLS
${skills}
`
const set: MatchEvalSet = {
  jds: new Map([['jd-java', javaJd], ['jd-nurse', nurseJd], ['jd-unjudged', javaJd]]),
  resumes: new Map([
    ['r-1', resume('Tomasz Wierzbowski', 'Java Developer', 'Quarry Systems', 'March 2017', 'Java, Spring Boot, PostgreSQL')],
    ['r-2', resume('Priya Venkatraman', 'Java Developer', 'Quarry Systems', 'March 2024', 'Java')],
    ['r-3', resume('Mabel Quenneville', 'Registered Nurse', 'Harbour Hospital', 'May 2015', 'Patient care, Wound care')],
    ['r-4', resume('Osric Dunmorrow', 'Accountant', 'Ledger & Co', 'June 2012', 'Accounting, Excel')],
  ]),
  qrels: new Map([
    ['jd-java', new Map([['r-1', 1], ['r-2', 0]])],
    ['jd-nurse', new Map([['r-3', 1]])],
  ]),
  triples: [{ jd: 'jd-java', matched: 'r-1', unmatched: 'r-2' }],
}

const now = new Date('2025-06-01T00:00:00Z')
let database: TestDatabase
let engine: MatchEngine
let result: MatchEvalResult
beforeAll(async () => {
  database = await openTestDatabase()
  engine = await MatchEngine.over(database)
  result = await evaluateMatch(set, engine, { now })
})
afterAll(() => database.close())

describe('eval:match over the production match', () => {
  it('indexes the whole pool and evaluates only the judged JDs', () => {
    expect(result.pool).toBe(4)
    expect(result.jds.map((o) => o.jd)).toEqual(['jd-java', 'jd-nurse'])
  })

  it('ranks the fitting candidate first for each JD', () => {
    for (const outcome of result.jds) {
      expect(outcome.emptyModel).toBe(false)
      expect(outcome.ndcg).toBe(1)
      expect(outcome.reciprocalRank).toBe(1)
    }
    // Experience and location alone put the others in the list, below both Java developers.
    expect(result.jds[0]!.ranked.map((r) => r.id).slice(0, 2)).toEqual(['r-1', 'r-2'])
  })

  it('scores exactly the triple\'s two resumes and explains the difference per entity', () => {
    const [triple] = result.triples
    expect(triple!.outcome).toBe('win')
    expect(triple!.matchedScore).toBeGreaterThan(triple!.unmatchedScore!)
    expect(triple!.partDifferences.RequiredSkillSet).toBeGreaterThan(0)
  })

  it('summarises as text and as figures', () => {
    const summary = summarise(result, set)
    expect(summary).toMatchObject({ pool: 4, jdsEvaluated: 2, jdsJudged: 2, ndcgAt10: 1, mrrAt10: 1, triples: { count: 1, wins: 1, ties: 0, losses: 0, accuracy: 1 } })
    expect(summary.modelCoverage.RequiredSkillSet).toBe(1)
    const text = textReport('DIR', summary, database.kind)
    expect(text).toContain('NDCG@10 1.000   MRR@10 1.000')
    expect(text).toContain('triples 1: matched above unmatched 100.0% (1), ties 0.0% (0)')
  })

  it('limits the JDs but never the pool', async () => {
    const engine = await MatchEngine.over(database)
    const limited = await evaluateMatch(set, engine, { limit: 1 })
    expect(limited.jds.map((o) => o.jd)).toEqual(['jd-java'])
    expect(limited.pool).toBe(4)
  })

  it('matches the indexed pool again with other weights, as the weight search does', async () => {
    const again = await matchJds(set, engine, { now, weights: productWeights })
    expect(again.jds.map((o) => o.ranked)).toEqual(result.jds.map((o) => o.ranked))
    const heavier = await matchJds(set, engine, { now, weights: { keywords: 2 * productWeights.keywords, jobFamily: productWeights.jobFamily } })
    const keywords = (r: MatchEvalResult) => r.triples[0]!.partDifferences.Keywords!
    expect(keywords(result)).toBeGreaterThan(0)
    expect(keywords(heavier)).toBeCloseTo(2 * keywords(result), 1)
  })
})
