import * as v from 'valibot'
import type { FieldCodes } from './field-codes.js'

/** Issue 6: skill gap detection (spec 4.10). A resume, and a JD or a job title to compare it with. */
export const SkillGapRequest = v.object({
  userkey: v.string(),
  subuserid: v.string(),
  filename: v.pipe(v.string(), v.minLength(1), v.description('the resume\'s file name, with its extension')),
  filedata: v.pipe(v.string(), v.description('the resume, base64')),
  jdfilename: v.optional(v.pipe(v.string(), v.minLength(1))),
  jdfiledata: v.optional(v.pipe(v.string(), v.description('a JD to compare with, base64'))),
  jobtitle: v.optional(v.pipe(v.string(), v.description('a job title to compare with, in any of the six languages'))),
})

export const skillGapCodes: Record<string, FieldCodes> = {
  filedata: { missing: 1014, invalid: 1015 },
  filename: { missing: 1016, invalid: 1017 },
}

const Skill = v.object({ Skill: v.string(), FormattedName: v.string() })

/** The response, for the OpenAPI document. */
export const SkillGapResponse = v.object({
  Target: v.object({
    Type: v.pipe(v.picklist(['JD', 'JobTitle', 'CurrentJobTitle']), v.description('what the resume was compared with')),
    Title: v.string(),
    FormattedName: v.string(),
  }),
  MatchedSkills: v.array(v.object({ ...Skill.entries, Need: v.picklist(['Required', 'Preferred']), Evidence: v.string(), ExperienceInMonths: v.string() })),
  MissingSkills: v.object({ Required: v.array(Skill), Preferred: v.array(Skill) }),
  RelatedSkills: v.pipe(v.array(Skill), v.description('skills typical of the target\'s job family that the resume lacks: what to learn next')),
  CoverageScore: v.pipe(v.number(), v.description('0-100: required skills count twice, preferred once')),
})
