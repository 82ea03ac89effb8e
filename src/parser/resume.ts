import { findAddress, findPreferredLocations } from './extract/address.js'
import { findCertifications } from './extract/certifications.js'
import { findEmails, findPhones, findWebsites } from './extract/contact.js'
import { findEducation } from './extract/education.js'
import { withCheckedEmployers } from './extract/employer.js'
import { currentJob, experienceRange, findJobs, readsAsJobs, totalMonths, type Job } from './extract/experience.js'
import { findLanguagesKnown } from './extract/languages.js'
import { findName, nameAlone, nameEnds, splitName } from './extract/name.js'
import { findPersonalDetails } from './extract/personal.js'
import { parseSalary } from './extract/salary.js'
import { findSkills } from './extract/skills.js'
import { withModelEducation } from './model/apply-education.js'
import { withModelJobs } from './model/apply-jobs.js'
import { modelName } from './model/apply-name.js'
import { nameLists } from './model/names.js'
import { shippedModel, type ResumeModel } from './model/tagger.js'
import { widened } from './model/widen.js'
import { detectLanguage, languages, type LanguageCode } from './language.js'
import type { ResumeOutput } from './resume-output.js'
import { segment, type Block, type Line } from './sections.js'
import { cleanText } from './text/clean.js'
import { foldKey } from './text/fold.js'
import { restoreLines } from './text/restore-lines.js'
import type { TitleEntry } from './vocab/titles.js'
import { vocabulary } from './vocab/vocabulary.js'

export interface ParseOptions {
  fileName?: string
  /** "Today", for "present" and durations; tests fix it. */
  now?: Date
  /** The model that finds where entities are (src/parser/model/); default the shipped one, null for the rules alone. */
  model?: ResumeModel | null
}

/** A language's usual country, to read phone numbers written without a country code. */
const languageCountry: Partial<Record<LanguageCode, string>> = { de: 'DE', es: 'ES', fr: 'FR', pl: 'PL', it: 'IT' }

/**
 * The lines jobs are read from: the experience section's; in a resume without one (no heading, or one
 * the vocabulary does not know), what stands above every heading and in the summary, where the jobs
 * then are. A period in education or publications is no job; one in a section whose heading can head a
 * job's own list ("Accomplishments:", "Technical Skills") or end a heading cut in two ("CAREER" /
 * "OVERVIEW") is, when that section reads as jobs (periods with titles beside them), since then the
 * heading was a job's or the section's end was missed.
 */
function jobLines(blocks: readonly Block[], words: Parameters<typeof readsAsJobs>[1]): Line[] {
  const experience = blocks.filter((b) => b.section === 'experience')
  const from = new Set(experience.length > 0 ? experience : blocks.filter((b) => b.section === 'header' || b.section === 'summary'))
  return blocks.filter((b) => from.has(b) || (mayHoldJobs.has(b.section) && readsAsJobs(b.lines, words))).flatMap((b) => b.lines)
}

const mayHoldJobs: ReadonlySet<Block['section']> = new Set(['summary', 'skills', 'awards', 'certifications', 'interests', 'languages'])

/**
 * Parses resume text into output version 8. Pure: text in, structured data out, no I/O.
 *
 * @example
 *   parseResume('Anna Kowalska\nanna@example.com\nDoświadczenie zawodowe\n03/2019 – obecnie Java Developer, Allegro, Warszawa')
 *     .ResumeParserData.SegregatedExperience[0].JobProfile.FormattedName // 'Java Developer'
 */
