import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { extractDocument } from '../src/intake/index.js'
import { fixture, rejection } from './intake/fixtures.js'

/**
 * `npm run --silent parse -- --type Resume FILE` as a user runs it, on the checked-in intake fixtures
 * (their text is in test/fixtures/texts.ts): binary formats are read as the API reads them.
 */
const fixtures = new URL('./fixtures/', import.meta.url).pathname
const folder = mkdtempSync(join(tmpdir(), 'rs-cli-parse-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

async function parse(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'parse', '--', '--type', 'Resume', file])
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** What a recruiter checks first: who it is and where they worked. */
async function parsedResume(file: string) {
  const { code, stdout, stderr } = await parse(file)
  expect(code, stderr).toBe(0)
  const resume = JSON.parse(stdout).ResumeParserData
  return {
    name: resume.Name.FullName,
    emails: resume.Email.map((email: { EmailAddress: string }) => email.EmailAddress),
    jobs: resume.SegregatedExperience.map((job: any) => ({ title: job.JobProfile.Title, employer: job.Employer.EmployerName, from: job.StartDate.slice(-4) })),
    stderr,
  }
}

describe('npm run parse', () => {
  it('reads a DOCX: the name and e-mail in its page header, the job in its body', async () => {
    const resume = await parsedResume(join(fixtures, 'resume-de.docx'))
    expect(resume.name).toBe('Katrin Vogelsang')
    expect(resume.emails).toEqual(['katrin.vogelsang@example.de'])
    expect(resume.jobs).toEqual([{ title: 'Softwareentwicklerin', employer: expect.stringContaining('Alpenblick Versicherungs AG'), from: '2018' }])
  })

  it('reads a PDF', async () => {
    const resume = await parsedResume(join(fixtures, 'resume-it.pdf'))
    expect(resume.name).toBe('Giulia Benedetti')
    expect(resume.emails).toEqual(['giulia.benedetti@example.it'])
    expect(resume.jobs).toEqual([{ title: 'Analista programmatrice', employer: 'Lungarno Sistemi', from: '2017' }])
  })

  it('reads a Word 97 DOC', async () => {
    const resume = await parsedResume(join(fixtures, 'resume-fr.doc'))
    expect(resume.name).toBe('Étienne Marchais')
    expect(resume.emails).toEqual(['etienne.marchais@example.fr'])
    expect(resume.jobs).toEqual([{ title: 'Développeur full-stack', employer: 'Océane Logiciels', from: '2019' }])
  })

  it('reads a scanned PDF by OCR, and says so on stderr', async () => {
    const resume = await parsedResume(join(fixtures, 'resume-de-scanned.pdf'))
    expect(resume.name).toBe('Katrin Vogelsang')
    expect(resume.stderr).toContain('warning: text recognised by OCR')
  })

  it('refuses a broken file with the numbered error the API answers, and exit status 1', async () => {
    const truncated = fixture('resume-de.docx').slice(0, 2_000)
    const file = join(folder, 'truncated.docx')
    writeFileSync(file, truncated)
    const api = await rejection(extractDocument(truncated, 'truncated.docx', { images: false }))
    const { code, stdout, stderr } = await parse(file)
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(`error ${api.code}: ${api.message}\n`)
  })
})
