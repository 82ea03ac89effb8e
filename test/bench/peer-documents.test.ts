import { describe, expect, it } from 'vitest'
import { syntheticResume } from '../../bench/search/generate.js'
import { sphinxConfig } from '../../bench/search/peer/sphinx-config.js'
import { newTerms, sphinxDocument, tsvColumns, tsvLine, unknownTerm } from '../../bench/search/peer/sphinx-documents.js'
import { corpusVocabulary } from '../../bench/search/vocab.js'
import { resumeEntities, type SearchableDocument } from '../../src/entity/entities.js'

/** How the benchmark's generated resumes become Sphinx documents (bench/search/peer/sphinx-documents.ts). */
const v = corpusVocabulary(7)
const searchable = (n: number) => resumeEntities(syntheticResume(v, 7, n), { personalInformation: true })

/** A resume's searchable form with only what the test sets. */
function resume(entities: Record<string, string[]>, more: Partial<SearchableDocument> = {}): SearchableDocument {
  return { entities, display: {}, latitude: null, longitude: null, experienceMonths: null, experienceMaxMonths: null, salaryMin: null, salaryMax: null, checksum: '', ...more }
}

describe('a resume as a Sphinx document', () => {
  it('holds the values our search compares for JobProfile, City, Skill and TotalExperienceRange, as term ids', () => {
    const terms = newTerms()
    const doc = sphinxDocument(5, resume(
      { JobProfile: ['java developer', 'tester'], CurrentJobProfile: ['java developer'], City: ['munich'], SkillHaveExp: ['java', 'sql'], SkillWithoutExp: ['git', 'java'], TotalExperienceRange: ['3 to 5 years'] },
      { display: { CurrentJobProfile: ['Java Developer'] }, latitude: 48, longitude: -90, experienceMonths: 50 },
    ), terms)
    expect(doc).toEqual({
      id: 5, profile: 'Java Developer', titles: [1, 2], city: 1, skills: [1, 2, 3], experienceRange: 1, experienceMonths: 50,
      latitude: (48 * Math.PI) / 180, longitude: -Math.PI / 2,
    })
    // Every job's title is a JobProfile, not only the current one; a skill of both kinds counts once.
    expect([terms.titles.find('tester'), terms.skills.find('git'), terms.skills.size]).toEqual([2, 3, 3])
  })

  it('gives a value the same id in every document, and ids no document holds to unknown values', () => {
    const terms = newTerms()
    const a = sphinxDocument(1, resume({ SkillHaveExp: ['python', 'sql'], City: ['berlin'] }), terms)
    const b = sphinxDocument(2, resume({ SkillWithoutExp: ['sql'], City: ['berlin'] }), terms)
    expect(b.skills).toEqual([a.skills[1]])
    expect(b.city).toBe(a.city)
    expect(terms.skills.find('cobol')).toBe(unknownTerm)
  })

  it('leaves what a resume lacks empty or 0: no jobs, no city, no point, no experience', () => {
    const doc = sphinxDocument(3, resume({}), newTerms())
    expect(doc).toEqual({ id: 3, profile: '', titles: [], city: 0, skills: [], experienceRange: 0, experienceMonths: 0, latitude: 0, longitude: 0 })
    expect(tsvLine(doc)).toBe('3\t\t\t0\t\t0\t0\t0\t0\n')
  })

  it('follows the generated corpus: resumeEntities of bench/search/generate.ts', () => {
    const terms = newTerms()
    for (let n = 0; n < 50; n++) {
      const s = searchable(n)
      const doc = sphinxDocument(n + 1, s, terms)
      expect(doc.titles.length, `resume ${n}`).toBe(s.entities.JobProfile?.length ?? 0)
      expect(doc.skills.length).toBe(new Set([...(s.entities.SkillHaveExp ?? []), ...(s.entities.SkillWithoutExp ?? [])]).size)
      expect(doc.city).toBe(terms.cities.find(s.entities.City![0]!))
      expect(doc.experienceMonths).toBe(s.experienceMonths)
      expect(doc.latitude).toBeCloseTo((s.latitude! * Math.PI) / 180, 12)
    }
  })

  it('is one tsvpipe line with a column for each declared field and attribute, and no tab or break in its text', () => {
    const doc = { ...sphinxDocument(9, searchable(3), newTerms()), profile: 'Java\tDeveloper\nSenior\\' }
    const line = tsvLine(doc)
    expect(line.endsWith('\n')).toBe(true)
    const columns = line.slice(0, -1).split('\t')
    expect(columns).toHaveLength(1 + tsvColumns.length)
    expect(columns[0]).toBe('9')
    expect(columns[1]).toBe('Java Developer Senior ')
    expect(columns[2]).toBe(doc.titles.join(','))
    expect(Number(columns[7])).toBe(doc.latitude)
  })
})

describe('sphinx.conf', () => {
  const config = sphinxConfig({ dir: '/tmp/rs-sphinx-x', port: 19306, tsvFile: '/tmp/rs-sphinx-x/corpus.tsv' })

  it('declares the tsvpipe columns in the order tsvLine writes them', () => {
    const declared = config.split('\n').filter((line) => line.trim().startsWith('tsvpipe_') && !line.includes('tsvpipe_command')).map((line) => line.trim())
    expect(declared).toEqual(tsvColumns.map(([kind, name]) => `${kind} = ${name}`))
  })

  it('keeps every file in its directory and listens on SphinxQL only, on the given port', () => {
    expect(config).toContain("tsvpipe_command = cat '/tmp/rs-sphinx-x/corpus.tsv'")
    expect(config).toContain('path = /tmp/rs-sphinx-x/resumes')
    expect(config).toContain('pid_file = /tmp/rs-sphinx-x/searchd.pid')
    expect(config.match(/listen = .*/g)).toEqual(['listen = 127.0.0.1:19306:mysql41'])
  })
})