export function parseResume(text: string, options: ParseOptions = {}): ResumeOutput {
  const words = vocabulary()
  const now = options.now ?? new Date()
  const clean = restoreLines(cleanText(text), words)
  const language = detectLanguage(clean)
  const blocks = segment(clean, words, 'resume')
  const linesOf = (...sections: Array<Block['section']>) => blocks.filter((b) => sections.includes(b.section)).flatMap((b) => b.lines)
  const numbersOf = (section: Block['section']) => new Set(linesOf(section).map((l) => l.number))
  const outside = (section: Set<number>) => new Set(all.filter((l) => !section.has(l.number)).map((l) => l.number))
  const model = options.model === undefined ? shippedModel() : options.model
  const read = model?.read(clean, words, blocks)
  const all = blocks.flatMap((b) => b.lines)
  const found = widened(read?.entities ?? [], all, words)
  const bullets = new Set(all.filter((l) => /^[•\-–*]\s/.test(l.text)).map((l) => l.number))
  const top = linesOf('header', 'personal', 'contact')
  const topOrFirst = top.length > 0 ? top : all.slice(0, 15)

  const personal = findPersonalDetails(all, new Set(top.map((l) => l.number)), words)
  const address = findAddress(blocks, personal.labels.get('address'), words, { text: clean, languageCountry: languageCountry[language] })
  const countryHint = address?.CountryCode || personal.nationalityCode || languageCountry[language]
  const emails = findEmails(clean)
  const phones = findPhones(topOrFirst.map((l) => l.text).join('\n'), countryHint)
  let lower: Set<string> | undefined
  const lowerCaseWords = () => (lower ??= ordinaryWords(clean))
  const isOther = (candidate: string) =>
    isOrdinaryWords(candidate, lowerCaseWords()) ||
    words.headings.lookup(candidate) !== undefined ||
    words.titles.index.find(candidate).some((m) => m.end - m.start >= 2 || m.surface.length >= candidate.length - 1) ||
    words.gazetteer.places.country(candidate) !== undefined ||
    words.gazetteer.places.regions(candidate).length > 0 ||
    words.gazetteer.cities.lookup(candidate).some((c) => c.population >= 50_000)
  const ends = nameEnds(words, nameLists().surnames)
  const alone = (name: string, after: string) => nameAlone(name, after, ends)
  const lineText = new Map(all.map((l) => [l.number, l.text]))
  const labelledName = personal.labels.get('name')
  const ruled = findName(all.slice(0, 15).map((l) => l.text), { emails, labelledName, isOther, alone, particles: words.joiningWords.particle })
  // A "Name:" label is certain; else the model's name near the top, unless the rules read the same name
  // (their reading keeps an academic title, "Dr.", that the model leaves out).
  const named = labelledName ? undefined : modelName(found, all.map((l) => l.number), isOther, (f) => {
    const line = lineText.get(f.line) ?? ''
    const at = line.indexOf(f.text)
    return alone(f.text, at < 0 ? '' : line.slice(at + f.text.length))
  })
  const name = named && foldKey(ruled.FullName) !== foldKey(splitName(named, words.joiningWords.particle).FullName) ? splitName(named, words.joiningWords.particle) : ruled
  const jobs = withCheckedEmployers(
    withModelJobs(findJobs(jobLines(blocks, words), words, now, countryHint), found, { allowed: outside(numbersOf('education')), bullets }, words),
    words,
    name.FullName,
  )
  const schooling = withModelEducation(findEducation(linesOf('education'), words, countryHint), found, { education: numbersOf('education'), other: outside(new Set([...numbersOf('experience'), ...numbersOf('education')])), experience: numbersOf('experience') }, words)
  const beyond = outside(new Set([...numbersOf('certifications'), ...numbersOf('education')]))
  const certifications = findCertifications(linesOf('certifications'), all.filter((l) => beyond.has(l.number)), words, now)
  const skills = findSkills(all, jobs, words, now, language, found.filter((f) => f.type === 'skill'))
  const current = currentJob(jobs, now)
  const months = totalMonths(jobs, now)
  const family = jobFamily(current?.title, jobs)

  const resumeCountry = address?.CountryCode || countryOfPhone(phones[0]?.ISDCode) || personal.nationalityCode || ''
  return {
    ResumeParserData: {
      OutputVersion: '8',
      ResumeFileName: options.fileName ?? '',
      ParsingDate: now.toISOString(),
      ResumeLanguage: { Language: languages[language], LanguageCode: language },
      ResumeCountry: { Country: resumeCountry ? words.gazetteer.countryName(resumeCountry) : '', CountryCode: resumeCountry },
      Name: name,
      DateOfBirth: personal.dateOfBirth,
      Gender: personal.gender,
      MaritalStatus: personal.maritalStatus,
      Nationality: personal.nationality,
      LanguageKnown: findLanguagesKnown(linesOf('languages'), words),
      Email: emails.map((EmailAddress) => ({ EmailAddress })),
      PhoneNumber: phones,
      WebSite: findWebsites(clean),
      Address: address ? [address] : [],
      Category: family?.category ?? '',
      SubCategory: family?.subcategory ?? '',
      CurrentSalary: parseSalary(personal.labels.get('currentSalary') ?? personal.labels.get('salary'), words),
      ExpectedSalary: parseSalary(personal.labels.get('expectedSalary'), words),
      CurrentEmployer: current?.output.Employer.EmployerName ?? '',
      JobProfile: current?.output.JobProfile.Title ?? '',
      WorkedPeriod: {
        TotalExperienceInMonths: String(months),
        TotalExperienceInYear: (Math.round((months / 12) * 10) / 10).toString(),
        TotalExperienceRange: experienceRange(months),
      },
      SegregatedExperience: jobs.map((job) => job.output),
      SegregatedQualification: schooling.map((s) => s.output),
      SegregatedSkill: skills.map((s) => s.output),
      SegregatedCertification: certifications,
      PreferredLocation: findPreferredLocations(personal.labels.get('preferredLocation'), words.gazetteer, countryHint),
      Summary: linesOf('summary').map((l) => l.text).join('\n'),
      DetailResume: clean,
    },
  }
}

