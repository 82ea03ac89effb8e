import { syntheticResume } from '../../bench/search/generate.js'
import { between, pick, seeded, type Random } from '../../bench/search/random.js'
import { drawMarket, type CorpusVocabulary } from '../../bench/search/vocab.js'
import { normaliseValue } from '../../src/entity/entities.js'
import type { JdOutput } from '../../src/parser/jd-output.js'
import type { ResumeOutput } from '../../src/parser/resume-output.js'

export { corpusVocabulary, type CorpusVocabulary } from '../../bench/search/vocab.js'
export { syntheticCorpus } from '../../bench/synthetic/generate.js'

/**
 * Generated documents of the shapes production sees, for the load and index-use tests: resumes as the
 * search benchmark generates them (bench/search/generate.ts: six markets, Zipf titles, skills and
 * cities with coordinates), with several spoken languages, custom values and sub-users added, and JDs
 * of the same vocabulary. Deterministic: the same seed and number give the same document.
 */
export interface CorpusDocument {
  indexType: 'Resume' | 'JD'
  id: string
  subUserId?: string
  customValue: Record<string, unknown>
  parsed: ResumeOutput | JdOutput
}

const languages = [['English', 'en'], ['German', 'de'], ['Spanish', 'es'], ['French', 'fr'], ['Polish', 'pl'], ['Italian', 'it']] as const
export const subUsers = ['team-0', 'team-1', 'team-2']
const sources = ['referral', 'agency', 'job board', 'career site']
const tags = ['remote', 'relocation', 'night shift', 'part time']
const statuses = ['applied', 'interview', 'offer', 'hired', 'rejected']

/** Sub-user and custom values by number: every shape the options read, in proportions that leave each a few hundred documents. */
function extras(random: Random, n: number): Pick<CorpusDocument, 'subUserId' | 'customValue'> {
  const customValue: Record<string, unknown> = {}
  if (n % 3 !== 0) customValue.source = pick(random, sources)
  if (n % 4 === 1) customValue.tags = tags.filter(() => random() < 0.4)
  // CVA_: an array of objects whose members are strings or string arrays.
  if (n % 5 === 2) customValue.jobs = Array.from({ length: between(random, 1, 3) }, () => ({ status: pick(random, statuses), jobId: [`job-${between(random, 1, 20)}`] }))
  return { ...(n % 4 === 0 ? {} : { subUserId: subUsers[n % subUsers.length]! }), customValue }
}

/** A resume of the benchmark's corpus that also speaks up to four more of the six languages. */
export function corpusResume(v: CorpusVocabulary, seed: number, n: number): CorpusDocument {
  const parsed = syntheticResume(v, seed, n)
  const random = seeded(seed * 3_000_017 + n)
  const known = parsed.ResumeParserData.LanguageKnown
  for (const [language, code] of languages) {
    if (known.length < 5 && !known.some((k) => k.LanguageCode === code) && random() < 0.3) known.push({ Language: language, LanguageCode: code, Level: pick(random, ['A2', 'B1', 'B2', 'C1']) })
  }
  return { indexType: 'Resume', id: `resume-${n}`, parsed, ...extras(random, n) }
}

/**
 * A JD as the parser outputs it (version 3): a title drawn as resumes draw theirs, most of its typical
 * skills and a few others (two thirds required), a city of the market with its coordinates, the
 * market's language and often English, years, a degree, and a text in the market's language.
 */
