import { experienceYearSteps, impliedTitle, languageEntity, normaliseValue, type SearchableDocument } from '../entity/entities.js'
import type { IndexType } from '../entity/entity-names.js'
import type { CandidateTier, Condition, ConditionValue, GeoCondition, SearchQuery } from '../search/query.js'

/**
 * The match model: how a parsed document (the source) is compared with indexed documents of a type
 * (the target). Directional: a JD looking for resumes asks "does the candidate have what the job needs",
 * a resume looking for JDs "does the job fit what the candidate has". Every comparison is on canonical,
 * language-independent values where the vocabulary knows them (a German JD finds English, Polish and Italian
 * candidates), else on titles as written.
 * Weights are out of 100 and documented in docs/matching.md.
 */
interface Rule {
  /** Entity name shown in explanations. */
  entity: string
  /** Source entities whose values are looked for. */
  from: string[]
  /** Source entities whose values are looked for when `from` has none (a title known only as written). */
  orElse?: string[]
  /** Target entities they are looked for in. */
  to: string[]
  weight: number
  /** Measure against the target's own values (how much of the JD the resume covers). */
  coverage?: 'document'
  /**
   * Look for each value with years (stored as JobProfileYears: "java developer|3"): the score is the
   * share of the source's required years (yearSteps) the target has spent in the role.
   */
  years?: true
}

const rules: Record<`${IndexType}->${IndexType}`, Rule[]> = {
  'JD->Resume': [
    { entity: 'CurrentJobProfile', from: ['JobProfileFormattedName', 'JobProfileTitle'], to: ['CurrentJobProfile'], weight: 25 },
    { entity: 'JobProfile', from: ['JobProfileFormattedName', 'JobProfileTitle'], to: ['JobProfile'], weight: 10 },
    { entity: 'JobProfileExperience', from: ['JobProfileFormattedName'], orElse: ['JobProfileTitle'], to: ['JobProfileYears'], weight: 10, years: true },
    // The job family (the title vocabulary's subcategory): a Data Engineer JD finds Data Analysts too, below Data Engineers.
    { entity: 'JobFamily', from: ['SubCategory'], to: ['SubCategory'], weight: 5 },
    // Required skills count twice when the candidate used them in a job, once when only listed.
    { entity: 'RequiredSkillSet', from: ['RequiredSkillSet'], to: ['SkillHaveExp'], weight: 8 },
    { entity: 'RequiredSkillSet', from: ['RequiredSkillSet'], to: ['SkillHaveExp', 'SkillWithoutExp'], weight: 7 },
    { entity: 'PerferredSkillSet', from: ['PreferredSkillSet'], to: ['SkillHaveExp', 'SkillWithoutExp'], weight: 5 },
    { entity: 'QualificationsRequired', from: ['QualificationsRequired'], to: ['Degree'], weight: 5 },
    { entity: 'Organization', from: ['Organization'], to: ['Employer'], weight: 5 },
    { entity: 'Languages', from: ['Languages'], to: ['LanguageKnown'], weight: 5 },
  ],
  'Resume->JD': [
    { entity: 'JobProfileTitle', from: ['CurrentJobProfile'], to: ['JobProfileTitle'], weight: 25 },
    { entity: 'JobProfile', from: ['JobProfile'], to: ['JobProfileTitle'], weight: 10 },
    { entity: 'JobFamily', from: ['SubCategory'], to: ['SubCategory'], weight: 5 },
    { entity: 'RequiredSkillSet', from: ['SkillHaveExp', 'SkillWithoutExp'], to: ['RequiredSkillSet'], weight: 15, coverage: 'document' },
    { entity: 'PerferredSkillSet', from: ['SkillHaveExp', 'SkillWithoutExp'], to: ['PreferredSkillSet'], weight: 5, coverage: 'document' },
    { entity: 'QualificationsRequired', from: ['Degree'], to: ['QualificationsRequired'], weight: 5 },
    { entity: 'Organization', from: ['Employer'], to: ['Organization'], weight: 5 },
    { entity: 'Languages', from: ['LanguageKnown'], to: ['Languages'], weight: 5 },
  ],
  'Resume->Resume': [
    { entity: 'CurrentJobProfile', from: ['CurrentJobProfile'], to: ['CurrentJobProfile'], weight: 25 },
    { entity: 'JobProfile', from: ['JobProfile'], to: ['JobProfile'], weight: 10 },
    { entity: 'JobFamily', from: ['SubCategory'], to: ['SubCategory'], weight: 5 },
    { entity: 'Skill', from: ['SkillHaveExp', 'SkillWithoutExp'], to: ['SkillHaveExp', 'SkillWithoutExp'], weight: 20 },
    { entity: 'Degree', from: ['Degree'], to: ['Degree'], weight: 5 },
    { entity: 'Employer', from: ['Employer'], to: ['Employer'], weight: 5 },
    { entity: 'LanguageKnown', from: ['LanguageKnown'], to: ['LanguageKnown'], weight: 5 },
  ],
  'JD->JD': [
    { entity: 'JobProfileTitle', from: ['JobProfileFormattedName', 'JobProfileTitle'], to: ['JobProfileTitle'], weight: 35 },
    { entity: 'JobFamily', from: ['SubCategory'], to: ['SubCategory'], weight: 5 },
    { entity: 'RequiredSkillSet', from: ['RequiredSkillSet'], to: ['RequiredSkillSet'], weight: 10 },
    { entity: 'PerferredSkillSet', from: ['PreferredSkillSet'], to: ['PreferredSkillSet'], weight: 5 },
    { entity: 'QualificationsRequired', from: ['QualificationsRequired'], to: ['QualificationsRequired'], weight: 5 },
    { entity: 'Organization', from: ['Organization'], to: ['Organization'], weight: 5 },
    { entity: 'IndustryType', from: ['IndustryType'], to: ['IndustryType'], weight: 5 },
    { entity: 'Domains', from: ['Domains'], to: ['Domains'], weight: 5 },
    { entity: 'Languages', from: ['Languages'], to: ['Languages'], weight: 5 },
  ],
}

