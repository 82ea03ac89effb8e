import { describe, expect, it } from 'vitest'
import { trainingResumes } from '../../../bench/synthetic/training.js'
import { shippedModel } from '../../../src/parser/model/tagger.js'
import { train } from '../../../src/parser/model/train.js'
import { parseResume } from '../../../src/parser/resume.js'
import { vocabulary } from '../../../src/parser/vocab/vocabulary.js'

const now = new Date('2026-11-26T12:00:00Z')
const parse = (text: string) => parseResume(text, { now }).ResumeParserData
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

describe('the shipped model', () => {
  it('is there, so the parser uses it', () => {
    expect(shippedModel()).not.toBeNull()
  })

  // Generated with another seed than the model's training resumes, so these are resumes it never saw.
  const unseen = trainingResumes(60, 2026)
  const layouts = {
    'in lines': unseen.filter((r) => r.text.split('\n').length > 8 && !/ {4}/.test(r.text)),
    'in one line': unseen.filter((r) => !r.text.includes('\n')),
    'in two columns flattened': unseen.filter((r) => / {4}/.test(r.text)),
  }

  it.each(Object.entries(layouts))('finds the name, titles and employers of resumes %s', (_, resumes) => {
    expect(resumes.length).toBeGreaterThan(3)
    let names = 0
    let titles = 0
    let employers = 0
    let total = { titles: 0, employers: 0 }
    for (const resume of resumes) {
      const data = parse(resume.text)
      if (fold(data.Name.FullName) === fold(resume.values.name?.[0] ?? '-')) names++
      const found = (values: string[], wanted: string[]) => wanted.filter((w) => values.some((v) => fold(v).includes(fold(w)) || (v.length > 3 && fold(w).includes(fold(v))))).length
      titles += found(data.SegregatedExperience.map((j) => j.JobProfile.Title), [...new Set(resume.values.title ?? [])])
      employers += found(data.SegregatedExperience.map((j) => j.Employer.EmployerName), [...new Set(resume.values.employer ?? [])])
      total = { titles: total.titles + new Set(resume.values.title ?? []).size, employers: total.employers + new Set(resume.values.employer ?? []).size }
    }
    expect(names / resumes.length).toBeGreaterThanOrEqual(0.8)
    expect(titles / total.titles).toBeGreaterThanOrEqual(0.7)
    expect(employers / total.employers).toBeGreaterThanOrEqual(0.7)
  })
})

describe('failure classes of the rules alone', () => {
  it('does not take a headline on the first line for the name', () => {
    const text = ['Senior Human Resources Professional', 'Priya Raghavan', 'priya.r@example.com | Pune, Maharashtra', '',
      'WORK EXPERIENCE', 'HR Business Partner', 'Tata Motors Limited - Pune, Maharashtra', 'June 2016 to Present', '• Led hiring for 3 plants'].join('\n')
    expect(parse(text).Name.FullName).toBe('Priya Raghavan')
  })

  it('does not take a place on the first line for the name', () => {
    const text = ['Bengaluru, Karnataka', 'Rahul Menon', 'rahul.menon@example.com', '', 'Experience',
      'Software Engineer', 'Infosys Limited - Bengaluru', 'March 2018 to Present'].join('\n')
    expect(parse(text).Name.FullName).toBe('Rahul Menon')
  })

  it('finds employers in a text whose line breaks were lost', () => {
    const text = 'Daniel Brooks daniel.brooks@example.com Chicago, IL PROFESSIONAL SUMMARY Results-driven accountant with 8 years of experience. ' +
      'WORK EXPERIENCE Senior Accountant Harbor Point Analytics Inc. - Chicago, IL January 2019 to Present Prepared monthly financial statements and reconciliations. ' +
      'Staff Accountant Bluegrass Logistics LLC - Louisville, KY June 2014 to December 2018 Managed accounts payable for 40 vendors. ' +
      'EDUCATION Bachelor of Science in Accounting University of Kentucky 2014 SKILLS Excel, QuickBooks, SAP, financial reporting'
    const employers = parse(text).SegregatedExperience.map((j) => j.Employer.EmployerName)
    expect(employers.some((e) => e.includes('Harbor Point Analytics'))).toBe(true)
    expect(employers.some((e) => e.includes('Bluegrass Logistics'))).toBe(true)
  })
})

describe('jobs whose header the rules could not read', () => {
  it('gives the dated job the title and employer written beside its period, so the current job has them', () => {
    const text = 'Dana Whitfield  12 Elm Road  London  Phone: 543-23-678  dana.w@example.com  Objective  Experienced automobile sales professional seeking a similar position.    ' +
      'Career Experience/Job History  2016-Present  Northgate Motors  Sales Development Officer      Conducted monthly sales meetings among the executives.        Recommended vehicles to the customers.    ' +
      '2012-2016  Brightway Cars  Sales Executive      Assisted customers in choice of vehicles.    Education  2008-2011  Bachelors in Commerce, London School of Commerce.'
    const data = parse(text)
    expect([data.JobProfile, data.CurrentEmployer]).toEqual(['Sales Development Officer', 'Northgate Motors'])
    // The dated jobs: a title the summary names may add an undated job of its own (apply-jobs.ts).
    expect(data.SegregatedExperience.filter((j) => j.StartDate).map((j) => [j.JobProfile.Title, j.Employer.EmployerName, j.StartDate])).toEqual([
      ['Sales Development Officer', 'Northgate Motors', '01/01/2016'],
      ['Sales Executive', 'Brightway Cars', '01/01/2012'],
    ])
  })
})

describe('training', () => {
  it('gives identical weights for the same documents and settings', () => {
    const documents = trainingResumes(12, 5)
    const settings = { epochs: 2, seed: 3, prune: 0, minDocuments: 2 }
    expect(train(documents, vocabulary(), settings)).toEqual(train(trainingResumes(12, 5), vocabulary(), settings))
  })

  it('learns from a document that labels only skills for the skill tagger alone', () => {
    const documents = trainingResumes(12, 5)
    const posting = {
      name: 'posting',
      text: 'Senior Engineer at Northgate Motors\nYou know Kubernetes and Terraform\nAnna Nowak leads the team',
      values: { skill: ['Kubernetes', 'Terraform'] },
      only: ['skill'] as const,
    }
    const settings = { epochs: 2, seed: 3, prune: 0, minDocuments: 2 }
    const without = train(documents, vocabulary(), settings)
    const withPosting = train([...documents, posting, { ...posting, name: 'posting 2' }], vocabulary(), settings)
    expect(withPosting.skill).not.toEqual(without.skill)
    // Its features count for no other tagger's cut-off, and its unlabelled names and titles teach nothing.
    for (const group of ['person', 'title', 'employer', 'institute', 'degree', 'employerFilter', 'degreeFilter'] as const) expect(withPosting[group]).toEqual(without[group])
  })
})
