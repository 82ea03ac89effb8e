import type { Address, Experience, Qualification, ResumeOutput, Skill } from '../../src/parser/resume-output.js'
import { between, normal, pick, seeded, type Random } from './random.js'
import { drawMarket, type CorpusVocabulary } from './vocab.js'

/** The corpus is dated as of this day, so experience and dates are the same on every run. */
const today = { year: 2025, month: 6 }

const experienceRanges: Array<[number, string]> = [
  [12, 'Less than 1 year'], [36, '1 to 3 years'], [60, '3 to 5 years'], [120, '5 to 10 years'], [180, '10 to 15 years'], [Infinity, 'More than 15 years'],
]

/**
 * Resume number `n` of the corpus, as the parser would have output it (version 8). Deterministic: the
 * same seed and number give the same resume, so a run can generate any slice without the ones before.
 *
 * Distributions: language by market share; city Zipf within the language's market; current title Zipf
 * over every canonical title (s = 0.9); 0-30 years of experience, log-normal around 6 years; skills are
 * most of the title's typical skills plus 2-12 Zipf draws over every canonical skill; 0-2 degrees.
 */
export function syntheticResume(v: CorpusVocabulary, seed: number, n: number): ResumeOutput {
  const random = seeded(seed * 1_000_003 + n)
  const market = drawMarket(v, random())
  const t = market.template
  // 1 in 10 candidates lives outside the market's usual cities (moved abroad, or a small town).
  const place = (random() < 0.9 ? market : drawMarket(v, random())).cities.sample(random)
  const years = Math.min(30, Math.max(0, Math.round(Math.exp(1.8 + 0.75 * normal(random)) - 1)))
  const months = years === 0 ? between(random, 0, 11) : years * 12 + between(random, 0, 11)
  const title = v.titles.sample(random)

  const first = pick(random, t.firstNames)
  const last = pick(random, t.lastNames)
  const jobs = experience(v, random, title.canonical, months, place.city, place.state, place.country)
  const skills = skillList(v, random, title.skills, months)
  const qualifications = degreesOf(v, random, t.institutes, place.city, place.country, years)
  const address: Address = {
    Type: 'Current', Street: '', City: place.city, State: place.state, StateIsoCode: place.stateCode, Country: place.country,
    CountryCode: place.countryCode, ZipCode: '', Latitude: String(place.latitude), Longitude: String(place.longitude),
  }
  const summary = pick(random, t.summaries).replace('{title}', title.canonical).replace('{years}', String(years)).replace('{skill}', skills[0]?.FormattedName ?? '')
  return {
    ResumeParserData: {
      OutputVersion: '8',
      ResumeFileName: `resume-${n}.pdf`,
      ParsingDate: '01/06/2025',
      ResumeLanguage: { Language: market.language.name, LanguageCode: market.language.code },
      ResumeCountry: { Country: place.country, CountryCode: place.countryCode },
      Name: { FullName: `${first} ${last}`, TitleName: '', FirstName: first, MiddleName: '', LastName: last },
      DateOfBirth: '',
      Gender: '',
      MaritalStatus: '',
      Nationality: '',
      LanguageKnown: [{ Language: market.language.name, LanguageCode: market.language.code, Level: 'native' }, ...(market.language.code !== 'en' && random() < 0.7 ? [{ Language: 'English', LanguageCode: 'en', Level: pick(random, ['B1', 'B2', 'C1', 'fluent']) }] : [])],
      Email: [{ EmailAddress: `${first}.${last}.${n}@${t.emailDomain}`.toLowerCase() }],
      PhoneNumber: [{ Number: `${t.phone.isd} ${pick(random, t.phone.prefixes)} ${String(n).padStart(t.phone.digits, '0')}`, FormattedNumber: '', ISDCode: t.phone.isd, Type: 'Mobile' }],
      WebSite: [],
      Address: [address],
      Category: title.category,
      SubCategory: title.subcategory,
      CurrentSalary: { Amount: '', Currency: '', Unit: '' },
      ExpectedSalary: { Amount: '', Currency: '', Unit: '' },
      CurrentEmployer: jobs[0]?.Employer.EmployerName ?? '',
      JobProfile: title.canonical,
      WorkedPeriod: {
        TotalExperienceInMonths: String(months),
        TotalExperienceInYear: (months / 12).toFixed(1),
        TotalExperienceRange: experienceRanges.find(([limit]) => months < limit)![1],
      },
      SegregatedExperience: jobs,
      SegregatedQualification: qualifications,
      SegregatedSkill: skills,
      SegregatedCertification: [],
      PreferredLocation: [],
      Summary: summary,
      // What the parser read, shortened: it sits in the stored output (and its size in the table) as in production.
      DetailResume: [`${first} ${last}`, `${place.city}, ${place.country}`, summary, ...jobs.map((j) => `${j.JobProfile.Title} - ${j.Employer.EmployerName} (${j.StartDate} - ${j.EndDate})\n${j.JobDescription}`), skills.map((s) => s.Skill).join(', ')].join('\n'),
    },
  }
}