/** Degree levels from lowest to highest (vocab/degrees.tsv ranks them 2 to 8). */
const levels = ['certificate', 'secondary', 'vocational', 'associate', 'bachelor', 'master', 'doctorate']

/**
 * A degree requirement is met by its level or a higher one: a JD asking for a Bachelor accepts a Master;
 * a resume's Master meets a JD asking for a Bachelor. Other values pass through.
 */
function degreeLevels(rule: Rule, values: string[], sourceType: IndexType): string[] {
  if (!rule.to.some((key) => /Degree|Qualifications/.test(key))) return values
  const ranks = values.map((v) => levels.indexOf(v)).filter((rank) => rank >= 0)
  if (ranks.length === 0) return values
  // From a JD: every level at or above its lowest requirement; from a resume: every level at or below its highest.
  const accepted = sourceType === 'JD' ? levels.slice(Math.min(...ranks)) : levels.slice(0, Math.max(...ranks) + 1)
  return [...new Set([...values, ...accepted])]
}

/**
 * The steps of experienceYearSteps up to the years the source asks for ("5 years": 1, 2, 3, 5), or
 * just 1 (has done the job) when it asks for none: a candidate is measured against the requirement,
 * not rewarded for seniority beyond it.
 */
function yearSteps(source: SearchableDocument): number[] {
  const required = (source.experienceMonths ?? 0) / 12
  const steps = experienceYearSteps.filter((years) => years <= required)
  return steps.length > 0 ? steps : [experienceYearSteps[0]!]
}

/** Experience, location and keywords weigh the same in every direction. */
const experienceWeight = 10
const locationWeight = 20
/** The Keywords part (keyword-score.ts keywordShares): the source's words in the target's text, by rarity; why 40: docs/matching.md. */
const keywordsWeight = 40
/** Beyond this distance the location scores nothing; it never excludes. */
const locationRadiusKm = 100

export interface MatchModel {
  conditions: Condition[]
  geo?: GeoCondition
  keywords?: NonNullable<SearchQuery['keywords']>
}

/**
 * `parsed`, the source's parser output, brings in the Keywords part (its text's words); without it the
 * model compares entities, experience and location only.
 */
