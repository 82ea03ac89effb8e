import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorCode } from '../../src/errors/catalogue.js'
import { expectRefused } from '../support/refusal.js'
import { writeOrder } from '../support/search-checks.js'
import { startTestService, type TestService } from '../support/service.js'

/**
 * Simple and boolean search through HTTP on documents indexed with parseAndIndex: one resume and one
 * JD per language (test/fixtures/parser), plus sub-user and custom-value documents.
 */
let service: TestService
let key: string
const languages = ['en', 'de', 'es', 'fr', 'pl', 'it']
const fixture = (name: string) => readFileSync(new URL(`../fixtures/parser/${name}.txt`, import.meta.url)).toString('base64')

async function index(indexType: 'Resume' | 'JD', id: string, file: string, extra: Record<string, unknown> = {}, subUserId?: string) {
  const res = await service.post('/searchengine/parseAndIndex', {
    index: { indexType, indexKey: key, ...(subUserId ? { subUserId } : {}) },
    data: { id, fileContent: fixture(file), fileName: `${file}.txt` },
    ...extra,
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

type Result = { count: number; pageStart: number; pageSize: number; records: Array<Record<string, any>>; facet?: Record<string, Array<{ value: string; count: number }>>; explainScore?: any[]; geoSearch?: any }

async function search(path: 'simpleSearch' | 'booleanSearch', body: Record<string, unknown>, indexType = 'Resume', indexKey = key): Promise<Result> {
  const { index: envelope, ...rest } = body
  const res = await service.post(`/searchengine/${path}`, { index: { indexType, indexKey, ...(envelope as object | undefined) }, ...rest })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Result
}
const simple = (keyword: string, options: Record<string, unknown> = {}, indexType = 'Resume') => search('simpleSearch', { query: { keyword }, ...options }, indexType)
const boolean = (query: Record<string, unknown>, options: Record<string, unknown> = {}, indexType = 'Resume') => search('booleanSearch', { query, ...options }, indexType)
const ids = (result: Result) => result.records.map((r) => r.id)
const refused = (path: string, { index: envelope, ...body }: Record<string, unknown>, code: number, indexType = 'Resume') =>
  expectRefused(service.database.db, () => service.post(`/searchengine/${path}`, { index: { indexType, indexKey: key, ...(envelope as object | undefined) }, ...body }), code as ErrorCode)

beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey({ name: 'searcher' })
  for (const language of languages) {
    await index('Resume', `resume-${language}`, `resume-${language}`)
    await index('JD', `jd-${language}`, `jd-${language}`)
  }
  await index('Resume', 'team-a-1', 'resume-pl', { customValue: { source: 'referral', tags: ['java', 'remote'], jobs: [{ status: 'applied', jobId: ['j-1'] }] } }, 'team-a')
  await index('Resume', 'team-b-1', 'resume-it', { customValue: { source: 'agency', jobs: [{ status: 'hired' }] } }, 'team-b')
})
afterAll(() => service.close())

describe('simple search', () => {
  // Software developers: the Italian resume (its every job) and the Polish one (its first job, a
  // "Młodszy programista"), each also indexed as a sub-user's copy.
  const softwareDevelopers = ['resume-it', 'resume-pl', 'team-a-1', 'team-b-1']

  it('finds a job profile written in any of the six languages, by its canonical title', async () => {
    const expected = ids(await simple('Software Developer'))
    expect([...expected].sort()).toEqual(softwareDevelopers)
    for (const keyword of ['Softwareentwickler', 'desarrollador de software', 'développeur logiciel', 'programista', 'sviluppatore software']) {
      expect(ids(await simple(keyword)).sort(), keyword).toEqual([...expected].sort())
    }
  })

  it('finds a job profile asked for in the plural, as people type it', async () => {
    const expected = ids(await simple('software developer'))
    expect([...expected].sort()).toEqual(softwareDevelopers)
    for (const keyword of ['software developers', 'Softwareentwicklerinnen', 'desarrolladores de software', 'sviluppatori software']) {
      expect(ids(await simple(keyword)).sort(), keyword).toEqual([...expected].sort())
    }
  })

  it('recognises years of experience in six languages', async () => {
    for (const keyword of ['java 12 years', 'Java 12 Jahre', 'java 12 años', 'java 12 ans', 'java 12 lat', 'java 12 anni', 'java 12+ yrs']) {
      const result = await simple(keyword, { explainScore: true, explainScoreType: 'json' })
      const entities = result.explainScore![0].explaination.Search.detailScore.map((d: { entity: string }) => d.entity)
      expect(entities, keyword).toContain('TotalExperienceInYear')
    }
  })

  it('scores documents meeting more of the keyword higher, ties in the order they were indexed', async () => {
    const result = await simple('java developer in Kraków 5 years')
    expect(result.records[0]).toMatchObject({ id: 'resume-pl', score: 100, FullName: 'Anna Kowalska', City: 'Kraków' })
    const rest = result.records.slice(1)
    const order = await writeOrder(service.database.db)
    for (let i = 1; i < rest.length; i++) {
      const [a, b] = [rest[i - 1]!, rest[i]!]
      expect(a.score > b.score || (a.score === b.score && order.get(a.id)! < order.get(b.id)!)).toBe(true)
    }
  })

  it('returns nothing for a keyword without any entity', async () => {
    expect(await simple('qwxz zzyq')).toMatchObject({ count: 0, records: [] })
  })

  it('with geoSearchOnKeyword requires job profile AND location, and reports the place', async () => {
    const anywhere = await simple('Java Developer in Madrid')
    expect(anywhere.count).toBeGreaterThan(0)
    expect((await simple('Java Developer in Madrid', { geoSearchOnKeyword: true })).count).toBe(0)
    const krakow = await simple('Java Developer in Krakow', { geoSearchOnKeyword: true })
    expect(ids(krakow)).toEqual(['resume-pl', 'team-a-1'])
    expect(krakow.geoSearch).toMatchObject({ city: 'Kraków', country: 'Poland' })
    expect(krakow.geoSearch.latitude).toBeCloseTo(50.06, 1)
  })

  it('takes unclaimed capitalised words as an organisation, found by any of its name\'s words', async () => {
    // "Bergmann & Söhne KG", a past employer: a word inside the name is enough, and all the words must be there.
    expect(ids(await simple('Söhne'))).toEqual(['resume-de'])
    expect(ids(await simple('Bergmann Söhne'))).toEqual(['resume-de'])
    expect(ids(await simple('Rheinland'))).toEqual(['resume-de'])
    expect(ids(await simple('Asseco'))).toEqual(['resume-pl', 'team-a-1'])
    expect((await simple('Rheinland Asseco')).count).toBe(0)
    expect(ids(await simple('Allegro', {}, 'JD'))).toEqual(['jd-pl'])
  })

  it('with partialMatch matches job profiles on their words, and only with it', async () => {
    // No title is just "Developer": only partialMatch finds the Java, web and software developers by that word.
    const developers = ['resume-fr', ...softwareDevelopers].sort()
    expect(ids(await simple('Developer', { partialMatch: true })).sort()).toEqual(developers)
    expect(ids(await simple('Developer'))).toEqual([])
    expect(ids(await simple('Developer', { partialMatch: false }))).toEqual([])
  })

  it('gives the distance up to 50 of 100 with geoSearch, which takes priority over the keyword place', async () => {
    const result = await simple('nurse in Berlin', { geoSearch: { city: 'Madrid', radius: 100 }, explainScore: true, explainScoreType: 'json' })
    expect(ids(result)).toEqual(['resume-es'])
    const explanation = result.explainScore![0].explaination
    expect(explanation.geoSearh).toMatchObject({ maxScore: 50, score: 50 })
    expect(explanation.Search.maxScore).toBe(50)
    expect(explanation.score).toBe(result.records[0]!.score)
  })

  it('joins custom values with the keyword: AND by default, OR with requiredCustomValues false', async () => {
    expect(ids(await simple('Java Developer', { customValue: { source: 'referral' } }))).toEqual(['team-a-1'])
    const either = await simple('Accountant', { customValue: { source: 'referral' }, requiredCustomValues: false })
    expect(ids(either)).toEqual(expect.arrayContaining(['team-a-1', 'resume-de']))
  })

  it.each([
    ['keyword missing', { query: {} }, 2073],
    ['query missing', {}, 2073],
    ['keyword not a string', { query: { keyword: 5 } }, 2027],
    ['partialMatch not boolean', { query: { keyword: 'java' }, partialMatch: 'yes' }, 2045],
  ])('refuses: %s', async (_name, body, code) => {
    await refused('simpleSearch', body as Record<string, unknown>, code)
  })
})

describe('boolean search', () => {
  it('ANDs required entities and their values; multiValueOperator OR relaxes the values', async () => {
    expect(ids(await boolean({ required: { Skill: ['Java', 'Docker'] } }))).toEqual(['resume-pl', 'team-a-1'])
    expect(ids(await boolean({ required: { Skill: ['Java', 'Linux'] } }))).toEqual([])
    const either = await boolean({ required: { Skill: ['Java', 'Linux'], multiValueOperator: 'OR' } })
    expect(ids(either).sort()).toEqual(['resume-it', 'resume-pl', 'team-a-1', 'team-b-1'])
    expect(ids(await boolean({ required: { Skill: ['Java', 'Linux'], multiValueOperator: false } })).sort()).toEqual(ids(either).sort())
  })

  it('ORs optional entities, which add to the score of what the required ones found', async () => {
    const result = await boolean({ required: { Skill: ['Python'] }, optional: { City: ['Milano'] } }, { explainScore: true, explainScoreType: 'json' })
    expect(result.records.map((r) => [r.id, r.score])).toEqual([['resume-it', 100], ['team-b-1', 100], ['resume-en', 50]])
    const detail = result.explainScore![2].explaination.BooleanSearch.detailScore
    expect(detail).toEqual([
      { score: 50, maxScore: 50, entity: 'Skill', condition: 'Required', value: 'Python' },
      { score: 0, maxScore: 50, entity: 'City', condition: 'Optional', value: 'Milano' },
    ])
    expect(ids(await boolean({ optional: { City: ['Köln', 'Lyon'] } })).sort()).toEqual(['resume-de', 'resume-fr'])
  })

  it('searches a JD\'s alternative and composite entities', async () => {
    expect(ids(await boolean({ required: { JobProfile: ['Java-Entwickler'] } }, {}, 'JD')).sort()).toEqual(['jd-de', 'jd-pl'])
    expect(ids(await boolean({ required: { Skill: ['Kubernetes'] } }, {}, 'JD')).sort()).toEqual(['jd-de', 'jd-pl'])
    expect(ids(await boolean({ required: { Qualification: ['Master'] } }, {}, 'JD')).sort()).toEqual(['jd-de', 'jd-pl'])
    expect(ids(await boolean({ required: { City: ['Warszawa'] } }, {}, 'JD'))).toEqual(['jd-pl'])
  })

  it('weights entities by jdWeightage (Parent, Weight, Child), scores equalling the weights', async () => {
    const result = await boolean(
      { optional: { JobProfileTitle: ['Java Developer'], RequiredSkillSet: ['Docker'], JobLocationCity: ['München'] } },
      { explainScore: true, explainScoreType: 'json', jdWeightage: [{ Parent: 'JobProfile', Weight: 60 }, { Parent: 'Skill', Weight: 30, Child: { RequiredSkillSet: 1 } }, { Parent: 'JobLocationCity', Weight: 10 }] },
      'JD',
    )
    const germany = result.explainScore!.find((e) => e.id === 'jd-de').explaination.BooleanSearch.detailScore
    expect(germany.map((d: { score: number }) => d.score)).toEqual([60, 0, 10])
    expect(result.records.find((r) => r.id === 'jd-de')!.score).toBe(70)
  })

  it('searches custom values: CV_ for strings and string arrays, CVA_ inside arrays of objects', async () => {
    expect(ids(await boolean({ required: { CV_tags: ['remote'] } }))).toEqual(['team-a-1'])
    expect(ids(await boolean({ required: { CV_source: ['agency'] } }))).toEqual(['team-b-1'])
    expect(ids(await boolean({ required: { CVA_jobs: ['hired'] } }))).toEqual(['team-b-1'])
    expect(ids(await boolean({ required: { CVA_jobs: ['j-1'] } }))).toEqual(['team-a-1'])
  })

  it.each([
    ['an unknown required entity (2075)', { query: { required: { Shoe: ['42'] } } }, 2075],
    ['an unknown optional entity (2076)', { query: { optional: { Shoe: ['42'] } } }, 2076],
    ['an entity in both (2077)', { query: { required: { City: ['Lyon'] }, optional: { City: ['Köln'] } } }, 2077],
    ['required values not arrays of strings (2048)', { query: { required: { City: 'Lyon' } } }, 2048],
    ['required not an object (2048)', { query: { required: ['City'] } }, 2048],
    ['optional values not arrays of strings (2049)', { query: { optional: { City: [3] } } }, 2049],
    ['an optional value not an array (2050)', { query: { optional: { City: 'Lyon' } } }, 2050],
    ['an empty query (2002)', { query: {} }, 2002],
  ])('refuses %s', async (_name, body, code) => {
    await refused('booleanSearch', body as Record<string, unknown>, code)
  })
})

describe('common options', () => {
  const allResumes = { optional: { Skill: ['Java', 'Python', 'Accounting', 'React', 'Intensive Care', 'C++'] } }

  it('pages with pageStart and pageSize; count is the total', async () => {
    const all = await boolean(allResumes, { pageSize: 500 })
    const page = await boolean(allResumes, { pageStart: 2, pageSize: 3 })
    expect(page).toMatchObject({ count: all.count, pageStart: 2, pageSize: 3 })
    expect(ids(page)).toEqual(ids(all).slice(2, 5))
  })

  it('applies minScore', async () => {
    const result = await boolean({ required: { Skill: ['Python'] }, optional: { City: ['Milano'] } }, { minScore: 60 })
    expect(result.records.every((r) => r.score >= 60)).toBe(true)
    expect(result.count).toBe(2)
  })

  it('sorts by the requested fields, later ones breaking ties, then by score and id', async () => {
    const result = await boolean(allResumes, { sorting: [{ field: 'TotalExperienceInMonths', order: 'asc' }] })
    const years = result.records.map((r) => r.TotalExperienceInYear)
    expect(years).toEqual([...years].sort((a, b) => a - b))
    const byCity = await boolean(allResumes, { sorting: [{ field: 'City', order: 'desc' }] })
    const cities = byCity.records.map((r) => String(r.City).toLowerCase())
    expect(cities).toEqual([...cities].sort().reverse())
  })

  it('counts facets over every match, not only the page', async () => {
    const result = await boolean(allResumes, { pageSize: 1, facet: { fields: ['City'] } })
    const cities = result.facet!.City!
    // Every resume has one city, so the counts add up to the total.
    expect(cities.reduce((sum, f) => sum + f.count, 0)).toBe(result.count)
    expect(cities[0]).toEqual({ value: 'Kraków', count: 2 })
    const limited = await boolean(allResumes, { pageSize: 1, facet: { fields: ['Skill'], limit: 3 } })
    expect(limited.facet!.Skill!.length).toBe(3)
    expect(limited.facet!.Skill![0]!.count).toBeGreaterThanOrEqual(limited.facet!.Skill![2]!.count)
  })

  it('lists each country and state once in a facet, by name, while its code still finds it', async () => {
    const result = await boolean(allResumes, { pageSize: 1, facet: { fields: ['Country', 'State'] } })
    const countries = result.facet!.Country!
    // Every resume has one country, so the counts add up to the total: no country counted twice, as name and code.
    expect(countries.reduce((sum, f) => sum + f.count, 0)).toBe(result.count)
    expect(countries.every((f) => f.value.length > 2)).toBe(true)
    const byCode = await boolean({ required: { Country: ['PL'] } })
    const byName = await boolean({ required: { Country: ['Poland'] } })
    expect(byCode.count).toBeGreaterThan(0)
    expect(byCode.records.map((r) => r.id).sort()).toEqual(byName.records.map((r) => r.id).sort())
  })

  it('counts a resume once in the Skill facet when it holds a skill both with and without experience', async () => {
    // Its own key, so the other tests' documents do not change the counts.
    const own = await service.createKey({ name: 'composite-facet' })
    const parsed = await service.post('/searchengine/parseAndIndex', {
      index: { indexType: 'Resume', indexKey: own },
      data: { id: 'once', fileContent: fixture('resume-en'), fileName: 'resume-en.txt' },
    })
    const doc = JSON.parse(Buffer.from(((await parsed.json()) as { doc: string }).doc, 'base64').toString())
    const skills = doc.ResumeParserData.SegregatedSkill as Array<{ FormattedName: string; Evidence: string }>
    const skill = skills.find((s) => s.Evidence === 'SkillHaveExp')!
    doc.ResumeParserData.SegregatedSkill = [...skills, { ...skill, Evidence: 'SkillWithoutExp' }]
    const twice = await service.post('/searchengine/index', {
      index: { indexType: 'Resume', indexKey: own },
      data: { id: 'twice', jsonData: Buffer.from(JSON.stringify(doc)).toString('base64') },
    })
    expect(twice.status, await twice.clone().text()).toBe(200)

    const result = await search('booleanSearch', { query: { required: { Skill: [skill.FormattedName] } }, facet: { fields: ['Skill'], limit: 100 } }, 'Resume', own)
    expect(result.count).toBe(2)
    // Every skill of the resume, under either key, counts once per resume: the doubled one included,
    // and those held only without experience (the later key) not left out.
    expect(skills.some((s) => s.Evidence === 'SkillWithoutExp')).toBe(true)
    const names = [...new Set(skills.map((s) => s.FormattedName))]
    expect(result.facet!.Skill).toHaveLength(names.length)
    expect(result.facet!.Skill).toEqual(expect.arrayContaining(names.map((value) => ({ value, count: 2 }))))
  })

  it('filters by entity values, and excludes with a "-" key', async () => {
    expect(ids(await boolean(allResumes, { filter: { Country: ['Poland', 'Italy'] } })).sort()).toEqual(['resume-it', 'resume-pl', 'team-a-1', 'team-b-1'])
    expect(ids(await boolean(allResumes, { filter: { '-Country': ['Poland', 'Italy'] } })).sort()).toEqual(['resume-de', 'resume-en', 'resume-es', 'resume-fr'])
  })

  it('limits to or leaves out document ids', async () => {
    expect(ids(await boolean(allResumes, { includeDocumentIds: ['resume-de', 'resume-fr'] })).sort()).toEqual(['resume-de', 'resume-fr'])
    const all = await boolean(allResumes)
    const excluded = ['resume-de', 'team-b-1']
    const without = await boolean(allResumes, { excludeDocumentIds: [...excluded, 'not-indexed'] })
    // Exactly the excluded ids are left out: the rest keep their order, and count drops by as many.
    expect(ids(all)).toEqual(expect.arrayContaining(excluded))
    expect(ids(without)).toEqual(ids(all).filter((id) => !excluded.includes(id)))
    expect(without.count).toBe(all.count - excluded.length)
  })

  it('restricts to a geographic radius in KM or miles', async () => {
    const km = await boolean(allResumes, { geoSearch: { city: 'Kraków', radius: 20 } })
    expect(ids(km).sort()).toEqual(['resume-pl', 'team-a-1'])
    const byPoint = await boolean(allResumes, { geoSearch: { latitude: '50.06', longitude: '19.94', radius: 15, distanceUnit: 'mile' } })
    expect(ids(byPoint).sort()).toEqual(['resume-pl', 'team-a-1'])
    // Lyon is about 340 km from Milan (210 miles), Köln about 700 km.
    expect((await boolean(allResumes, { geoSearch: { city: 'Milano', radius: 100, distanceUnit: 'mile' } })).records.map((r) => r.City)).toEqual(['Milan', 'Milan'])
    expect((await boolean(allResumes, { geoSearch: { city: 'Milano', radius: 300, distanceUnit: 'mile' } })).records.map((r) => r.City).sort()).toEqual(['Lyon', 'Milan', 'Milan'])
  })

  it('finds documents within the radius that lie in other grid cells than its centre', async () => {
    // 9 km from Kraków (50.06, 19.94), south-east of it across a 0.25-degree and a 1-degree cell line
    // both ways: the lookups ask for the values in every cell the circle touches, not the centre's only.
    const near = { latitude: '49.99', longitude: '20.01', radius: 15 }
    expect(ids(await boolean(allResumes, { geoSearch: near })).sort()).toEqual(['resume-pl', 'team-a-1'])
    expect(ids(await boolean({ required: { Skill: ['Java', 'Docker'] } }, { geoSearch: near })).sort()).toEqual(['resume-pl', 'team-a-1'])
    expect(ids(await boolean({ required: { Skill: ['Java'], JobProfile: ['Java Developer'] } }, { geoSearch: near })).sort()).toEqual(['resume-pl', 'team-a-1'])
    expect(ids(await boolean({ required: { Skill: ['Java', 'Accounting'] } }, { geoSearch: near })).sort()).toEqual([])
    expect(ids(await simple('Java', { geoSearch: near })).sort()).toEqual(['resume-pl', 'team-a-1'])
    expect((await boolean(allResumes, { geoSearch: { ...near, radius: 5 } })).count).toBe(0)
  })

  it('returns the fields of fieldList, skill types and custom values when asked', async () => {
    const result = await boolean({ required: { CV_source: ['referral'] } }, { fieldList: 'FullName,SkillHaveExp', includeSkillType: true, showCustomValue: true })
    const record = result.records[0]!
    expect(Object.keys(record).sort()).toEqual(['FullName', 'SkillHaveExp', 'SkillType', 'SubUserId', 'customValue', 'id', 'score'])
    expect(record.SkillHaveExp).toContain('Java')
    expect(record.SkillType).toContainEqual({ Skill: 'Git', Type: 'OperationalSkill' })
    expect(record.customValue).toMatchObject({ source: 'referral' })
  })

  it('leaves fields without a value out of a record', async () => {
    const result = await boolean({ required: { Skill: ['Intensive Care'] } })
    expect(result.records[0]).not.toHaveProperty('CurrentEmployerCity')
    expect(Object.values(result.records[0]!).every((v) => v !== '' && v !== null)).toBe(true)
  })

  it('explains every score as text, a sum of parts', async () => {
    const result = await boolean({ required: { Skill: ['Python'] }, optional: { City: ['Milano'] } }, { explainScore: true })
    expect(result.explainScore![0]).toEqual({ id: 'resume-it', explaination: 'score 100 of 100 = Skill (Required: Python) 50/50 + City (Optional: Milano) 50/50' })
  })

  it('scopes to a sub-user, and answers 2021 for a sub-user without documents', async () => {
    expect(ids(await boolean(allResumes, { index: { subUserId: 'team-a' } }))).toEqual(['team-a-1'])
    await refused('booleanSearch', { index: { subUserId: 'nobody' }, query: allResumes }, 2021)
  })

  it('never shows one key\'s documents to another', async () => {
    const other = await service.createKey({ name: 'other-searcher' })
    expect((await search('booleanSearch', { query: allResumes }, 'Resume', other)).count).toBe(0)
  })

  it.each([
    ['excludeDocumentIds not strings', { excludeDocumentIds: [1] }, 2028],
    ['sorting not an array', { sorting: { field: 'City' } }, 2029],
    ['sorting order', { sorting: [{ field: 'City', order: 'up' }] }, 2030],
    ['resume sorting field', { sorting: [{ field: 'Salary' }] }, 2032],
    ['geoSearch without city or geocode', { geoSearch: { radius: 10 } }, 2033],
    ['distanceUnit', { geoSearch: { city: 'Lyon', distanceUnit: 'parsec' } }, 2034],
    ['radius', { geoSearch: { city: 'Lyon', radius: -5 } }, 2035],
    ['latitude not a string', { geoSearch: { latitude: 50, longitude: '19' } }, 2036],
    ['longitude not a string', { geoSearch: { latitude: '50', longitude: 19 } }, 2037],
    ['city not a string', { geoSearch: { city: 5 } }, 2038],
    ['state not a string', { geoSearch: { city: 'Lyon', state: 5 } }, 2039],
    ['country not a string', { geoSearch: { city: 'Lyon', country: 5 } }, 2040],
    ['pageStart', { pageStart: 1.5 }, 2041],
    ['pageSize', { pageSize: 'ten' }, 2042],
    ['explainScore', { explainScore: 'yes' }, 2043],
    ['explainScoreType', { explainScore: true, explainScoreType: 'xml' }, 2044],
    ['facet fields missing', { facet: { limit: 3 } }, 2046],
    ['facet limit', { facet: { fields: ['City'], limit: 'all' } }, 2047],
    ['unknown facet field', { facet: { fields: ['Shoe'] } }, 2079],
    ['unknown filter field', { filter: { Shoe: ['42'] } }, 2081],
  ])('refuses %s', async (_name, options, code) => {
    await refused('booleanSearch', { query: allResumes, ...options }, code)
  })

  it('refuses an invalid JD sorting field (2031)', async () => {
    await refused('booleanSearch', { query: { required: { Skill: ['Java'] } }, sorting: [{ field: 'FullName' }] }, 2031, 'JD')
  })
})
