import type * as v from 'valibot'
import type { Account } from '../accounts/account-repository.js'
import { ApiError } from '../errors/api-error.js'
import { normaliseValue } from '../entity/entities.js'
import { decodeFileContent, extractDocument } from '../intake/index.js'
import { parseJd } from '../parser/jd.js'
import { parseResume } from '../parser/resume.js'
import type { TitleEntry } from '../parser/vocab/titles.js'
import { vocabulary } from '../parser/vocab/vocabulary.js'
import type { OperationRequest, PluginEnvelope } from '../schemas/operation-request.js'
import type { SkillGapRequest } from '../schemas/skill-gap-request.js'

/** How many skills to suggest learning. */
const relatedLimit = 10

/**
 * POST {plugin_url}/skillGapDetection (spec 4.10): which skills a resume has and misses for a target:
 * a JD (its required and preferred skills), else a job title (its typical skills), else the resume's
 * own current title. Skills compare by canonical name, so a Polish resume and an English JD agree.
 * RelatedSkills are what the target's job family commonly needs beyond that.
 */
export async function skillGapDetection(
  _deps: object,
  _account: Account,
  { body }: OperationRequest<v.InferOutput<typeof SkillGapRequest>, PluginEnvelope>,
) {
  const words = vocabulary()
  const resumeText = await extractDocument(decodeFileContent(body.filedata), body.filename, { images: false })
  const resume = parseResume(resumeText.text, { fileName: body.filename }).ResumeParserData
  const has = new Map(resume.SegregatedSkill.map((s) => [normaliseValue(s.FormattedName), s]))

  let target: { Type: 'JD' | 'JobTitle' | 'CurrentJobTitle'; Title: string; FormattedName: string }
  let required: string[]
  let preferred: string[] = []
  let family: TitleEntry | undefined
  if (body.jdfiledata !== undefined) {
    if (!body.jdfilename) throw new ApiError(1010, 'jdfilename: required with jdfiledata')
    const jdText = await extractDocument(decodeFileContent(body.jdfiledata), body.jdfilename, { images: false })
    const jd = parseJd(jdText.text, { fileName: body.jdfilename }).JDParsedData
    required = jd.Skills.Required.map((s) => s.FormattedName)
    preferred = jd.Skills.Preferred.map((s) => s.FormattedName)
    family = words.titles.byName.get(normaliseValue(jd.JobProfile.FormattedName))
    target = { Type: 'JD', Title: jd.JobProfile.Title, FormattedName: jd.JobProfile.FormattedName }
  } else {
    const title = body.jobtitle ?? resume.JobProfile
    family = title ? words.titles.index.lookup(title) ?? words.titles.index.find(title)[0]?.entry : undefined
    if (!family) throw new ApiError(1051, title || '(the resume names no current job)')
    required = family.skills.map(canonicalSkill)
    target = { Type: body.jobtitle !== undefined ? 'JobTitle' : 'CurrentJobTitle', Title: title, FormattedName: family.canonical }
  }

  const named = (name: string) => ({ Skill: name, FormattedName: name })
  const matched = [
    ...required.filter((s) => has.has(normaliseValue(s))).map((s) => ({ s, need: 'Required' as const })),
    ...preferred.filter((s) => has.has(normaliseValue(s))).map((s) => ({ s, need: 'Preferred' as const })),
  ].map(({ s, need }) => {
    const skill = has.get(normaliseValue(s))!
    return { Skill: skill.Skill, FormattedName: skill.FormattedName, Need: need, Evidence: skill.Evidence, ExperienceInMonths: skill.ExperienceInMonths }
  })
  const missing = {
    Required: required.filter((s) => !has.has(normaliseValue(s))).map(named),
    Preferred: preferred.filter((s) => !has.has(normaliseValue(s))).map(named),
  }
  const known = new Set([...has.keys(), ...required.map(normaliseValue), ...preferred.map(normaliseValue)])
  const related = family ? relatedSkills(family, known) : []

  const total = required.length * 2 + preferred.length
  const covered = matched.reduce((sum, m) => sum + (m.Need === 'Required' ? 2 : 1), 0)
  return {
    status: '200',
    Target: target,
    MatchedSkills: matched,
    MissingSkills: missing,
    RelatedSkills: related.map(named),
    CoverageScore: total === 0 ? 0 : Math.round((covered * 10000) / total) / 100,
  }
}

/** A title vocabulary's skill name as the skill vocabulary writes it ("Spring" -> "Spring Framework"). */
function canonicalSkill(name: string): string {
  return vocabulary().skills.index.lookup(name)?.canonical ?? name
}

/** The skills most common among the titles of the target's subcategory that the resume lacks. */
function relatedSkills(family: TitleEntry, known: Set<string>): string[] {
  const counts = new Map<string, number>()
  for (const title of vocabulary().titles.byName.values()) {
    if (title.subcategory !== family.subcategory || title.category !== family.category) continue
    for (const skill of title.skills.map(canonicalSkill)) {
      if (!known.has(normaliseValue(skill))) counts.set(skill, (counts.get(skill) ?? 0) + 1)
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, relatedLimit).map(([skill]) => skill)
}