export function matchModel(sourceType: IndexType, source: SearchableDocument, targetType: IndexType, parsed?: unknown): MatchModel {
  const conditions: Condition[] = []
  for (const rule of rules[`${sourceType}->${targetType}`]) {
    const valuesOf = (entities: string[] = []) => [...new Set(entities.flatMap((entity) => source.entities[entity] ?? []))]
    const from = valuesOf(rule.from).length > 0 ? rule.from : rule.orElse ?? rule.from
    const found = degreeLevels(rule, valuesOf(from), sourceType)
    if (found.length === 0) continue
    const values = rule.years ? found.flatMap((value) => yearSteps(source).map((years) => `${value}|${years}`)) : found
    const shownAs = new Map(from.flatMap((e) => (source.display[e] ?? []).map((text) => [normaliseValue(text), text] as const)))
    const shown = (value: string) => {
      const [name, years] = rule.years ? value.split('|') : [value]
      return years ? `${shownAs.get(name!) ?? name} ${years}+ years` : shownAs.get(value) ?? value
    }
    conditions.push({
      entity: rule.entity,
      keys: rule.to,
      values: values.map((value): ConditionValue => ({ type: 'exact', value, shown: shown(value) })),
      operator: 'OR',
      kind: 'Optional',
      weight: rule.weight,
      ...(rule.coverage ? { coverage: rule.coverage } : {}),
      // A title, degree, employer or industry matches or not; skills and languages earn a share.
      ...(rule.years || /Skill|Language/.test(rule.entity) ? {} : { anyValue: true }),
    })
  }
  const experience = experienceCondition(sourceType, source, targetType)
  if (experience) conditions.push(experience)

  const geo = source.latitude !== null && source.longitude !== null
    ? {
        latitude: source.latitude,
        longitude: source.longitude!,
        radiusMeters: locationRadiusKm * 1000,
        weight: locationWeight,
        filter: false,
        place: { city: '', state: '', country: '', latitude: source.latitude, longitude: source.longitude!, radius: locationRadiusKm, distanceUnit: 'KM' },
      }
    : undefined
  const keywords = parsed === undefined ? undefined : { sourceType, parsed, weight: keywordsWeight, languages: source.entities[languageEntity(sourceType)] ?? [] }
  const fixed = (geo ? locationWeight : 0) + (keywords ? keywordsWeight : 0)
  return { conditions: scaleTo(conditions, 100 - fixed), ...(geo ? { geo } : {}), ...(keywords ? { keywords } : {}) }
}

/**
 * JD -> Resume: the candidate has at least the minimum (and not more than two years above a maximum);
 * Resume -> JD: the job asks for no more than the candidate has; like for like: within two years.
 */
function experienceCondition(sourceType: IndexType, source: SearchableDocument, targetType: IndexType): Condition | undefined {
  const months = source.experienceMonths
  if (months === null) return undefined
  const slack = 24
  let value: ConditionValue
  if (sourceType === 'JD' && targetType === 'Resume') {
    value = { type: 'months', min: months, ...(source.experienceMaxMonths !== null ? { max: source.experienceMaxMonths + slack } : {}), column: 'experience_months', shown: `${months / 12}+ years` }
  } else if (sourceType === 'Resume' && targetType === 'JD') {
    value = { type: 'months', min: 0, max: months, column: 'experience_months', shown: `up to ${Math.round(months / 12)} years` }
  } else {
    value = { type: 'months', min: Math.max(0, months - slack), max: months + slack, column: 'experience_months', shown: `${Math.round(months / 12)} years ± 2` }
  }
  return { entity: sourceType === 'JD' ? 'ExperienceRequired' : 'TotalExperienceInYear', keys: [], values: [value], operator: 'OR', kind: 'Optional', weight: experienceWeight }
}

/** Only the comparisons the source has values for take part; their weights are scaled to the total. */
function scaleTo(conditions: Condition[], total: number): Condition[] {
  const sum = conditions.reduce((a, c) => a + c.weight, 0)
  if (sum === 0) return conditions
  const scaled = conditions.map((c) => ({ ...c, weight: Math.round((c.weight * total * 100) / sum) / 100 }))
  const last = scaled.length - 1
  scaled[last]!.weight = Math.round((total - scaled.slice(0, last).reduce((a, c) => a + c.weight, 0)) * 100) / 100
  return scaled
}

