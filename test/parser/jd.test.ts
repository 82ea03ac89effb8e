import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseJd } from '../../src/parser/jd.js'

const now = new Date('2026-11-22T12:00:00Z')
const parse = (language: string) =>
  parseJd(readFileSync(new URL(`../fixtures/parser/jd-${language}.txt`, import.meta.url), 'utf8'), { now }).JDParsedData

const expected = {
  en: { title: 'Data Engineer', organization: 'Northwind Traders Inc.', city: 'Chicago', country: 'US', min: '5', max: '', salary: ['130000', '160000', 'USD', 'Yearly'], required: ['Python', 'SQL', 'Apache Kafka'], preferred: ['Apache Airflow'], degree: 'Bachelor', jobType: 'Full Time' },
  de: { title: 'Java Developer', organization: 'Bayern Software GmbH', city: 'Munich', country: 'DE', min: '3', max: '', salary: ['60000', '75000', 'EUR', 'Yearly'], required: ['Java', 'Spring Boot', 'Kubernetes'], preferred: ['Docker'], degree: 'Bachelor', jobType: 'Full Time' },
  es: { title: 'Registered Nurse', organization: 'Hospital San Rafael', city: 'Valencia', country: 'ES', min: '2', max: '', salary: ['28000', '32000', 'EUR', 'Yearly'], required: ['Intensive Care'], preferred: [], degree: 'Bachelor', jobType: 'Full Time' },
  fr: { title: 'Accountant', organization: '', city: 'Toulouse', country: 'FR', min: '5', max: '', salary: ['38000', '42000', 'EUR', 'Yearly'], required: ['Sage', 'Microsoft Excel'], preferred: ['SAP ERP'], degree: '', jobType: 'Permanent' },
  pl: { title: 'Java Developer', organization: 'Allegro sp. z o.o.', city: 'Warsaw', country: 'PL', min: '4', max: '', salary: ['18000', '24000', 'PLN', 'Monthly'], required: ['Java', 'Spring Boot', 'Apache Kafka'], preferred: ['Kubernetes', 'Python'], degree: 'Master', jobType: 'Contract' },
  it: { title: 'Python Developer', organization: 'Tecnologie Piemontesi S.r.l.', city: 'Turin', country: 'IT', min: '3', max: '', salary: ['35000', '42000', 'EUR', 'Yearly'], required: ['Python', 'Django'], preferred: ['PostgreSQL'], degree: 'Bachelor', jobType: 'Permanent' },
} as const

