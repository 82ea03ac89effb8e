import * as v from 'valibot'

/**
 * Resume parser output, version 8: the object clients decode from `doc` (base64 JSON).
 *
 * Field names are the ones the industry's clients already read. Empty values are "" or [] rather than
 * absent, so a client can read any path without checking it exists. Dates are dd/MM/yyyy; a month-only
 * date is the first of the month, a year-only date the first of January. This schema is the single
 * source: the TypeScript types below, docs/resume-output-8.schema.json (npm run docs:schemas) and the
 * validation of parser output clients send to /index all come from it. docs/entities.md maps every
 * searchable entity name (spec 2.3) to its path here.
 */
const text = v.string()
const described = (description: string) => v.pipe(v.string(), v.description(description))

export const PlaceSchema = v.object({ City: text, State: text, Country: text })

export const AddressSchema = v.object({
  Type: described('Current (where the candidate lives) or Permanent'),
  Street: text,
  City: text,
  State: text,
  StateIsoCode: text,
  Country: text,
  CountryCode: described('ISO 3166-1 alpha-2'),
  ZipCode: text,
  Latitude: described('of the city, from the gazetteer; "" when unknown'),
  Longitude: text,
})

export const SalarySchema = v.object({
  Amount: text,
  Currency: described('ISO 4217'),
  Unit: described('Yearly, Monthly, Weekly, Daily or Hourly'),
})

export const PhoneNumberSchema = v.object({
  Number: described('as written in the resume'),
  FormattedNumber: described('E.164 (+4915112345678) when the country is known'),
  ISDCode: text,
  Type: described('Mobile, Landline or Phone'),
})

export const ExperienceSchema = v.object({
  Employer: v.object({ EmployerName: text }),
  JobProfile: v.object({ Title: described('as written'), FormattedName: described('canonical English title'), Alias: text }),
  Location: PlaceSchema,
  StartDate: text,
  EndDate: text,
  ExperienceInMonths: text,
  IsCurrentEmployer: v.picklist(['true', 'false']),
  JobDescription: text,
})

export const QualificationSchema = v.object({
  Institution: v.object({ Name: text, Location: PlaceSchema }),
  Degree: v.object({ DegreeName: text, NormalizeDegree: text, Level: described('Doctorate, Master, Bachelor, Associate, Vocational, Secondary or Certificate') }),
  StartDate: text,
  EndDate: text,
})

export const SkillSchema = v.object({
  Skill: described('as written'),
  FormattedName: described('canonical English name'),
  Type: described('OperationalSkill (hard) or BehaviorSkill (soft)'),
  Alias: text,
  Evidence: v.picklist(['SkillHaveExp', 'SkillWithoutExp']),
  ExperienceInMonths: text,
  LastUsed: text,
})

export const CertificationSchema = v.object({ CertificationTitle: text, Authority: text, StartDate: text, EndDate: text })

export const ResumeParserDataSchema = v.object({
  OutputVersion: v.literal('8'),
  ResumeFileName: text,
  ParsingDate: text,
  ResumeLanguage: v.object({ Language: text, LanguageCode: described('en, es, de, fr, pl or it') }),
  ResumeCountry: v.object({ Country: text, CountryCode: text }),
  Name: v.object({ FullName: text, TitleName: text, FirstName: text, MiddleName: text, LastName: text }),
  DateOfBirth: text,
  Gender: text,
  MaritalStatus: text,
  Nationality: text,
  LanguageKnown: v.array(v.object({ Language: text, LanguageCode: text, Level: described('CEFR level, or native, fluent, advanced, intermediate, basic') })),
  Email: v.array(v.object({ EmailAddress: text })),
  PhoneNumber: v.array(PhoneNumberSchema),
  WebSite: v.array(v.object({ Type: text, Url: text })),
  Address: v.array(AddressSchema),
  Category: described('job family of the current title'),
  SubCategory: text,
  CurrentSalary: SalarySchema,
  ExpectedSalary: SalarySchema,
  CurrentEmployer: text,
  JobProfile: described('current job title as written'),
  WorkedPeriod: v.object({
    TotalExperienceInMonths: text,
    TotalExperienceInYear: text,
    TotalExperienceRange: described('Less than 1 year, 1 to 3 years, 3 to 5 years, 5 to 10 years, 10 to 15 years, More than 15 years'),
  }),
  SegregatedExperience: v.array(ExperienceSchema),
  SegregatedQualification: v.array(QualificationSchema),
  SegregatedSkill: v.array(SkillSchema),
  SegregatedCertification: v.array(CertificationSchema),
  PreferredLocation: v.array(PlaceSchema),
  Summary: text,
  DetailResume: described('the text the parser read'),
})

export const ResumeOutputSchema = v.object({ ResumeParserData: ResumeParserDataSchema })

export type ResumeOutput = v.InferOutput<typeof ResumeOutputSchema>
export type ResumeParserData = v.InferOutput<typeof ResumeParserDataSchema>
export type Place = v.InferOutput<typeof PlaceSchema>
export type Address = v.InferOutput<typeof AddressSchema>
export type Salary = v.InferOutput<typeof SalarySchema>
export type PhoneNumber = v.InferOutput<typeof PhoneNumberSchema>
export type Experience = v.InferOutput<typeof ExperienceSchema>
export type Qualification = v.InferOutput<typeof QualificationSchema>
export type Skill = v.InferOutput<typeof SkillSchema>
export type Certification = v.InferOutput<typeof CertificationSchema>
export type LanguageKnown = ResumeParserData['LanguageKnown'][number]
export type PersonName = ResumeParserData['Name']
