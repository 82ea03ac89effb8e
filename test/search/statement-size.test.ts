import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { jdEntities, resumeEntities } from '../../src/entity/entities.js'
import { matchModel, matchQuery } from '../../src/match/match-model.js'
import { parseJd } from '../../src/parser/jd.js'
import { parseResume } from '../../src/parser/resume.js'
import { vocabulary } from '../../src/parser/vocab/vocabulary.js'
import { commonQuery } from '../../src/search/common-options.js'
import { searchStatement } from '../../src/search/search-sql.js'
import { sqlCompiler as compiler } from '../support/sql-compiler.js'

/**
 * A match is one statement whose size follows the source's values. PostgreSQL binds at most 65,535
 * parameters (and the embedded database mis-read the types of more than 32,767), so a resume that lists
 * many skills must not multiply them: test/load.test.ts matches such a resume through HTTP in both
 * modes; this pins how the statement grows. Compiled only: no database.
 */
const text = (name: string) => readFileSync(new URL(`../fixtures/parser/${name}.txt`, import.meta.url), 'utf8')
const skillNames = [...vocabulary().skills.byName.values()].map((s) => s.canonical)

/** Parameters of the /match statement from resume-en listing `count` skills, to the JDs. */
function resumeMatchParameters(count: number): number {
  const resume = parseResume(text('resume-en').replace('Python, SQL, Tableau, Power BI, Statistics, Communication', skillNames.slice(0, count).join(', ')))
  expect(resume.ResumeParserData.SegregatedSkill.length).toBeGreaterThanOrEqual(count)
  const q = matchQuery(matchModel('Resume', resumeEntities(resume, { personalInformation: true }), 'JD', resume), commonQuery('JD', { explainScore: true, explainScoreType: 'json' }, undefined), { perTier: 500 })!
  return searchStatement(1, q).compile(compiler).parameters.length
}

describe('a match statement', () => {
  it('from a resume listing 130 skills stays far below PostgreSQL\'s 65,535 parameters', () => {
    expect(resumeMatchParameters(130)).toBeLessThan(10_000)
  })

  it('grows in proportion to the source\'s skills, not with their square', () => {
    const [forty, eighty, hundredSixty] = [resumeMatchParameters(40), resumeMatchParameters(80), resumeMatchParameters(160)]
    // Doubling the skills adds about as much again each time: linear growth.
    expect(hundredSixty - eighty).toBeLessThan(2.5 * (eighty - forty))
  })

  it('from a JD asking for 60 skills stays below the embedded database\'s 32,767', () => {
    const jd = parseJd(text('jd-en').replace('• Strong Python and SQL skills', skillNames.slice(0, 60).map((skill) => `• ${skill}`).join('\n')))
    const q = matchQuery(matchModel('JD', jdEntities(jd), 'Resume', jd), commonQuery('Resume', { explainScore: true, explainScoreType: 'json' }, undefined), { perTier: 500 })!
    expect(searchStatement(1, q).compile(compiler).parameters.length).toBeLessThan(10_000)
  })
})