describe.each(Object.entries(expected))('JD in %s', (language, want) => {
  const data = parse(language)

  it('detects the language and reads the title without gender markers', () => {
    expect(data.JDLanguage.LanguageCode).toBe(language)
    expect(data.JobProfile.FormattedName).toBe(want.title)
    expect(data.JobProfile.Title).not.toMatch(/[(][a-z]\/[a-z]/i)
    expect(data.JobProfile.RelatedSkills.length).toBeGreaterThan(0)
  })

  it('reads the organisation and places the job', () => {
    expect(data.Organization).toBe(want.organization)
    expect([data.JobLocation.City, data.JobLocation.IsoCountryCode]).toEqual([want.city, want.country])
    expect(Number(data.JobLocation.Latitude)).not.toBeNaN()
  })

  it('reads the experience required and the salary range', () => {
    expect([data.ExperienceRequired.MinimumYearsExperience, data.ExperienceRequired.MaximumYearsExperience]).toEqual([want.min, want.max])
    const salary = data.SalaryOffered
    expect([salary.MinAmount, salary.MaxAmount, salary.Currency, salary.Units]).toEqual([...want.salary])
  })

  it('separates required from preferred skills', () => {
    const required = data.Skills.Required.map((s) => s.FormattedName)
    const preferred = data.Skills.Preferred.map((s) => s.FormattedName)
    expect(required).toEqual(expect.arrayContaining([...want.required]))
    expect(preferred).toEqual(expect.arrayContaining([...want.preferred]))
    expect(required.filter((s) => preferred.includes(s))).toEqual([])
  })

  it('reads the degree level and the job type', () => {
    expect(data.Qualifications.Required[0]?.Level ?? '').toBe(want.degree)
    expect(data.JobType).toBe(want.jobType)
  })
})

describe('JD details', () => {
  it('reads ranges of experience in words and digits', () => {
    const jd = (line: string) => parseJd(`Software Developer\n${line}`, { now }).JDParsedData.ExperienceRequired
    expect(jd('Berufserfahrung von drei bis fünf Jahren')).toEqual({ MinimumYearsExperience: '3', MaximumYearsExperience: '5' })
    expect(jd('entre 3 y 5 años de experiencia')).toEqual({ MinimumYearsExperience: '3', MaximumYearsExperience: '5' })
    expect(jd('up to 3 years of experience')).toEqual({ MinimumYearsExperience: '', MaximumYearsExperience: '3' })
    expect(jd('Our company was founded 20 years ago')).toEqual({ MinimumYearsExperience: '', MaximumYearsExperience: '' })
  })

  it('asks for languages with their levels', () => {
    expect(parse('pl').Languages).toEqual([{ Language: 'English', LanguageCode: 'en', Level: 'B2' }])
    expect(parse('it').Languages.map((l) => l.LanguageCode)).toEqual(['en'])
  })

  it('reads declined Polish skill names', () => {
    expect(parse('pl').Skills.Preferred.map((s) => s.Skill)).toContain('Pythona')
  })

  it('does not read a label or a contract type as a skill', () => {
    const skills = [...parse('fr').Skills.Required, ...parse('pl').Skills.Required].map((s) => s.FormattedName)
    expect(skills).not.toContain('Localization')
    expect(skills.some((s) => /CDI|B2B/.test(s))).toBe(false)
  })

  it('reads a one-letter language only as an item of a list of skills', () => {
    const text = ['Delivery Driver and Embedded Developer', 'Requirements', '- Class D driving licence and a clean record',
      '- Languages: C, Java and Python', '- Grade B or better in Mathematics'].join('\n')
    const skills = parseJd(text, { now }).JDParsedData.Skills
    const names = [...skills.Required, ...skills.Preferred].map((s) => s.FormattedName)
    expect(names).toEqual(expect.arrayContaining(['C', 'Java', 'Python']))
    expect(names).not.toContain('D')
  })

  it('recognises a staffing agency writing for a client', () => {
    const data = parseJd('Accountant\nAcme Recruitment Ltd.\nOn behalf of our client we are looking for an accountant.', { now }).JDParsedData
    expect([data.Organization, data.StaffingAgency]).toEqual(['', 'Acme Recruitment Ltd.'])
  })
})

describe('JD titles', () => {
  const title = (text: string) => {
    const { JobProfile } = parseJd(text, { now }).JDParsedData
    return [JobProfile.Title, JobProfile.FormattedName]
  }

  it('reads the line under a title label on its own line, known or not', () => {
    expect(title('## Job title\nTrade Floor Support Analyst III\n\n## Job Summary\nYou will support traders and know TCP/IP networking.'))
      .toEqual(['Trade Floor Support Analyst III', ''])
    expect(title('Stellenbezeichnung:\nJava-Entwickler (m/w/d)\nStandort: Köln')).toEqual(['Java-Entwickler', 'Java Developer'])
    // A labelled contract term leaves the title to the top lines.
    expect(title('Data Engineer\nPosition: Full-time\nBerlin')).toEqual(['Data Engineer', 'Data Engineer'])
    // Only a title label reads the line below: "Employer" alone is followed by text about the employer.
    expect(parseJd('Data Engineer\nEmployer\nFounded in Leeds in 1998\nWe build data platforms.', { now }).JDParsedData.Organization).toBe('')
  })

  it('names the company after "at" on the title line, or before "is looking for" in the opening (vocab/header-words.tsv)', () => {
    const organization = (text: string) => parseJd(text, { now }).JDParsedData.Organization
    expect(organization('Data Engineer at Northwind Traders\nWe build data platforms.')).toBe('Northwind Traders')
    expect(organization('Sviluppatore Java presso Tecnologie Piemontesi\nLavorerai con noi.')).toBe('Tecnologie Piemontesi')
    expect(organization('Data Engineer\nNorthwind Traders is looking for an engineer to build data platforms.')).toBe('Northwind Traders')
    expect(organization('Java-Entwickler\nBayern Software sucht einen Entwickler für ihr Team.')).toBe('Bayern Software')
    expect(organization('Ingeniero de datos\nHidroeléctrica Norte busca una persona para su equipo.')).toBe('Hidroeléctrica Norte')
  })

  it('keeps a top line that reads as a title the vocabulary does not know, rather than one named further down', () => {
    expect(title('Responsable de Sala Blanca\nGrifols S.A., Barcelona\nBuscamos una persona para coordinar el equipo.\nTrabajarás con un analista de datos.'))
      .toEqual(['Responsable de Sala Blanca', ''])
  })
})
