import { beforeAll, describe, expect, it } from 'vitest'
import { extractDocument } from '../../src/intake/index.js'
import { parseResume } from '../../src/parser/resume.js'
import type { ResumeOutput } from '../../src/parser/resume-output.js'
import { convertWithSoffice, filters, flatOdt } from '../fixtures/documents.js'

/**
 * Issue 16: one resume written by LibreOffice in every format must parse to the same jobs, dates,
 * experience and city. Its job headers read "Title — Employer, City" above a date line, the title and
 * its dash in bold: in the PDF the bold part and the rest are separate text runs, and with the same
 * title in three headers the word space between them falls at the same x on each header line.
 */
const person = { name: 'Martin Keller', email: 'martin.keller@example.com', city: 'Berlin' }
const jobs = [
  { title: 'Java Developer', employer: 'Acme Corp', city: 'Berlin', from: '03/2016', to: '05/2019', did: 'Payment services in Java.' },
  { title: 'Java Developer', employer: 'Globex GmbH', city: 'Hamburg', from: '06/2013', to: '02/2016', did: 'Order system in Spring.' },
  { title: 'Java Developer', employer: 'Initech AG', city: 'Munich', from: '09/2010', to: '05/2013', did: 'Internal tools.' },
]
const paragraphs = [
  person.name, `${person.city}, Germany`, person.email,
  '# Experience', ...jobs.flatMap((job) => [`${job.title} — ${job.employer}, ${job.city}`, `${job.from} – ${job.to}`, job.did]),
  '# Skills', 'Java, Spring, SQL',
]

/** The flat ODT of the resume with each header's "Title —" in bold, as résumé templates set it. */
function resumeOdt(): string {
  const bold = '<style:style style:name="JobTitle" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>'
  let xml = flatOdt({ paragraphs }).replace('</office:automatic-styles>', `${bold}</office:automatic-styles>`)
  for (const job of jobs) {
    const header = `${job.title} — ${job.employer}, ${job.city}`
    xml = xml.replace(`<text:p>${header}</text:p>`, `<text:p><text:span text:style-name="JobTitle">${job.title} —</text:span> ${job.employer}, ${job.city}</text:p>`)
  }
  return xml
}

/** A career from its first start to its last end, both months counted, when the jobs leave no gap. */
function monthsCovered(from: string, to: string): number {
  const index = (date: string) => Number(date.slice(3)) * 12 + Number(date.slice(0, 2))
  return index(to) - index(from) + 1
}

/** A date of the output as the resume wrote it: month and year. */
const monthYear = (date: string) => date.slice(-7)
const formats = Object.keys(filters) as Array<keyof typeof filters>
const parsed = new Map<string, ResumeOutput['ResumeParserData']>()

beforeAll(async () => {
  const source = resumeOdt()
  // Fixed "today": none of the jobs is current, so nothing here moves with the date.
  const now = new Date('2025-01-15')
  for (const format of formats) {
    const doc = await extractDocument(convertWithSoffice(source, 'fodt', format), `martin-keller.${format}`)
    parsed.set(format, parseResume(doc.text, { now }).ResumeParserData)
  }
}, 180_000)

describe('the same resume in DOCX, ODT, RTF, DOC, HTML and PDF', () => {
  it.each(formats)('%s: every job with its title, employer, city and dates', (format) => {
    const resume = parsed.get(format)!
    expect(resume.SegregatedExperience.map((job) => ({
      title: job.JobProfile.Title,
      employer: job.Employer.EmployerName,
      city: job.Location.City,
      from: monthYear(job.StartDate),
      to: monthYear(job.EndDate),
    }))).toEqual(jobs.map(({ title, employer, city, from, to }) => ({ title, employer, city, from, to })))
  })

  it.each(formats)('%s: the total experience, the candidate\'s name and city', (format) => {
    const resume = parsed.get(format)!
    expect(resume.WorkedPeriod.TotalExperienceInMonths).toBe(String(monthsCovered(jobs.at(-1)!.from, jobs[0]!.to)))
    expect(resume.Name.FullName).toBe(person.name)
    expect(resume.Address.map((address) => address.City)).toEqual([person.city])
  })
})
