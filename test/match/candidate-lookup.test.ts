import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { impliedTitle, jdEntities, resumeEntities } from '../../src/entity/entities.js'
import { lookupGroup, matchModel, matchQuery } from '../../src/match/match-model.js'
import { parseJd } from '../../src/parser/jd.js'
import { parseResume } from '../../src/parser/resume.js'
import { commonQuery } from '../../src/search/common-options.js'
import type { Condition } from '../../src/search/query.js'

/**
 * Candidate lookups (docs/matching.md, "Candidates") leave out the conditions another condition of the
 * same tier group already finds. That is only safe while the indexer keeps its promises, which the
 * first test checks on every fixture resume.
 */
const text = (name: string) => readFileSync(new URL(`../fixtures/parser/${name}.txt`, import.meta.url), 'utf8')
const languages = ['en', 'de', 'es', 'fr', 'pl', 'it']
const exact = (value: string) => ({ type: 'exact' as const, value, shown: value })
const condition = (entity: string, keys: string[], values: string[]): Condition =>
  ({ entity, keys, values: values.map(exact), operator: 'OR', kind: 'Optional', weight: 10 })

describe('candidate lookups', () => {
  it.each(languages)('a %s resume: its current title and years in a role are among its titles', (language) => {
    const parsed = parseResume(text(`resume-${language}`))
    const { entities } = resumeEntities(parsed, { personalInformation: true })
    const titles = new Set(entities.JobProfile ?? [])
    expect(titles.size).toBeGreaterThan(0)
    expect(entities.CurrentJobProfile).toHaveLength(1)
    // Years in a role: a value per step of 1, 2, 3, 5 and 8 years (docs/matching.md) that the months
    // under each title reach, summed over its jobs; every fixture resume has held a title a year.
    const monthsAs = new Map<string, number>()
    for (const job of parsed.ResumeParserData.SegregatedExperience) {
      const title = (job.JobProfile.FormattedName || job.JobProfile.Title).toLowerCase()
      monthsAs.set(title, (monthsAs.get(title) ?? 0) + Number(job.ExperienceInMonths))
    }
    const steps = [...monthsAs.values()].reduce((n, months) => n + [1, 2, 3, 5, 8].filter((years) => months >= years * 12).length, 0)
    expect(steps).toBeGreaterThan(0)
    expect(entities.JobProfileYears).toHaveLength(steps)
    for (const key of ['CurrentJobProfile', 'JobProfileYears']) {
      for (const value of entities[key]!) expect(titles, `${key} ${value}`).toContain(impliedTitle(key, value))
    }
  })

  it('a JD\'s title is looked up as JobProfile alone, and its skills without the SkillHaveExp-only condition', () => {
    for (const language of languages) {
      const jd = jdEntities(parseJd(text(`jd-${language}`)))
      const q = matchQuery(matchModel('JD', jd, 'Resume'), commonQuery('Resume', {}, undefined), { perTier: 10 })!
      const [first] = q.candidates!.tiers
      const [title, skill] = first!.groups
      expect(title!.map((c) => c.entity), language).toEqual(['JobProfile'])
      // SkillHaveExp alone (8 points) is found by SkillHaveExp or SkillWithoutExp (7 points).
      expect(skill!.some((c) => c.keys.length === 1 && c.keys[0] === 'SkillHaveExp'), language).toBe(false)
      // Scoring keeps every condition.
      expect(q.conditions.map((c) => c.entity)).toEqual(expect.arrayContaining(['CurrentJobProfile', 'JobProfile', 'RequiredSkillSet']))
    }
  })

  it('keeps a condition that brings documents of its own', () => {
    const java = condition('RequiredSkillSet', ['SkillHaveExp', 'SkillWithoutExp'], ['java'])
    const kotlin = condition('PerferredSkillSet', ['SkillHaveExp', 'SkillWithoutExp'], ['kotlin'])
    const javaUsed = condition('RequiredSkillSet', ['SkillHaveExp'], ['java'])
    expect(lookupGroup([javaUsed, java, kotlin])).toEqual([java, kotlin])
    // A value the broader condition does not have keeps the narrower one.
    const javaAndGo = condition('RequiredSkillSet', ['SkillHaveExp'], ['java', 'go'])
    expect(lookupGroup([javaAndGo, java])).toEqual([javaAndGo, java])
  })

  it('of two conditions that find the same documents, keeps the first', () => {
    const a = condition('Degree', ['Degree'], ['master'])
    const b = condition('QualificationsRequired', ['Degree'], ['master'])
    expect(lookupGroup([a, b])).toEqual([a])
  })
})