/**
 * The search a match runs: the model's conditions and distance on top of the request's common options.
 * With `matchIds`, exactly those documents are scored, whatever they share with the source; otherwise
 * up to `perTier` candidates from each tier, strongest first, and twice `perTier` in all (config
 * MATCH_CANDIDATES_PER_TIER: 500, so a match scores at most 1,000 documents whatever the index size).
 * Undefined when the source has nothing to compare: a match then finds nothing.
 */
export function matchQuery(model: MatchModel, common: Omit<SearchQuery, 'conditions' | 'explainKey'>, bound: { matchIds?: string[] | undefined; perTier: number }): SearchQuery | undefined {
  if (model.conditions.length === 0) return undefined
  return {
    ...common,
    conditions: model.conditions,
    ...(model.geo ? { geo: model.geo } : {}),
    ...(model.keywords ? { keywords: model.keywords } : {}),
    ...(bound.matchIds
      ? { includeIds: bound.matchIds, requireAnyOptional: false }
      : { candidates: { tiers: candidateTiers(model), perTier: bound.perTier } }),
    explainKey: 'Match',
  }
}

/**
 * Candidate tiers, strongest first: a title and a skill in common near the source; a title and a skill;
 * a title; a skill; anything else in common (degree, employer, languages, industry). Titles and skills
 * carry most of the weight, so the documents that would rank first are found in the first tiers, each
 * answered by the GIN (and GiST) indexes.
 */
function candidateTiers(model: MatchModel): CandidateTier[] {
  // Experience and the job family only score: most documents meet a minimum of years, and a family
  // holds thousands of documents, so as ways in they would fill the budget with weak candidates.
  const entities = model.conditions.filter((c) => c.entity !== 'JobFamily' && c.values.every((v) => v.type !== 'months'))
  const titles = entities.filter((c) => /JobProfile/.test(c.entity))
  const skills = entities.filter((c) => /Skill/.test(c.entity))
  const other = lookupGroup(entities.filter((c) => !titles.includes(c) && !skills.includes(c)))
  const title = lookupGroup(titles)
  const skill = lookupGroup(skills)
  const tiers: CandidateTier[] = []
  const add = (groups: Condition[][], near = false, oneValueAtATime = false) => {
    if (groups.some((group) => group.length === 0) || (near && !model.geo)) return
    tiers.push({ groups, near, ...(oneValueAtATime ? { oneValueAtATime } : {}) })
  }
  add([title, skill], true)
  add([title, skill])
  add([title])
  // Skills, degrees and languages are looked up one value at a time: a JD's dozen skills include a
  // few that a large part of the index has, and ORing them all built a bitmap of that part just to
  // take 500 (docs/benchmarks.md).
  add([skill], false, true)
  add([other], false, true)
  return tiers
}

/**
 * The conditions of a candidate tier's group that looking it up needs. A tier takes documents that meet
 * any condition of the group, so a condition whose every document another condition of the group
 * already finds adds only index work: the JD's required skills as SkillHaveExp beside the same skills
 * as SkillHaveExp or SkillWithoutExp, or a JD title looked for as CurrentJobProfile, JobProfile and
 * JobProfileYears, where JobProfile alone finds them all (one GIN lookup instead of five, each of a
 * common title's long posting list; docs/matching.md). Scoring still uses every condition.
 */
export function lookupGroup(group: Condition[]): Condition[] {
  const pair = (key: string, value: string) => `${key}\u0000${value}`
  const pairs = group.map((c) => new Set(c.values.flatMap((v) => (v.type === 'exact' ? c.keys.map((key) => pair(key, v.value)) : []))))
  // Every value of `a`, under every one of its entities, is one of b's or implies one of b's.
  const coveredBy = (a: number, b: number) =>
    group[a]!.values.every((v) => v.type === 'exact' && group[a]!.keys.every((key) => {
      const implied = impliedTitle(key, v.value)
      return pairs[b]!.has(pair(key, v.value)) || (implied !== undefined && pairs[b]!.has(pair('JobProfile', implied)))
    }))
  const kept: number[] = []
  group.forEach((_, a) => {
    // Of two conditions that cover each other, the first is kept.
    const redundant = group.some((__, b) => b !== a && coveredBy(a, b) && !(coveredBy(b, a) && b > a))
    if (!redundant) kept.push(a)
  })
  return kept.map((a) => group[a]!)
}
