import type { ResumeOutput } from '../src/parser/resume-output.js'
import type { NameParts, SkillParts } from './match.js'

/** The parser's answer for each scored field, read from resume output 8. */
export interface Predicted {
  language: string
  name: NameParts
  emails: string[]
  phones: string[]
  /** The address's most specific place: its city, else its region, else its country. */
  city: string
  currentTitle: string
  currentEmployer: string
  titles: string[]
  employers: string[]
  institutes: string[]
  degrees: string[]
  skills: SkillParts[]
  totalExperienceMonths: number
}

/** Reads the values the harness compares; empty strings are no prediction. */
export function predictedFields(output: ResumeOutput): Predicted {
  const d = output.ResumeParserData
  const present = (values: string[]) => values.filter((value) => value.trim() !== '')
  return {
    language: d.ResumeLanguage.LanguageCode,
    name: d.Name,
    emails: present(d.Email.map((e) => e.EmailAddress)),
    phones: present(d.PhoneNumber.map((p) => p.FormattedNumber || p.Number)),
    city: d.Address[0] ? d.Address[0].City || d.Address[0].State || d.Address[0].Country : '',
    currentTitle: d.JobProfile,
    currentEmployer: d.CurrentEmployer,
    titles: present(d.SegregatedExperience.map((e) => e.JobProfile.Title)),
    employers: present(d.SegregatedExperience.map((e) => e.Employer.EmployerName)),
    institutes: present(d.SegregatedQualification.map((q) => q.Institution.Name)),
    degrees: present(d.SegregatedQualification.map((q) => q.Degree.DegreeName)),
    skills: d.SegregatedSkill.map(({ Skill, FormattedName }) => ({ Skill, FormattedName })),
    totalExperienceMonths: Number(d.WorkedPeriod.TotalExperienceInMonths) || 0,
  }
}
