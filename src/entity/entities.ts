import { createHash } from 'node:crypto'
import type { JdOutput } from '../parser/jd-output.js'
import type { ResumeOutput } from '../parser/resume-output.js'
import { foldKey } from '../parser/text/fold.js'
import type { IndexType } from './entity-names.js'
import { geoCells } from './geo-cell.js'

/**
 * What a document contributes to the searchable columns (migrations/0002): entity name (spec 2.3) to
 * normalised values in `entities`, to display values in `display`, plus point, experience and salary.
 */
export interface SearchableDocument {
  entities: Record<string, string[]>
  display: Record<string, string[]>
  latitude: number | null
  longitude: number | null
  experienceMonths: number | null
  experienceMaxMonths: number | null
  salaryMin: number | null
  salaryMax: number | null
  checksum: string
}

/** Normalised form of an entity value: accents folded, lower case, single spaces. */
export function normaliseValue(value: string): string {
  return foldKey(value).replace(/\s+/g, ' ').trim()
}

/**
 * The words of an organisation's name ("Rheinland Logistik GmbH" -> rheinland, logistik, gmbh), stored
 * as EmployerWord / OrganizationWord so that a name in a keyword is found through the GIN index:
 * "Logistik" or "Rheinland Logistik" finds that employer. migrations/0004 splits the same way in SQL.
 */
export function nameWords(...names: Array<string | undefined | null>): string[] {
  return names.flatMap((name) => (name ? normaliseValue(name).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0) : []))
}

/** Years of experience in a role that JobProfileYears records steps of (migrations/0006 repeats them for older documents). */
export const experienceYearSteps = [1, 2, 3, 5, 8]

/**
 * "<canonical name>|<years>" for every step the months reach: 40 months as a Java developer give
 * "java developer|1", "|2" and "|3". Containment tests on the GIN index can then ask for "at least three
 * years as a Java developer", which a number in the parser output cannot answer.
 */
export function yearsReached(name: string, months: number): string[] {
  return experienceYearSteps.filter((years) => months >= years * 12).map((years) => `${normaliseValue(name)}|${years}`)
}

/**
 * The JobProfile value a resume is sure to hold when it holds `value` under `key`: resumeEntities()
 * adds every job's title to JobProfile, so the current title (CurrentJobProfile) and a title with years
 * in it (JobProfileYears "java developer|3") are among them. Match candidate lookups rely on it
 * (lookupGroup in src/match/match-model.ts).
 */
export function impliedTitle(key: string, value: string): string | undefined {
  if (key === 'CurrentJobProfile') return value
  if (key === 'JobProfileYears') return value.slice(0, value.lastIndexOf('|'))
  return undefined
}

class EntityBuilder {
  readonly entities: Record<string, string[]> = {}
  readonly display: Record<string, string[]> = {}

  add(entity: string, ...values: Array<string | undefined | null>): this {
    for (const value of values) this.#add(entity, value, true)
    return this
  }

  /** Searchable but not shown: a degree's level and written form are found, its canonical name shown. */
  addHidden(entity: string, ...values: Array<string | undefined | null>): this {
    for (const value of values) this.#add(entity, value, false)
    return this
  }

  /**
   * A name with its code ("Germany", "DE"): both are found, the name is shown (a facet lists Germany
   * once, not Germany and DE); the code is shown only when there is no name.
   */
  addCoded(entity: string, name: string | undefined | null, code: string | undefined | null): this {
    this.#add(entity, name, true)
    this.#add(entity, code, !name?.trim())
    return this
  }

  #add(entity: string, value: string | undefined | null, shown: boolean): void {
    const text = value?.trim()
    if (!text) return
    const key = normaliseValue(text)
    const keys = (this.entities[entity] ??= [])
    if (keys.includes(key)) return
    keys.push(key)
    if (shown) (this.display[entity] ??= []).push(text)
  }
}

const rankOfLevel: Record<string, number> = { Doctorate: 8, Master: 7, Bachelor: 6, Associate: 5, Vocational: 4, Secondary: 3, Certificate: 2 }

