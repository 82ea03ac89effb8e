/**
 * JD parser output, version 3: the object clients decode from `doc` for a job description.
 * Conventions as in resume-output.ts: "" or [] for missing values, dates dd/MM/yyyy.
 */
export interface JdOutput {
  JDParsedData: JDParsedData
}

export interface JDParsedData {
  OutputVersion: '3'
  JDFileName: string
  ParsingDate: string
  JDLanguage: { Language: string; LanguageCode: string }
  JobProfile: { Title: string; FormattedName: string; Alias: string; RelatedSkills: string[] }
  Organization: string
  StaffingAgency: string
  JobLocation: JobLocation
  JobCode: string
  /** Full Time, Part Time, Contract, Temporary, Internship, Freelance, Permanent, Apprenticeship. */
  JobType: string
  /** Day, Night, Rotating, Weekend, Flexible. */
  JobShift: string
  /** Remote, Hybrid or On-site, when the JD says. */
  WorkMode: string
  IndustryType: string
  ContractDuration: string
  Interview: { Type: string; Date: string; Time: string; Location: string }
  PreferredDemographic: { Nationality: string; AgeLimit: string }
  ExperienceRequired: { MinimumYearsExperience: string; MaximumYearsExperience: string }
  SalaryOffered: { MinAmount: string; MaxAmount: string; Currency: string; Units: string }
  Languages: Array<{ Language: string; LanguageCode: string; Level: string }>
  Domains: string[]
  Qualifications: { Required: JdQualification[]; Preferred: JdQualification[] }
  Certifications: { Required: string[]; Preferred: string[] }
  Skills: { Required: JdSkill[]; Preferred: JdSkill[] }
  Category: string
  SubCategory: string
  JobDescription: string
}

export interface JobLocation {
  Location: string
  City: string
  State: string
  Country: string
  IsoCountryCode: string
  ZipCode: string
  Latitude: string
  Longitude: string
}

export interface JdSkill {
  Skill: string
  FormattedName: string
  /** OperationalSkill or BehaviorSkill. */
  Type: string
  Alias: string
}

export interface JdQualification {
  Degree: string
  NormalizeDegree: string
  Level: string
}
