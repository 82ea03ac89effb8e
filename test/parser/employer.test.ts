import { describe, expect, it } from 'vitest'
import { checkedEmployer, withCheckedEmployers } from '../../src/parser/extract/employer.js'
import type { Job } from '../../src/parser/extract/experience.js'
import { hasLegalForm, headerSegments, isOnlyLegalForm } from '../../src/parser/extract/header-parts.js'
import { parseResume } from '../../src/parser/resume.js'
import { vocabulary } from '../../src/parser/vocab/vocabulary.js'

const now = new Date('2026-11-22T12:00:00Z')
const words = vocabulary()
const check = (text: string, context: Parameters<typeof checkedEmployer>[2] = {}) => checkedEmployer(text, words, context)

describe('what a job keeps as its employer', () => {
  it('takes a label or a joining word off the front', () => {
    expect(check('Company: Grupo Odinsa S.A.')).toBe('Grupo Odinsa S.A.')
    expect(check('at McGraw Hill Education')).toBe('McGraw Hill Education')
    expect(check('bei Siemens AG')).toBe('Siemens AG')
  })

  it('is never a place, a date or the candidate', () => {
    expect(check('Kolkata, West Bengal')).toBe('')
    expect(check('Austin, TX')).toBe('')
    expect(check('Uttar Pradesh')).toBe('')
    expect(check('July 2019 to Present')).toBe('')
    expect(check('Present')).toBe('')
    expect(check('Anna Maria Nowak', { candidateName: 'Anna Maria Nowak' })).toBe('')
    expect(check('Nowak Consulting', { candidateName: 'Anna Nowak' })).toBe('Nowak Consulting')
  })

  it("is never the street of an address written beside the job, in any language", () => {
    for (const street of ['Pearl St.', '4 Architecture Drive', 'Hauptstraße 5', '12 rue de Rivoli', 'Via Roma 10', 'ul. Długa 5']) expect(check(street), street).toBe('')
    // Without a house number or an abbreviated type it may be a name; named after its street, or with a
    // legal form, it is a company.
    expect(check('The Growing Place')).toBe('The Growing Place')
    expect(check('Wall Street Journal')).toBe('Wall Street Journal')
    expect(check('Park Avenue Partners')).toBe('Park Avenue Partners')
    expect(check('Baker Street Ltd')).toBe('Baker Street Ltd')
  })

  it("is never a section's heading or a field's label alone, in any language", () => {
    for (const label of ['Responsibilities', 'DURATION', 'Berufserfahrung', 'Duración:']) expect(check(label), label).toBe('')
    // A name that holds such a word is a name.
    expect(check('Education First')).toBe('Education First')
    expect(check('Skills Development Scotland')).toBe('Skills Development Scotland')
  })

  it('is no legal form alone, whose company name stood out of reach', () => {
    expect(['Pvt. Ltd', 'Inc.', 'L.L.C.', 'GmbH', 'Co.', 'Sp. z o.o.'].map((t) => check(t))).toEqual(['', '', '', '', '', ''])
    expect(['Acesoft Labs Pvt. Ltd', 'MedUnison, L.L.C.', 'Comarch S.A.'].map((t) => check(t))).toEqual(['Acesoft Labs Pvt. Ltd', 'MedUnison, L.L.C.', 'Comarch S.A.'])
  })

  it('is no sentence, but may write a few words in lower case', () => {
    expect(check('Coordinated with professor on conduction of exams')).toBe('')
    expect(check('Owner of Android encryption user interface')).toBe('')
    for (const name of ['Ministry of Health and Long Term Care', 'Banca popolare di Milano', 'Société générale', 'Zakład Ubezpieczeń Społecznych', 'eHealth Ontario', 'Teach for America']) {
      expect(check(name), name).toBe(name)
    }
  })

  it('is no sentence running into a name, but may be written all in lower case', () => {
    expect(check('was trained and worked for EMEA')).toBe('')
    expect(check('formerly Health Services')).toBe('')
    expect(check('infotech pvt ltd')).toBe('infotech pvt ltd')
    for (const name of ['the International Civil Aviation Organization', 'der Alpenblick Versicherungs AG', "l'Oréal"]) expect(check(name), name).toBe(name)
  })

  it('is not a list of skills, unless a legal form makes it a company', () => {
    expect(check('SAP ABAP')).toBe('')
    expect(check('Java, SQL')).toBe('')
    expect(check('SAP AG')).toBe('SAP AG')
    expect(check('Oracle Financial Services')).toBe('Oracle Financial Services')
    // A maker's name alone beside the job's city is the employer; skills are not placed.
    expect(check('Oracle')).toBe('')
    expect(check('Oracle', { jobCity: 'Austin' })).toBe('Oracle')
    expect(check('SAP ABAP', { jobCity: 'Pune' })).toBe('')
  })

  it('keeps a company named like a city when the job is placed elsewhere', () => {
    expect(check('Carrefour', { jobCity: 'Paris' })).toBe('Carrefour')
    expect(check('Carrefour')).toBe('')
    expect(check('Paris', { jobCity: 'Paris' })).toBe('')
    // A legal form makes a company, whatever places share its words.
    expect(check('AMD, Inc.')).toBe('AMD, Inc.')
  })
})