/**
 * A resume's entities. Titles, skills and degrees are stored by their canonical names (so a German and
 * a Polish Java developer are the same JobProfile); as-written forms go to the alias entities.
 * Without personal information (personalInformationIdex: false) name, email, phone and date of birth
 * are left out.
 */
export function resumeEntities(output: ResumeOutput, options: { personalInformation: boolean }): SearchableDocument {
  const r = output.ResumeParserData
  const b = new EntityBuilder()
  b.addCoded('ResumeLanguage', r.ResumeLanguage.Language, r.ResumeLanguage.LanguageCode)
  b.addCoded('ResumeCountry', r.ResumeCountry.Country, r.ResumeCountry.CountryCode)
  if (options.personalInformation) {
    b.add('FullName', r.Name.FullName).add('TitleName', r.Name.TitleName).add('FirstName', r.Name.FirstName)
    b.add('MiddleName', r.Name.MiddleName).add('LastName', r.Name.LastName).add('DateOfBirth', r.DateOfBirth)
    b.add('Email', ...r.Email.map((e) => e.EmailAddress))
  }
  b.add('Gender', r.Gender).add('MaritalStatus', r.MaritalStatus).add('Nationality', r.Nationality)
  b.add('Category', r.Category).add('SubCategory', r.SubCategory)
  b.add('CurrentSalary', r.CurrentSalary.Amount).add('CurrentSalaryCurrency', r.CurrentSalary.Currency).add('CurrentSalaryUnit', r.CurrentSalary.Unit)
  b.add('ExpectedSalary', r.ExpectedSalary.Amount).add('ExpectedSalaryCurrency', r.ExpectedSalary.Currency).add('ExpectedSalaryUnit', r.ExpectedSalary.Unit)
  b.add('TotalExperienceInMonths', r.WorkedPeriod.TotalExperienceInMonths).add('TotalExperienceInYear', r.WorkedPeriod.TotalExperienceInYear)
  b.add('TotalExperienceRange', r.WorkedPeriod.TotalExperienceRange)
  b.add('LanguageKnown', ...r.LanguageKnown.flatMap((l) => [l.Language, l.LanguageCode]))

  for (const a of r.Address) {
    b.add('City', a.City).addCoded('State', a.State, a.StateIsoCode).addCoded('Country', a.Country, a.CountryCode).add('ZipCode', a.ZipCode)
    b.add('LocationType', a.Type)
    if (a.Type === 'Current') b.add('CurrentCity', a.City).add('CurrentState', a.State).addCoded('CurrentCountry', a.Country, a.CountryCode)
  }
  for (const p of r.PreferredLocation) b.add('PreferredCity', p.City).add('PreferredState', p.State).add('PreferredCountry', p.Country)

  const current = r.SegregatedExperience.find((j) => j.IsCurrentEmployer === 'true') ?? r.SegregatedExperience[0]
  if (current) {
    b.add('CurrentJobProfile', current.JobProfile.FormattedName || current.JobProfile.Title)
    b.add('CurrentJobAlias', current.JobProfile.Title, current.JobProfile.Alias)
    b.add('CurrentEmployerCity', current.Location.City).add('CurrentEmployerState', current.Location.State).add('CurrentEmployerCountry', current.Location.Country)
  }
  b.add('CurrentEmployer', r.CurrentEmployer)
  b.addHidden('EmployerWord', ...nameWords(r.CurrentEmployer, ...r.SegregatedExperience.map((job) => job.Employer.EmployerName)))
  // Months per canonical title over all the jobs that held it (migrations/0006 does the same in SQL).
  const monthsAs = new Map<string, number>()
  for (const job of r.SegregatedExperience) {
    const title = normaliseValue(job.JobProfile.FormattedName || job.JobProfile.Title)
    const months = Number(job.ExperienceInMonths)
    if (title && months > 0) monthsAs.set(title, (monthsAs.get(title) ?? 0) + months)
  }
  for (const [title, months] of monthsAs) b.addHidden('JobProfileYears', ...yearsReached(title, months))
  for (const job of r.SegregatedExperience) {
    b.add('Employer', job.Employer.EmployerName)
    b.add('JobProfile', job.JobProfile.FormattedName || job.JobProfile.Title)
    b.add('JobAlias', job.JobProfile.Title, job.JobProfile.Alias)
    b.add('EmployerCity', job.Location.City).add('EmployerState', job.Location.State).add('EmployerCountry', job.Location.Country)
  }

  for (const q of r.SegregatedQualification) {
    b.add('Institute', q.Institution.Name)
    b.add('InstituteCity', q.Institution.Location.City).add('InstituteState', q.Institution.Location.State).add('InstituteCountry', q.Institution.Location.Country)
    b.add('Degree', q.Degree.NormalizeDegree || q.Degree.DegreeName).addHidden('Degree', q.Degree.Level, q.Degree.DegreeName)
  }
  const highest = [...r.SegregatedQualification].sort((a, b2) => (rankOfLevel[b2.Degree.Level] ?? 0) - (rankOfLevel[a.Degree.Level] ?? 0))[0]
  if (highest) b.add('HighestDegree', highest.Degree.NormalizeDegree).addHidden('HighestDegree', highest.Degree.Level)
  const last = [...r.SegregatedQualification].sort((a, b2) => dateKey(b2.EndDate) - dateKey(a.EndDate))[0]
  if (last) b.add('LastInstitute', last.Institution.Name)

  for (const s of r.SegregatedSkill) {
    b.add(s.Evidence === 'SkillHaveExp' ? 'SkillHaveExp' : 'SkillWithoutExp', s.FormattedName)
    b.add('SkillAlias', s.Skill, s.Alias)
  }

  const address = r.Address.find((a) => a.Latitude && a.Longitude)
  const point = located(address ? Number(address.Latitude) : null, address ? Number(address.Longitude) : null, b)
  const months = Number(r.WorkedPeriod.TotalExperienceInMonths)
  return {
    ...b,
    ...point,
    experienceMonths: Number.isFinite(months) && r.WorkedPeriod.TotalExperienceInMonths !== '' ? months : null,
    experienceMaxMonths: null,
    salaryMin: amount(r.CurrentSalary.Amount),
    salaryMax: amount(r.ExpectedSalary.Amount),
    checksum: checksum(r, ['ParsingDate', 'ResumeFileName']),
  }
}