export function corpusJd(v: CorpusVocabulary, seed: number, n: number): CorpusDocument {
  const random = seeded(seed * 7_000_003 + n)
  const market = drawMarket(v, random())
  const place = market.cities.sample(random)
  const title = v.titles.sample(random)
  const skills = [...new Set([...title.skills.filter(() => random() < 0.8), ...Array.from({ length: between(random, 1, 5) }, () => v.skills.sample(random))])]
  const required = skills.slice(0, Math.ceil((skills.length * 2) / 3))
  const spoken = [[market.language.name, market.language.code], ...(market.language.code !== 'en' && random() < 0.6 ? [['English', 'en']] : []), ...(random() < 0.2 ? [pick(random, languages)] : [])]
  const minimum = random() < 0.8 ? between(random, 0, 8) : undefined
  const degree = random() < 0.6 ? pick(random, v.degrees) : undefined
  const t = market.template
  const skill = (s: string) => ({ Skill: s, FormattedName: s, Type: 'OperationalSkill', Alias: '' })
  const text = [title.canonical, `${t.labels.address}: ${place.city}`, ...t.summaries.map((s) => s.replace('{title}', title.canonical).replace('{years}', String(minimum ?? 1)).replace('{skill}', skills[0] ?? '')),
    `${t.headings.skills}: ${skills.join(', ')}`, ...t.bullets.slice(0, 3).map((b) => b.replace('{skill}', pick(random, skills)))].join('\n')
  const parsed: JdOutput = {
    JDParsedData: {
      OutputVersion: '3', JDFileName: `jd-${n}.docx`, ParsingDate: '01/06/2025',
      JDLanguage: { Language: market.language.name, LanguageCode: market.language.code },
      JobProfile: { Title: title.canonical, FormattedName: title.canonical, Alias: '', RelatedSkills: title.skills.slice(0, 10) },
      Organization: v.employers.sample(random), StaffingAgency: '',
      JobLocation: { Location: place.city, City: place.city, State: place.state, Country: place.country, IsoCountryCode: place.countryCode, ZipCode: '', Latitude: String(place.latitude), Longitude: String(place.longitude) },
      JobCode: `J-${n}`, JobType: pick(random, ['Full Time', 'Part Time', 'Contract']), JobShift: '', WorkMode: pick(random, ['Remote', 'Hybrid', 'On-site']),
      IndustryType: title.category, ContractDuration: '',
      Interview: { Type: '', Date: '', Time: '', Location: '' }, PreferredDemographic: { Nationality: '', AgeLimit: '' },
      ExperienceRequired: { MinimumYearsExperience: minimum === undefined ? '' : String(minimum), MaximumYearsExperience: minimum !== undefined && random() < 0.3 ? String(minimum + between(random, 2, 5)) : '' },
      SalaryOffered: random() < 0.5 ? { MinAmount: String(between(random, 30, 90) * 1000), MaxAmount: String(between(random, 91, 150) * 1000), Currency: 'EUR', Units: 'Yearly' } : { MinAmount: '', MaxAmount: '', Currency: '', Units: '' },
      Languages: spoken.map(([Language, LanguageCode]) => ({ Language: Language!, LanguageCode: LanguageCode!, Level: '' })),
      Domains: [title.subcategory],
      Qualifications: { Required: degree ? [{ Degree: degree.name, NormalizeDegree: degree.name, Level: degree.level }] : [], Preferred: [] },
      Certifications: { Required: [], Preferred: [] },
      Skills: { Required: required.map(skill), Preferred: skills.slice(required.length).map(skill) },
      Category: title.category, SubCategory: title.subcategory,
      JobDescription: text,
    },
  }
  return { indexType: 'JD', id: `jd-${n}`, parsed, ...extras(random, n) }
}

/**
 * What the tests check results against, read off a document's parser output: the values a client
 * searches for (canonical skill and title names, the gazetteer's city), compared as stored values are
 * (normaliseValue: accents folded, lower case), and as clients see them in records and facets.
 */
export interface Facts {
  id: string
  indexType: 'Resume' | 'JD'
  subUserId: string | undefined
  customValue: Record<string, unknown>
  skills: Set<string>
  titles: Set<string>
  city: string | undefined
  country: string | undefined
  shown: { skills: string[]; titles: string[]; city: string | undefined }
  latitude: number | undefined
  longitude: number | undefined
  /** Resume: total experience; JD: the minimum asked for. */
  months: number | undefined
  languageCodes: Set<string>
}

export function factsOf(doc: Pick<CorpusDocument, 'id' | 'indexType' | 'subUserId' | 'customValue' | 'parsed'>): Facts {
  const number = (text: string | undefined) => (text === undefined || text.trim() === '' ? undefined : Number(text))
  const common = { id: doc.id, indexType: doc.indexType, subUserId: doc.subUserId, customValue: doc.customValue }
  if (doc.indexType === 'Resume') {
    const r = (doc.parsed as ResumeOutput).ResumeParserData
    const address = r.Address[0]
    const skills = r.SegregatedSkill.map((s) => s.FormattedName)
    return {
      ...common,
      ...values(skills, r.SegregatedExperience.map((j) => j.JobProfile.FormattedName || j.JobProfile.Title), address?.City, address?.Country),
      latitude: number(address?.Latitude),
      longitude: number(address?.Longitude),
      months: number(r.WorkedPeriod.TotalExperienceInMonths),
      languageCodes: new Set(r.LanguageKnown.map((l) => l.LanguageCode)),
    }
  }
  const j = (doc.parsed as JdOutput).JDParsedData
  const years = number(j.ExperienceRequired.MinimumYearsExperience)
  return {
    ...common,
    ...values([...j.Skills.Required, ...j.Skills.Preferred].map((s) => s.FormattedName), [j.JobProfile.FormattedName || j.JobProfile.Title], j.JobLocation.City, j.JobLocation.Country),
    latitude: number(j.JobLocation.Latitude),
    longitude: number(j.JobLocation.Longitude),
    months: years === undefined ? undefined : Math.round(years * 12),
    languageCodes: new Set(j.Languages.map((l) => l.LanguageCode)),
  }
}

function values(skills: string[], titles: string[], city: string | undefined, country: string | undefined) {
  const key = (value: string | undefined) => (value ? normaliseValue(value) : undefined)
  return {
    skills: new Set(skills.map(normaliseValue)),
    titles: new Set(titles.filter(Boolean).map(normaliseValue)),
    city: key(city),
    country: key(country),
    shown: { skills, titles: titles.filter(Boolean), city: city || undefined },
  }
}

/** Great-circle distance on a sphere of 6,371 km; within half a percent of PostGIS's spheroid. */
export function haversineKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * rad
  const dLon = (b.longitude - a.longitude) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}
