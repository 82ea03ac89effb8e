import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseResume } from '../../src/parser/resume.js'
import { skillMatches } from '../../src/parser/extract/skills.js'
import { vocabulary } from '../../src/parser/vocab/vocabulary.js'

const now = new Date('2026-11-22T12:00:00Z')
const parse = (language: string) =>
  parseResume(readFileSync(new URL(`../fixtures/parser/resume-${language}.txt`, import.meta.url), 'utf8'), { now }).ResumeParserData
const parseLines = (lines: string[]) => parseResume(lines.join('\n'), { now }).ResumeParserData

/** What a recruiter would check on each fixture: one fictional resume per language, each laid out differently. */
const expected = {
  en: { name: 'Emily Carter', phone: '+13125550142', city: 'Chicago', state: 'Illinois', country: 'US', title: 'Data Analyst', employer: 'Northwind Traders Inc.', months: 124, degree: 'Bachelor', institute: 'University of Illinois Urbana-Champaign', skills: ['Python', 'SQL', 'Tableau'], languages: { en: 'native', es: 'B2' } },
  de: { name: 'Katharina Schneider', phone: '+491712345678', city: 'Köln', state: 'North Rhine-Westphalia', country: 'DE', title: 'Accounting Manager', employer: 'Rheinland Logistik GmbH', months: 179, degree: 'Master', institute: 'Universität zu Köln', skills: ['Accounting', 'DATEV', 'Controlling'], languages: { de: 'native', en: 'fluent' } },
  es: { name: 'Javier Martínez López', phone: '+34612345678', city: 'Madrid', state: 'Madrid', country: 'ES', title: 'Critical Care Nurse', employer: 'Hospital Universitario La Paz', months: 159, degree: 'Bachelor', institute: 'Universidad Complutense de Madrid', skills: ['Intensive Care', 'Patient Care'], languages: { es: 'native', en: 'B1' } },
  fr: { name: 'Claire Dubois', phone: '+33612345678', city: 'Lyon', state: 'Auvergne-Rhône-Alpes', country: 'FR', title: 'Web Developer', employer: 'Atelier Numérique SAS', months: 117, degree: 'Master', institute: 'Université Claude Bernard Lyon 1', skills: ['React', 'TypeScript', 'Node.js', 'Teamwork'], languages: { fr: 'native', en: 'fluent' } },
  pl: { name: 'Anna Kowalska', phone: '+48601234567', city: 'Kraków', state: 'Lesser Poland Voivodeship', country: 'PL', title: 'Java Developer', employer: 'Comarch S.A.', months: 122, degree: 'Master', institute: 'Politechnika Krakowska', skills: ['Java', 'Spring Boot', 'PostgreSQL', 'Docker'], languages: { pl: 'native', en: 'B2' } },
  it: { name: 'Marco Rossi', phone: '+393331234567', city: 'Milan', state: 'Lombardy', country: 'IT', title: 'Software Developer', employer: 'Fincantieri S.p.A.', months: 135, degree: 'Master', institute: 'Politecnico di Milano', skills: ['C++', 'Python', 'Linux', 'Teamwork'], languages: { it: 'native', en: 'C1' } },
} as const

describe.each(Object.entries(expected))('resume in %s', (language, want) => {
  const data = parse(language)

  it('detects the language', () => {
    expect(data.ResumeLanguage.LanguageCode).toBe(language)
  })

  it('reads the name, email and phone (E.164)', () => {
    expect(data.Name.FullName).toBe(want.name)
    expect(data.Email[0]?.EmailAddress).toMatch(/@example\./)
    expect(data.PhoneNumber[0]?.FormattedNumber).toBe(want.phone)
  })

  it('places the address through the gazetteer, with coordinates', () => {
    const address = data.Address[0]!
    expect({ city: address.City, state: address.State, country: address.CountryCode }).toEqual({ city: want.city, state: want.state, country: want.country })
    expect(Number(address.Latitude)).not.toBeNaN()
    expect(data.ResumeCountry.CountryCode).toBe(want.country)
  })

  it('finds the current job with its canonical title and employer', () => {
    const current = data.SegregatedExperience.find((job) => job.IsCurrentEmployer === 'true')!
    expect(current.JobProfile.FormattedName).toBe(want.title)
    expect(data.CurrentEmployer).toBe(want.employer)
    expect(data.SegregatedExperience).toHaveLength(2)
  })

  it('totals the experience in months and years (one decimal)', () => {
    expect(Number(data.WorkedPeriod.TotalExperienceInMonths)).toBe(want.months)
    expect(Math.abs(Number(data.WorkedPeriod.TotalExperienceInYear) - want.months / 12)).toBeLessThanOrEqual(0.051)
  })

  it('reads the degree level and the institute', () => {
    expect(data.SegregatedQualification[0]?.Degree.Level).toBe(want.degree)
    expect(data.SegregatedQualification[0]?.Institution.Name).toBe(want.institute)
  })

  it('finds skills by their canonical names', () => {
    expect(data.SegregatedSkill.map((s) => s.FormattedName)).toEqual(expect.arrayContaining([...want.skills]))
  })

  it('reads the languages known with their levels', () => {
    expect(Object.fromEntries(data.LanguageKnown.map((l) => [l.LanguageCode, l.Level]))).toEqual(want.languages)
  })
})