/** 1-5 jobs covering the candidate's months, most recent (current) first; earlier titles often differ. */
function experience(v: CorpusVocabulary, random: Random, current: string, months: number, city: string, state: string, country: string): Experience[] {
  if (months < 3) return []
  const count = Math.min(5, 1 + Math.floor(months / 60) + between(random, 0, 1))
  const jobs: Experience[] = []
  let end = today.year * 12 + today.month - 1
  let left = months
  for (let i = 0; i < count && left > 0; i++) {
    const length = i === count - 1 ? left : Math.max(3, Math.round(left / (count - i) * (0.5 + random())))
    const start = end - Math.min(length, left)
    const title = i === 0 || random() < 0.6 ? current : v.titles.sample(random).canonical
    jobs.push({
      Employer: { EmployerName: v.employers.sample(random) },
      JobProfile: { Title: title, FormattedName: title, Alias: '' },
      Location: { City: city, State: state, Country: country },
      StartDate: date(start),
      EndDate: i === 0 ? '' : date(end),
      ExperienceInMonths: String(end - start),
      IsCurrentEmployer: i === 0 ? 'true' : 'false',
      JobDescription: `Responsible for ${title.toLowerCase()} work.`,
    })
    left -= end - start
    end = start - between(random, 0, 3)
  }
  return jobs
}

function skillList(v: CorpusVocabulary, random: Random, typical: string[], months: number): Skill[] {
  const names = new Set(typical.filter(() => random() < 0.7))
  const extra = between(random, 2, 12)
  for (let i = 0; i < extra; i++) names.add(v.skills.sample(random))
  return [...names].map((name) => ({
    Skill: name, FormattedName: name, Type: 'OperationalSkill', Alias: '',
    Evidence: random() < 0.6 ? 'SkillHaveExp' : 'SkillWithoutExp',
    ExperienceInMonths: String(Math.round(months * random())), LastUsed: '',
  }))
}

/** 0-2 degrees; a quarter of the candidates list none. */
function degreesOf(v: CorpusVocabulary, random: Random, institutes: string[], city: string, country: string, years: number): Qualification[] {
  const count = random() < 0.25 ? 0 : random() < 0.7 ? 1 : 2
  return Array.from({ length: count }, (_, i) => {
    const degree = pick(random, v.degrees)
    const endYear = today.year - years - i * 2
    return {
      Institution: { Name: pick(random, institutes), Location: { City: city, State: '', Country: country } },
      Degree: { DegreeName: degree.name, NormalizeDegree: degree.name, Level: degree.level },
      StartDate: `01/10/${endYear - 3}`,
      EndDate: `30/06/${endYear}`,
    }
  })
}

/** A month number (year * 12 + month - 1) as dd/MM/yyyy, the output's format. */
function date(month: number): string {
  return `01/${String((month % 12) + 1).padStart(2, '0')}/${Math.floor(month / 12)}`
}
