/**
 * Resume parser output, version 8: the object clients decode from `doc` (base64 JSON).
 *
 * Field names are the ones the industry's clients already read. Empty values are "" or [] rather than
 * absent, so a client can read any path without checking it exists. Dates are dd/MM/yyyy; a month-only
 * date is the first of the month, a year-only date the first of January.
 * docs/resume-output-8.schema.json is the same shape as a JSON Schema; docs/entities.md maps every
 * searchable entity name (spec 2.3) to its path here.
 */
export interface ResumeOutput {
  ResumeParserData: ResumeParserData
}

export interface ResumeParserData {
  OutputVersion: '8'
  ResumeFileName: string
  ParsingDate: string
  ResumeLanguage: { Language: string; LanguageCode: string }
  ResumeCountry: { Country: string; CountryCode: string }
  Name: PersonName
  DateOfBirth: string
  Gender: string
  MaritalStatus: string
  Nationality: string
  LanguageKnown: LanguageKnown[]
  Email: Array<{ EmailAddress: string }>
  PhoneNumber: PhoneNumber[]
  WebSite: Array<{ Type: string; Url: string }>
  Address: Address[]
  Category: string
  SubCategory: string
  CurrentSalary: Salary
  ExpectedSalary: Salary
  CurrentEmployer: string
  JobProfile: string
  WorkedPeriod: WorkedPeriod
  SegregatedExperience: Experience[]
  SegregatedQualification: Qualification[]
  SegregatedSkill: Skill[]
  SegregatedCertification: Certification[]
  PreferredLocation: Place[]
  Summary: string
  /** The text the parser read. */
  DetailResume: string
}

export interface PersonName {
  FullName: string
  TitleName: string
  FirstName: string
  MiddleName: string
  LastName: string
}

export interface LanguageKnown {
  Language: string
  LanguageCode: string
  /** CEFR level or native/fluent/advanced/intermediate/basic, when the resume says. */
  Level: string
}

export interface PhoneNumber {
  /** As written in the resume. */
  Number: string
  /** E.164 (+4915112345678) when the country is known, else the digits as written. */
  FormattedNumber: string
  ISDCode: string
  /** Mobile, Landline or Phone (unknown). */
  Type: string
}

export interface Place {
  City: string
  State: string
  Country: string
}

export interface Address extends Place {
  Street: string
  StateIsoCode: string
  CountryCode: string
  ZipCode: string
  /** Of the city, from the gazetteer; "" when unknown. */
  Latitude: string
  Longitude: string
}

export interface Salary {
  Amount: string
  Currency: string
  /** Yearly, Monthly, Weekly, Daily or Hourly. */
  Unit: string
}

export interface WorkedPeriod {
  TotalExperienceInMonths: string
  TotalExperienceInYear: string
  /** A bucket for facets: see `experienceRange` in extract/experience.ts. */
  TotalExperienceRange: string
}

export interface Experience {
  Employer: { EmployerName: string }
  JobProfile: { Title: string; FormattedName: string; Alias: string }
  Location: Place
  StartDate: string
  EndDate: string
  ExperienceInMonths: string
  IsCurrentEmployer: 'true' | 'false'
  JobDescription: string
}

export interface Qualification {
  Institution: { Name: string; Location: Place }
  Degree: { DegreeName: string; NormalizeDegree: string; Level: string }
  StartDate: string
  EndDate: string
}

export interface Skill {
  Skill: string
  FormattedName: string
  /** OperationalSkill (hard) or BehaviorSkill (soft). */
  Type: string
  Alias: string
  /** SkillHaveExp when it appears in a job's description, else SkillWithoutExp. */
  Evidence: 'SkillHaveExp' | 'SkillWithoutExp'
  ExperienceInMonths: string
  LastUsed: string
}

export interface Certification {
  CertificationTitle: string
  Authority: string
  StartDate: string
  EndDate: string
}