describe('resumes whose line breaks were lost (one long line)', () => {
  // Known limits there: a title written above its dates runs into the previous job's last line, and a
  // one-word heading in Title case ("Formation") is not taken for a heading, so the education period
  // after it may be read as one more job. The name, the current job and the jobs' periods are found.
  it.each(Object.keys(expected))('%s: finds the name, the current job and every job\'s period', (language) => {
    const text = readFileSync(new URL(`../fixtures/parser/resume-${language}.txt`, import.meta.url), 'utf8')
    const flat = parseResume(text.split('\n').filter(Boolean).join(' '), { now }).ResumeParserData
    const normal = parse(language)
    expect(flat.Name.FullName).toBe(normal.Name.FullName)
    expect(flat.SegregatedExperience[0]?.JobProfile.FormattedName).toBe(normal.SegregatedExperience[0]?.JobProfile.FormattedName)
    const periods = normal.SegregatedExperience.map((j) => j.StartDate)
    expect(flat.SegregatedExperience.map((j) => j.StartDate).slice(0, periods.length)).toEqual(periods)
  })
})

describe('resume details', () => {
  it('reads labelled personal details (German)', () => {
    const data = parse('de')
    expect({ born: data.DateOfBirth, nationality: data.Nationality, status: data.MaritalStatus, title: data.Name.TitleName })
      .toEqual({ born: '03/11/1985', nationality: 'German', status: 'Single', title: 'Dr.' })
  })

  it('counts overlapping jobs once in the total', () => {
    const text = [
      'Jan Nowak', 'jan.nowak@example.pl', '', 'Experience',
      '01/2018 – 12/2020  Software Developer, Acme Ltd., London',
      '• Java development',
      '06/2020 – 12/2021  Freelance Software Developer, Own company, London',
      '• Python development',
    ].join('\n')
    const data = parseResume(text, { now }).ResumeParserData
    expect(data.SegregatedExperience.map((j) => j.ExperienceInMonths)).toEqual(['36', '19'])
    expect(data.WorkedPeriod.TotalExperienceInMonths).toBe('48')
    expect(data.WorkedPeriod.TotalExperienceRange).toBe('3 to 5 years')
  })

  it('reads a job description\'s heading inside a job as part of that job, not as a new section', () => {
    const text = [
      'Jan Nowak', 'jan.nowak@example.pl', '', 'Experience',
      '01/2018 – 12/2020  Software Developer, Acme Ltd., London',
      'Responsibilities', '• Java development',
      '06/2016 – 12/2017  Systems Administrator, Bravo Solutions, Leeds',
      'Duties:', '• Linux servers',
      '', 'Berufserfahrung',
      '03/2014 – 05/2016  Netzwerktechniker, Delta Systems GmbH, Köln',
      'Aufgaben', '• Netzwerke betreuen',
    ].join('\n')
    const data = parseResume(text, { now }).ResumeParserData
    expect(data.SegregatedExperience.map((j) => [j.Employer.EmployerName, j.StartDate])).toEqual([
      ['Acme Ltd.', '01/01/2018'], ['Bravo Solutions', '01/06/2016'], ['Delta Systems GmbH', '01/03/2014'],
    ])
    expect(data.WorkedPeriod.TotalExperienceInMonths).toBe('82')
  })

  it('reads a header that ends with a legal form\'s period, and no label of the period as the employer', () => {
    const text = [
      'Jan Nowak', 'jan.nowak@example.pl', '', 'Experience',
      'Java Developer, Acme Ltd.', 'Duration: April 2017 – Present', '• Java development',
      'Programista, Comarch S.A.', '01/2012 – 03/2017', '• Testy',
      'Tester', 'Zeitraum: 01/2010 – 12/2011', '• Testy',
      'Bravo Labs', 'Software Engineer: 01/2008 – 12/2009', '• C++',
    ].join('\n')
    const jobs = parseResume(text, { now, model: null }).ResumeParserData.SegregatedExperience
    expect(jobs.map((j) => [j.JobProfile.Title, j.Employer.EmployerName])).toEqual([
      ['Java Developer', 'Acme Ltd.'], ['Programista', 'Comarch S.A.'], ['Tester', ''], ['Software Engineer', 'Bravo Labs'],
    ])
  })

  it('places a job written "town, region" in that town, though the region is also a town elsewhere', () => {
    const text = ['Ann Lee', 'ann.lee@example.com', '', 'Experience',
      'Paralegal, Bravo Law Group, Tampa, Florida', '01/2018 – 12/2020', 'Analyst, Acme, Austin, TX', '01/2015 – 12/2017'].join('\n')
    const jobs = parseResume(text, { now }).ResumeParserData.SegregatedExperience
    expect(jobs.map((j) => [j.Employer.EmployerName, j.Location.City, j.Location.State, j.Location.Country])).toEqual([
      ['Bravo Law Group', 'Tampa', 'Florida', 'United States'], ['Acme', 'Austin', 'Texas', 'United States'],
    ])
  })

  it('reads the jobs of a resume without an experience heading, but not the periods of its education', () => {
    const text = ['Ann Lee', 'ann.lee@example.com', 'Summary', 'Machinist with twenty years in tool making.',
      'CNC Programmer', 'Acmeworks, Santa Rosa, California', '2011 – Present', '• Set up the machine shop.',
      'Machine Operator', 'Torvex, Ukiah, California', '2008 – 2010', '• Ran the lathes.',
      'Education', '1990 – 1994', 'Bachelor of Science, Sonoma State University'].join('\n')
    const data = parseResume(text, { now, model: null }).ResumeParserData
    expect(data.SegregatedExperience.map((j) => [j.JobProfile.Title, j.Employer.EmployerName, j.StartDate])).toEqual([
      ['CNC Programmer', 'Acmeworks', '01/01/2011'], ['Machine Operator', 'Torvex', '01/01/2008'],
    ])
  })

  it('reads the jobs after a job\'s own heading that names another section ("Accomplishments:")', () => {
    const text = ['Ann Lee', 'ann.lee@example.com', '', 'Experience',
      'Senior Consultant, Bravo Labs', '2004 – 2008', '• Advised dealers.', 'Accomplishments:', '• Launched a retention program.',
      'Product Manager, Acme Corp.', '2001 – 2004', '• Grew subscriptions.',
      'Business Analyst, Delta Inc.', '1998 – 2001', '• Wrote reports.',
      'Awards', 'Employee of the Year 2003'].join('\n')
    const jobs = parseResume(text, { now, model: null }).ResumeParserData.SegregatedExperience
    expect(jobs.map((j) => [j.JobProfile.Title, j.Employer.EmployerName, j.StartDate])).toEqual([
      ['Senior Consultant', 'Bravo Labs', '01/01/2004'], ['Product Manager', 'Acme Corp.', '01/01/2001'], ['Business Analyst', 'Delta Inc.', '01/01/1998'],
    ])
  })

  it('reads the jobs under a heading cut in two ("CAREER" / "OVERVIEW")', () => {
    const text = ['Ann Lee', 'ann.lee@example.com', '', 'CAREER', 'OVERVIEW',
      'ASSOCIATE PRINCIPAL (8/01 to Present) Bravo Labs, Austin, TX', '• Grew the business segment.',
      'PROJECT MANAGER (8/98 - 1/01) Acme Corp., Internet Development Team', '• Ran web projects.'].join('\n')
    const jobs = parseResume(text, { now, model: null }).ResumeParserData.SegregatedExperience
    expect(jobs.map((j) => [j.JobProfile.Title, j.StartDate])).toEqual([['ASSOCIATE PRINCIPAL', '01/08/2001'], ['PROJECT MANAGER', '01/08/1998']])
  })

  it('reads labelled job fields without their labels ("Designation:", "Organization:", "Duration:")', () => {
    const text = ['Ann Lee', 'ann.lee@example.com', '', 'Experience',
      'Designation: Information Developer', 'Organization: Matrix Advertisers, Phoenix, AZ', 'Duration: December 2007 - December 2008', '• Wrote articles.'].join('\n')
    const [job] = parseResume(text, { now, model: null }).ResumeParserData.SegregatedExperience
    expect([job!.JobProfile.Title, job!.Employer.EmployerName, job!.Location.City, job!.StartDate]).toEqual(['Information Developer', 'Matrix Advertisers', 'Phoenix', '01/12/2007'])
  })

  it('marks skills used in a job with their months and last use', () => {
    const java = parse('pl').SegregatedSkill.find((s) => s.FormattedName === 'Java')!
    expect(java).toMatchObject({ Evidence: 'SkillHaveExp', LastUsed: '01/11/2026' })
    expect(Number(java.ExperienceInMonths)).toBeGreaterThanOrEqual(92)
    const git = parse('pl').SegregatedSkill.find((s) => s.FormattedName === 'Git')!
    expect(git.Evidence).toBe('SkillWithoutExp')
  })

  it('keeps brands and names with place words as employers ("Carrefour", "Hotel Costa Azul")', () => {
    const text = ['Claire Martin', 'claire@example.fr', '12 rue de la Paix, 75002 Paris', '', 'Expérience professionnelle',
      'Caissière, Carrefour, Paris', '03/2019 – aujourd\'hui', 'Réceptionniste, Hotel Costa Azul, Nice', '01/2015 – 02/2019'].join('\n')
    const jobs = parseResume(text, { now }).ResumeParserData.SegregatedExperience
    expect(jobs.map((j) => [j.Employer.EmployerName, j.Location.City])).toEqual([['Carrefour', 'Paris'], ['Hotel Costa Azul', 'Nice']])
  })

  it('does not read an employer\'s name as a skill', () => {
    expect(parse('de').SegregatedSkill.map((s) => s.FormattedName)).not.toContain('Logistics')
    expect(parse('fr').SegregatedSkill.map((s) => s.FormattedName)).not.toContain('SAS')
  })

  it('keeps the languages a person speaks as languages, not as skills', () => {
    const text = ['Emily Carter', 'emily@example.com', 'Skills', 'Python, SQL, Tableau', 'Languages', 'English (native), Spanish (B2)'].join('\n')
    const data = parseResume(text, { now }).ResumeParserData
    expect(data.LanguageKnown.map((l) => l.Language)).toEqual(['English', 'Spanish'])
    expect(data.SegregatedSkill.map((s) => s.FormattedName)).toEqual(expect.arrayContaining(['Python', 'SQL', 'Tableau']))
    expect(data.SegregatedSkill.map((s) => s.Skill)).not.toContain('Spanish')
  })

  it('reads a one-letter language (C, R) only as an item of a list of skills', () => {
    const skillsOf = (lines: string[]) => parseLines(['Emily Carter', 'emily@example.com', ...lines]).SegregatedSkill.map((s) => s.FormattedName)
    expect(skillsOf(['Skills', 'Programming languages: C, Java, SQL'])).toEqual(expect.arrayContaining(['C', 'Java', 'SQL']))
    expect(skillsOf(['Skills', 'Python / R / Tableau'])).toEqual(expect.arrayContaining(['R', 'Python']))
    // A grade, a postcode, a product's name and a heading spaced out hold no language.
    const none = skillsOf(['A levels: Mathematics (C), English (B), SQL course', 'Peperfeld 55, D-30457 Hannover',
      'Scheduled batch jobs with CONTROL-D and Java', 'Service Assistant, Computers R Us, Python support', 'E D U C A T I O N'])
    expect(none).toEqual(expect.arrayContaining(['Java', 'Python']))
    expect(none).not.toEqual(expect.arrayContaining(['C']))
    expect(none).not.toEqual(expect.arrayContaining(['D']))
    expect(none).not.toEqual(expect.arrayContaining(['R']))
  })

  it('reads a skill whose name is also a word as that word when it opens "(Less than 1 year)"', () => {
    const skillsOf = (lines: string[]) => parseLines(['Emily Carter', 'emily@example.com', ...lines]).SegregatedSkill.map((s) => s.FormattedName)
    const exported = skillsOf(['Skills', 'HTML (Less than 1 year), CSS (Less than 1 year), JavaScript (2 years)'])
    expect(exported).toEqual(expect.arrayContaining(['HTML', 'CSS', 'JavaScript']))
    expect(exported).not.toContain('Less')
    expect(skillsOf(['Skills', 'Stylesheets: Sass, Less, PostCSS (Less than 1 year)'])).toContain('Less')
    // A name that is no word keeps its parenthesis.
    const read = (text: string) => skillMatches(text, vocabulary(), []).map((m) => m.entry.canonical)
    expect(read('Payment services (Java based, on AWS)')).toContain('Java')
    expect(read('Sass (Less than 1 year)')).toEqual(['Sass'])
  })

  it('classifies the job family from the current title', () => {
    expect([parse('es').Category, parse('es').SubCategory]).toEqual(['Healthcare', 'Nursing'])
    expect(parse('de').Category).toBe('Finance & Accounting')
  })

  it('keeps the text it read and never fails on empty input', () => {
    expect(parse('it').DetailResume).toContain('Fincantieri')
    const empty = parseResume('', { now }).ResumeParserData
    expect(empty.SegregatedExperience).toEqual([])
    expect(empty.Name.FullName).toBe('')
  })
})