/**
 * Words the text writes in lower case in running text (not in e-mail addresses or links): a phrase all
 * of whose words are among them, or with an English function word ("DO NOT COPY", "Market Your
 * Skills"), is ordinary language set in capitals, not a person's name.
 */
function ordinaryWords(text: string): Set<string> {
  return new Set(text.match(/(?<![\p{L}\p{N}@./_-])\p{Ll}+(?![\p{L}\p{N}@_-]|\.\p{L})/gu) ?? [])
}

/** English words that are never part of a person's name (particles such as "de", "van", "di" are). */
const functionWords = new Set(['a', 'an', 'and', 'are', 'at', 'be', 'by', 'can', 'do', 'does', 'for', 'from', 'how', 'in', 'is', 'it', 'its', 'my', 'not', 'of', 'on', 'or', 'our', 'the', 'their', 'this', 'that', 'to', 'us', 'was', 'we', 'what', 'with', 'you', 'your'])

function isOrdinaryWords(candidate: string, lower: Set<string>): boolean {
  const words = candidate.split(/\s+/).filter((w) => /^\p{L}+\.?$/u.test(w)).map((w) => w.replace(/\.$/, '').toLowerCase())
  return words.length > 0 && (words.every((w) => lower.has(w)) || words.some((w) => functionWords.has(w)))
}

/** Category and SubCategory: the current job's family, else the most common family of all jobs. */
function jobFamily(title: TitleEntry | undefined, jobs: Job[]): TitleEntry | undefined {
  if (title) return title
  const counts = new Map<TitleEntry, number>()
  for (const job of jobs) if (job.title) counts.set(job.title, (counts.get(job.title) ?? 0) + 1)
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
}

const isdCountries: Record<string, string> = { '+49': 'DE', '+34': 'ES', '+33': 'FR', '+48': 'PL', '+39': 'IT', '+44': 'GB', '+43': 'AT', '+41': 'CH', '+1': 'US' }

function countryOfPhone(isd: string | undefined): string {
  return isd ? isdCountries[isd] ?? '' : ''
}
