import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixture } from './intake/fixtures.js'
import { inEveryFormat, ocrFormats, textFormats, type FormatCase, type Written } from './support/formats.js'
import { startTestService, type TestService } from './support/service.js'

/**
 * Every upload operation with every file format a client sends (README, "Document intake"): the same
 * resume and JD written in each format must parse, index, match and compare as their text does. The
 * documents are test/fixtures/parser/{resume,jd}-en.txt, written in every format by LibreOffice when
 * the file starts. OCR costs about a second a page, so each operation reads one or two pictures, not all.
 */
let service: TestService
let key: string
let files: Record<'resume' | 'jd', Record<Written, Uint8Array>>
const source = (name: string) => readFileSync(new URL(`./fixtures/parser/${name}.txt`, import.meta.url), 'utf8')
const resumeText = source('resume-en')
const jdText = source('jd-en')
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const decode = (doc: string) => JSON.parse(Buffer.from(doc, 'base64').toString('utf8'))
const label = (c: FormatCase) => c.fileName.replace(/^cv\./, '')

async function ok(res: Response): Promise<Record<string, any>> {
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Record<string, any>
}

/** What a recruiter reads off a parsed resume; the parse date and file name change with every upload. */
function resumeEssentials(output: any) {
  const r = output.ResumeParserData
  return {
    name: r.Name.FullName,
    emails: r.Email.map((e: any) => e.EmailAddress),
    cities: r.Address.map((a: any) => a.City),
    // Start dates only: an open-ended job ends "today", which moves at midnight.
    jobs: r.SegregatedExperience.map((j: any) => [j.JobProfile.FormattedName, j.Employer.EmployerName, j.StartDate]),
    skills: r.SegregatedSkill.map((s: any) => s.FormattedName),
  }
}

function jdEssentials(output: any) {
  const j = output.JDParsedData
  return {
    title: j.JobProfile.FormattedName,
    organization: j.Organization,
    city: j.JobLocation.City,
    required: j.Skills.Required.map((s: any) => s.FormattedName),
    preferred: j.Skills.Preferred.map((s: any) => s.FormattedName),
    minimumYears: j.ExperienceRequired.MinimumYearsExperience,
  }
}

const oneMatch = (resume: FormatCase, jd: FormatCase, matchType: 'Resume to JD' | 'JD to Resume') =>
  service.post('/searchengine/oneMatch', {
    index: { indexKey: key },
    match: { resumeContent: base64(files.resume[resume.written]), resumeFileName: resume.fileName, jdContent: base64(files.jd[jd.written]), jdFileName: jd.fileName },
    matchType,
  })

const skillGap = (resume: FormatCase, jd: FormatCase) =>
  service.post('/plugin/skillGapDetection', {
    userkey: key, subuserid: 'recruiter-1',
    filename: resume.fileName, filedata: base64(files.resume[resume.written]),
    jdfilename: jd.fileName.replace(/^cv/, 'jd'), jdfiledata: base64(files.jd[jd.written]),
  })

const txt = textFormats[0]!
/** The answers for the text files, which every other format must give too. */
const baseline = {} as { resume: ReturnType<typeof resumeEssentials>; jd: ReturnType<typeof jdEssentials>; resumeToJd: number; jdToResume: number; gap: Record<string, unknown> }

beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey({ name: 'formats' })
  files = (await inEveryFormat({ resume: resumeText, jd: jdText })) as typeof files
  const forward = await ok(await oneMatch(txt, txt, 'Resume to JD'))
  const backward = await ok(await oneMatch(txt, txt, 'JD to Resume'))
  const gap = await ok(await skillGap(txt, txt))
  Object.assign(baseline, {
    resume: resumeEssentials(forward.ResumeJSON),
    jd: jdEssentials(forward.JDJSON),
    resumeToJd: forward.score,
    jdToResume: backward.score,
    gap: { MatchedSkills: gap.MatchedSkills, MissingSkills: gap.MissingSkills, CoverageScore: gap.CoverageScore },
  })
}, 180_000)
afterAll(() => service.close())

