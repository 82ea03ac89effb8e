import * as v from 'valibot'

/**
 * JD parser output, version 3: the object clients decode from `doc` for a job description.
 * Conventions as in resume-output.ts ("" or [] for missing values, dates dd/MM/yyyy); this schema is
 * the source of the types, of docs/jd-output-3.schema.json and of /index validation.
 */
const text = v.string()
const described = (description: string) => v.pipe(v.string(), v.description(description))

export const JdSkillSchema = v.object({
  Skill: described('as written'),
  FormattedName: described('canonical English name'),
  Type: described('OperationalSkill or BehaviorSkill'),
  Alias: text,
})

export const JdQualificationSchema = v.object({ Degree: described('as written'), NormalizeDegree: text, Level: text })

export const JobLocationSchema = v.object({
  Location: described('as written, or City, State, Country'),
  City: text,
  State: text,
  Country: text,
  IsoCountryCode: text,
  ZipCode: text,
  Latitude: text,
  Longitude: text,
})

const requiredPreferred = <T extends v.GenericSchema>(item: T) => v.object({ Required: v.array(item), Preferred: v.array(item) })

export const JDParsedDataSchema = v.object({
  OutputVersion: v.literal('3'),
  JDFileName: text,
  ParsingDate: text,
  JDLanguage: v.object({ Language: text, LanguageCode: text }),
  JobProfile: v.object({ Title: described('as written, without gender markers'), FormattedName: described('canonical English title'), Alias: text, RelatedSkills: v.array(text) }),
  Organization: text,
  StaffingAgency: described('the agency, when it writes for a client'),
  JobLocation: JobLocationSchema,
  JobCode: text,
  JobType: described('Full Time, Part Time, Contract, Temporary, Internship, Freelance, Permanent or Apprenticeship'),
  JobShift: described('Day, Night, Rotating, Weekend or Flexible'),
  WorkMode: described('Remote, Hybrid or On-site'),
  IndustryType: text,
  ContractDuration: text,
  Interview: v.object({ Type: text, Date: text, Time: text, Location: text }),
  PreferredDemographic: v.object({ Nationality: text, AgeLimit: text }),
  ExperienceRequired: v.object({ MinimumYearsExperience: text, MaximumYearsExperience: text }),
  SalaryOffered: v.object({ MinAmount: text, MaxAmount: text, Currency: text, Units: text }),
  Languages: v.array(v.object({ Language: text, LanguageCode: text, Level: text })),
  Domains: v.array(text),
  Qualifications: requiredPreferred(JdQualificationSchema),
  Certifications: requiredPreferred(text),
  Skills: requiredPreferred(JdSkillSchema),
  Category: text,
  SubCategory: text,
  JobDescription: described('the text the parser read'),
})

export const JdOutputSchema = v.object({ JDParsedData: JDParsedDataSchema })

export type JdOutput = v.InferOutput<typeof JdOutputSchema>
export type JDParsedData = v.InferOutput<typeof JDParsedDataSchema>
export type JdSkill = v.InferOutput<typeof JdSkillSchema>
export type JdQualification = v.InferOutput<typeof JdQualificationSchema>
export type JobLocation = v.InferOutput<typeof JobLocationSchema>