describe('addresses', () => {
  it('does not read a surname as a city', () => {
    const data = parseResume('Emily Oakley\nemily.oakley@example.com\n\nSkills\nPython', { now }).ResumeParserData
    expect(data.Address).toEqual([])
  })
})

describe('job titles the vocabulary does not know', () => {
  const jobs = parseLines(['Anna Nowak', 'anna@example.com', '', 'Experience',
    '1. Trade Floor Support Analyst III (2019 - 2023)',
    'Schichtleiterin Abfüllung, Brauerei Früh GmbH, 2017 - 2018',
    'Chargée de valorisation des brevets, Valeo SA, 2015 - 2016',
    'Coordinadora de turnos de envasado, Mahou S.A., 2013 - 2014',
    'Specjalistka ds. rozliczeń celnych | Orlen S.A. | 2011 - 2012',
    'Acme Systems GmbH, 2009 - 2010',
  ]).SegregatedExperience

  it('keeps them as written, without a canonical name, and not as the employer', () => {
    expect(jobs.map((j) => [j.JobProfile.Title, j.JobProfile.FormattedName, j.Employer.EmployerName])).toEqual([
      ['Trade Floor Support Analyst III', '', ''],
      ['Schichtleiterin Abfüllung', '', 'Brauerei Früh GmbH'],
      ['Chargée de valorisation des brevets', '', 'Valeo SA'],
      ['Coordinadora de turnos de envasado', '', 'Mahou S.A.'],
      ['Specjalistka ds. rozliczeń celnych', '', 'Orlen S.A.'],
      // A segment with a legal form is the employer, whatever words it holds.
      ['', '', 'Acme Systems GmbH'],
    ])
  })

  it('makes the latest of them the current job title', () => {
    const data = parseLines(['Experience', 'Trade Floor Support Analyst III, 2019 - present', 'Java Developer, 2015 - 2018'])
    expect(data.JobProfile).toBe('Trade Floor Support Analyst III')
  })
})

describe('schools in an education section', () => {
  it('are names, not the wrapped line of a sentence about a college', () => {
    const schooling = parseLines(['Maria Lopez', 'maria@example.com', '', 'Education',
      'Master of Education, Arizona State University, 2012',
      'Graduate assistant: reviewed course syllabi with faculty and',
      'assisted the dean in overseeing college assessment program.',
      'Bachelor of Arts, University of Arizona, 2008',
    ]).SegregatedQualification
    expect(schooling.map((s) => s.Institution.Name).filter(Boolean)).toEqual(['Arizona State University', 'University of Arizona'])
  })
})