/** A JD's entities; names as in spec 2.3 and docs/entities.md. */
export function jdEntities(output: JdOutput): SearchableDocument {
  const j = output.JDParsedData
  const b = new EntityBuilder()
  // Not a spec entity, so not searchable: the match's Keywords part compares texts in one language.
  b.addHidden('JDLanguage', j.JDLanguage.Language, j.JDLanguage.LanguageCode)
  b.add('JobProfileTitle', j.JobProfile.FormattedName, j.JobProfile.Title)
  b.add('JobProfileFormattedName', j.JobProfile.FormattedName)
  b.add('JobProfileAlias', j.JobProfile.Title, j.JobProfile.Alias)
  b.add('JobProfileRelatedSkills', ...j.JobProfile.RelatedSkills)
  b.add('Organization', j.Organization).add('StaffingAgency', j.StaffingAgency).addHidden('OrganizationWord', ...nameWords(j.Organization))
  b.add('JobLocation', j.JobLocation.Location).add('JobLocationCity', j.JobLocation.City)
  b.add('JobLocationState', j.JobLocation.State).addCoded('JobLocationCountry', j.JobLocation.Country, j.JobLocation.IsoCountryCode)
  b.add('JobLocationIsoCountryCode', j.JobLocation.IsoCountryCode).add('JobLocationZipCode', j.JobLocation.ZipCode)
  b.add('InterviewType', j.Interview.Type).add('InterviewDate', j.Interview.Date).add('InterviewTime', j.Interview.Time).add('InterviewLocation', j.Interview.Location)
  b.add('JobCode', j.JobCode).add('JobType', j.JobType).add('JobShift', j.JobShift).add('IndustryType', j.IndustryType).add('ContractDuration', j.ContractDuration)
  b.add('PreferredDemographicNationality', j.PreferredDemographic.Nationality).add('PreferredDemographicAgeLimit', j.PreferredDemographic.AgeLimit)
  b.add('MinimumYearsExperience', j.ExperienceRequired.MinimumYearsExperience).add('MaximumYearsExperience', j.ExperienceRequired.MaximumYearsExperience)
  b.add('SalaryMinAmount', j.SalaryOffered.MinAmount).add('SalaryMaxAmount', j.SalaryOffered.MaxAmount)
  b.add('Currency', j.SalaryOffered.Currency).add('Units', j.SalaryOffered.Units)
  b.add('Languages', ...j.Languages.flatMap((l) => [l.Language, l.LanguageCode]))
  b.add('Domains', ...j.Domains)
  for (const [entity, list] of [['QualificationsRequired', j.Qualifications.Required], ['QualificationsPreferred', j.Qualifications.Preferred]] as const) {
    for (const q of list) b.add(entity, q.NormalizeDegree || q.Degree).addHidden(entity, q.Level, q.Degree)
  }
  b.add('CertificationsRequired', ...j.Certifications.Required).add('CertificationsPreferred', ...j.Certifications.Preferred)
  b.add('RequiredSkillSet', ...j.Skills.Required.map((s) => s.FormattedName))
  b.add('PreferredSkillSet', ...j.Skills.Preferred.map((s) => s.FormattedName))
  b.add('AliasSkillSet', ...[...j.Skills.Required, ...j.Skills.Preferred].flatMap((s) => [s.Skill, s.Alias]))
  b.add('Category', j.Category).add('SubCategory', j.SubCategory)

  const point = located(j.JobLocation.Latitude ? Number(j.JobLocation.Latitude) : null, j.JobLocation.Longitude ? Number(j.JobLocation.Longitude) : null, b)
  const min = amount(j.ExperienceRequired.MinimumYearsExperience)
  const max = amount(j.ExperienceRequired.MaximumYearsExperience)
  return {
    ...b,
    ...point,
    experienceMonths: min === null ? null : Math.round(min * 12),
    experienceMaxMonths: max === null ? null : Math.round(max * 12),
    salaryMin: amount(j.SalaryOffered.MinAmount),
    salaryMax: amount(j.SalaryOffered.MaxAmount),
    checksum: checksum(j, ['ParsingDate', 'JDFileName']),
  }
}