describe('the text versions, which every format is compared with', () => {
  it('read as the documents are written', () => {
    expect(resumeText).toContain(baseline.resume.emails[0])
    expect(baseline.resume).toMatchObject({ name: 'Emily Carter', cities: ['Chicago'] })
    expect(baseline.resume.jobs.map((job: string[]) => job[1])).toEqual(['Northwind Traders Inc.', 'Contoso Bank'])
    expect(baseline.resume.skills).toEqual(expect.arrayContaining(['Python', 'SQL', 'Tableau']))
    expect(baseline.jd).toMatchObject({ title: 'Data Engineer', organization: 'Northwind Traders Inc.', city: 'Chicago', minimumYears: '5' })
    expect(baseline.jd.required).toEqual(expect.arrayContaining(['Python', 'SQL', 'Apache Kafka']))
    expect(baseline.resumeToJd).toBeGreaterThan(0)
    expect(baseline.jdToResume).toBeGreaterThan(0)
  })
})

describe('parseAndIndex', () => {
  const index = (indexType: 'Resume' | 'JD', c: FormatCase) =>
    service.post('/searchengine/parseAndIndex', {
      // A sub-user per format, so that a search finds exactly the document of this format.
      index: { indexType, indexKey: key, subUserId: `format-${label(c)}` },
      data: { id: `${indexType}-${label(c)}`, fileContent: base64(files[indexType === 'Resume' ? 'resume' : 'jd'][c.written]), fileName: c.fileName },
    })
  const search = (indexType: 'Resume' | 'JD', c: FormatCase, required: Record<string, string[]>) =>
    service.post('/searchengine/booleanSearch', { index: { indexType, indexKey: key, subUserId: `format-${label(c)}` }, query: { required } })

  it.each([...textFormats, ocrFormats.png, ocrFormats.scan])('indexes a resume sent as $fileName, parsed as its text is, and finds it', async (c) => {
    const body = await ok(await index('Resume', c))
    expect(body.action).toBe('indexed')
    expect(resumeEssentials(decode(body.doc))).toEqual(baseline.resume)
    const found = await ok(await search('Resume', c, { JobProfile: [baseline.resume.jobs[0][0]], Skill: [baseline.resume.skills[0]], City: ['Chicago'] }))
    expect(found.records.map((r: { id: string }) => r.id)).toEqual([`Resume-${label(c)}`])
  }, 30_000)

  it.each([...textFormats, ocrFormats.jpg])('indexes a JD sent as $fileName, parsed as its text is, and finds it', async (c) => {
    const body = await ok(await index('JD', c))
    expect(body.action).toBe('indexed')
    expect(jdEssentials(decode(body.doc))).toEqual(baseline.jd)
    const found = await ok(await search('JD', c, { JobProfile: [baseline.jd.title], Skill: baseline.jd.required.slice(0, 2) }))
    expect(found.records.map((r: { id: string }) => r.id)).toEqual([`JD-${label(c)}`])
  }, 30_000)

  // The checked-in fixtures: contact lines in page headers, tables, text boxes, two columns, Windows-1250.
  it.each([
    ['resume-de.docx', 'Katrin Vogelsang', 'katrin.vogelsang@example.de'],
    ['resume-fr.doc', 'Étienne Marchais', 'etienne.marchais@example.fr'],
    ['resume-es.rtf', 'Lucía Fernández Ortega', 'lucia.fernandez@example.es'],
    ['resume-it.odt', 'Giulia Benedetti', 'giulia.benedetti@example.it'],
    ['resume-it.pdf', 'Giulia Benedetti', 'giulia.benedetti@example.it'],
    ['resume-en-two-columns.pdf', 'Jonathan Pembrook', 'j.pembrook@example.com'],
    ['resume-pl.html', 'Zofia Łukaszewska', 'zofia.lukaszewska@example.pl'],
    // The text file holds the paragraphs only, the scan no e-mail address (test/fixtures/generate.ts).
    ['resume-pl-cp1250.txt', 'Zofia Łukaszewska', undefined],
    ['resume-de-scanned.pdf', 'Katrin Vogelsang', undefined],
  ])('indexes the fixture %s under the name of the person it was written for', async (name, fullName, email) => {
    const res = await service.post('/searchengine/parseAndIndex', {
      index: { indexType: 'Resume', indexKey: key, subUserId: 'fixtures' },
      data: { id: name, fileContent: base64(fixture(name)), fileName: name },
    })
    const parsed = decode((await ok(res)).doc).ResumeParserData
    expect(parsed.Name.FullName).toBe(fullName)
    expect(parsed.Email.map((e: { EmailAddress: string }) => e.EmailAddress)).toEqual(email ? [email] : [])
    const found = await ok(await service.post('/searchengine/booleanSearch', {
      index: { indexType: 'Resume', indexKey: key, subUserId: 'fixtures' }, query: { required: { FullName: [fullName] } },
    }))
    expect(found.records.map((r: { id: string }) => r.id)).toContain(name)
  }, 30_000)
})