describe('jobs with checked employers', () => {
  const job = (title: string, employer: string, city = '', dated = false): Job => ({
    lines: new Set([1]),
    headerLines: new Set([1]),
    ...(dated ? { range: { start: { year: 2019, month: 6 }, end: 'present' as const } } : {}),
    output: {
      Employer: { EmployerName: employer },
      JobProfile: { Title: title, FormattedName: '', Alias: '' },
      Location: { City: city, State: '', Country: '' },
      StartDate: '', EndDate: '', ExperienceInMonths: '', IsCurrentEmployer: 'false', JobDescription: '',
    },
  } as Job)
  const employers = (jobs: Job[]) => withCheckedEmployers(jobs, words, 'Priya Sharma').map((j) => [j.output.JobProfile.Title, j.output.Employer.EmployerName])

  it('clears what is no employer and keeps the job when it still says something', () => {
    expect(employers([job('Associate Consultant', 'Bengaluru, Karnataka'), job('', 'Priya Sharma', '', true), job('Cashier', 'Carrefour', 'Paris')])).toEqual([
      ['Associate Consultant', ''],
      ['', ''],
      ['Cashier', 'Carrefour'],
    ])
  })

  it('drops a job left with no title, employer or period', () => {
    expect(employers([job('', 'Kolkata, West Bengal'), job('Analyst', 'at Acme Ltd')])).toEqual([['Analyst', 'Acme Ltd']])
  })
})

describe('a resume read with those checks', () => {
  it('reads a state after a town as no degree ("Towson, MD 21222")', () => {
    const text = ['Lena Ortiz', 'lena@example.com', 'Education', 'Bachelor of Science in Physical Education', 'Towson University, Towson, MD', 'MD 21222'].join('\n')
    const degrees = parseResume(text, { now }).ResumeParserData.SegregatedQualification.map((q) => q.Degree.DegreeName)
    expect(degrees).toEqual(['Bachelor of Science in Physical Education'])
  })
})

describe('legal forms and states after a comma', () => {
  it('keeps a legal form after a comma with its company, and reads a state there as no title', () => {
    const text = [
      'Lena Ortiz', 'lena@example.com', 'Experience',
      'Cohen, Jayson & Foster, PA  Tampa, Florida  Paralegal (2004 - 2006)',
      'Intern  05/2001 - 12/2001  MedUnison, L.L.C., Oklahoma City, OK',
    ].join('\n')
    const jobs = parseResume(text, { now, model: null }).ResumeParserData.SegregatedExperience
    expect(jobs.map((j) => j.JobProfile.Title)).toEqual(['Paralegal', 'Intern'])
    expect(jobs[1]?.Employer.EmployerName).toBe('MedUnison, L.L.C.')
  })

  it('keeps a two-letter title after a comma that is no state ("Mercy Hospital, RN")', () => {
    const text = ['Lena Ortiz', 'lena@example.com', 'Experience', 'Mercy Hospital, RN  2019 - 2021'].join('\n')
    expect(parseResume(text, { now, model: null }).ResumeParserData.SegregatedExperience[0]?.JobProfile.FormattedName).toBe('Registered Nurse')
  })

  it('parts a header at a comma, except before a legal form ("SA" after a town is South Australia)', () => {
    expect(headerSegments('MedUnison, L.L.C., Oklahoma City, OK')).toEqual(['MedUnison, L.L.C.', 'Oklahoma City', 'OK'])
    expect(headerSegments('Chartwells, Inc. - Chef')).toEqual(['Chartwells, Inc.', 'Chef'])
    expect(headerSegments('Brewhouse, Adelaide, SA')).toEqual(['Brewhouse', 'Adelaide', 'SA'])
    expect(headerSegments('ACME TOOLING, INC., Denver, CO')).toEqual(['ACME TOOLING, INC.', 'Denver', 'CO'])
  })

  it('reads the legal forms of vocab/legal-forms.tsv written with or without spaces and a final period', () => {
    expect(['Comarch S. A.', 'Orlen sp.z o.o.', 'Bosch GmbH & Co. KG', 'Verein e. V.', 'Acme Inc', 'Acme Inc.'].map(hasLegalForm)).toEqual([true, true, true, true, true, true])
    expect(['Sea bass', 'Agnes', 'Incline', 'Acme inc'].map(hasLegalForm)).toEqual([false, false, false, false])
    expect(['LLC.', 'Pvt Ltd.', 'PRIVATE LIMITED', 'S.A.S.', 'Sp. z o. o.'].map(isOnlyLegalForm)).toEqual([true, true, true, true, true])
    expect(['Acme LLC', 'Private', 'Co'].map(isOnlyLegalForm)).toEqual([false, false, false])
    expect(headerSegments('Androme, LLC., Austin, TX')).toEqual(['Androme, LLC.', 'Austin', 'TX'])
    expect(headerSegments('Tecnoforma, S.p.A, Milano')).toEqual(['Tecnoforma, S.p.A', 'Milano'])
  })

  it('parts a header around the words of vocab/header-words.tsv that join a title to its employer', () => {
    expect(headerSegments('Software Engineer at Google – London')).toEqual(['Software Engineer', 'Google', 'London'])
    expect(headerSegments('Entwickler bei Siemens')).toEqual(['Entwickler', 'Siemens'])
    expect(headerSegments('Analityk w Comarch')).toEqual(['Analityk', 'Comarch'])
    expect(headerSegments('Ingeniero en Software')).toEqual(['Ingeniero en Software'])
  })

  it('reads a header written in capitals with its legal form', () => {
    const text = ['Ann Lee', 'ann.lee@example.com', '', 'Experience', 'ACME TOOLING, INC., Denver, CO', '2007 – Present', '• Ran the shop floor.'].join('\n')
    const [job] = parseResume(text, { now, model: null }).ResumeParserData.SegregatedExperience
    expect([job!.Employer.EmployerName, job!.Location.City]).toEqual(['ACME TOOLING, INC.', 'Denver'])
  })
})