/**
 * The document's point, and its grid cells among the entities (GeoCell: not shown, not searchable by
 * clients; radius searches look them up, src/entity/geo-cell.ts).
 */
function located(latitude: number | null, longitude: number | null, b: EntityBuilder): { latitude: number | null; longitude: number | null } {
  if (latitude !== null && longitude !== null) b.addHidden('GeoCell', ...geoCells(latitude, longitude))
  return { latitude, longitude }
}

function amount(text: string): number | null {
  if (text.trim() === '') return null
  const value = Number(text)
  return Number.isFinite(value) ? value : null
}

/** dd/MM/yyyy as a sortable number; "" sorts first. */
function dateKey(date: string): number {
  const [d, m, y] = date.split('/').map(Number)
  return y ? y * 10000 + (m ?? 0) * 100 + (d ?? 0) : 0
}

/** The output's hash without the fields that change from one parse of the same file to the next. */
function checksum(data: object, volatile: string[]): string {
  const stable = Object.fromEntries(Object.entries(data).filter(([key]) => !volatile.includes(key)))
  return createHash('sha256').update(JSON.stringify(stable)).digest('hex')
}

/** The entity holding a document's language (its name and code), for each index type. */
export function languageEntity(type: IndexType): 'ResumeLanguage' | 'JDLanguage' {
  return type === 'Resume' ? 'ResumeLanguage' : 'JDLanguage'
}