describe('oneMatch', () => {
  it.each([...textFormats, ocrFormats.jpeg])('matches a resume sent as $fileName with the JD as its text does (Resume to JD)', async (c) => {
    const body = await ok(await oneMatch(c, txt, 'Resume to JD'))
    expect(resumeEssentials(body.ResumeJSON)).toEqual(baseline.resume)
    expect(body.score).toBe(baseline.resumeToJd)
  }, 30_000)

  it.each([...textFormats, ocrFormats.png])('matches a JD sent as $fileName with the resume as its text does (JD to Resume)', async (c) => {
    const body = await ok(await oneMatch(txt, c, 'JD to Resume'))
    expect(jdEssentials(body.JDJSON)).toEqual(baseline.jd)
    expect(body.score).toBe(baseline.jdToResume)
  }, 30_000)
})

describe('skillGapDetection', () => {
  it.each([...textFormats.map((c) => ({ resume: c, jd: c })), { resume: ocrFormats.jpg, jd: ocrFormats.png }])(
    'compares a resume sent as $resume.fileName with a JD sent as $jd.fileName as their texts compare',
    async ({ resume, jd }) => {
      const body = await ok(await skillGap(resume, jd))
      expect(body.Target).toMatchObject({ Type: 'JD', FormattedName: baseline.jd.title })
      expect({ MatchedSkills: body.MatchedSkills, MissingSkills: body.MissingSkills, CoverageScore: body.CoverageScore }).toEqual(baseline.gap)
      expect(body.MatchedSkills.length).toBeGreaterThan(0)
      expect(body.MissingSkills.Required.length).toBeGreaterThan(0)
    },
    30_000,
  )
})

describe('documentConversion', () => {
  it.each([...textFormats, ocrFormats.png, ocrFormats.scan])('reads the text of a resume sent as $fileName, first line to last', async (c) => {
    const res = await service.post('/plugin/documentConversion', {
      userkey: key, subuserid: 'recruiter-1', version: '1.0.0', filename: c.fileName, filedata: base64(files.resume[c.written]),
    })
    const body = await ok(res)
    expect(body.FileName).toBe(c.fileName)
    // At least one: LibreOffice records two pages in the ODT's meta.xml for this one-page document, and intake reads what the file records.
    expect(body.PageCount).toBeGreaterThanOrEqual(1)
    const lines = resumeText.split('\n').filter((line) => line.trim() !== '')
    for (const line of [lines[0]!, baseline.resume.emails[0], lines.at(-1)!]) expect(body.TextData).toContain(line)
  }, 30_000)
})
