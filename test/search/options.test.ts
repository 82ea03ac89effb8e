import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectRefused } from '../support/refusal.js'
import { startTestService, type TestService } from '../support/service.js'

/**
 * The search options docs/search.md defines, through HTTP: resumeWeightage, geoSearchScore, distanceKm,
 * year ranges, the pageSize cap, duplicateFields and the JD salary sort. Expected values are worked out
 * from the parser outputs of the indexed fixtures (one resume and one JD per language).
 */
let service: TestService
let key: string
const languages = ['en', 'de', 'es', 'fr', 'pl', 'it']
/** Parser output by document id, as parseAndIndex returned it. */
const parsed = new Map<string, any>()

type Result = { count: number; pageSize: number; records: Array<Record<string, any>>; explainScore?: any[] }
type Part = { score: number; maxScore: number; entity: string; value: string }

async function search(operation: string, body: Record<string, unknown>, indexType = 'Resume'): Promise<Result> {
  const res = await service.post(`/searchengine/${operation}`, { index: { indexType, indexKey: key }, ...body })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Result
}
const boolean = (query: Record<string, unknown>, options: Record<string, unknown> = {}, indexType = 'Resume') =>
  search('booleanSearch', { query, ...options }, indexType)
const ids = (result: Result) => result.records.map((r) => r.id as string)
const resume = (id: string) => parsed.get(id).ResumeParserData
const jd = (id: string) => parsed.get(id).JDParsedData
const resumeIds = languages.map((l) => `resume-${l}`)
const jdIds = languages.map((l) => `jd-${l}`)
const parts = (result: Result, id: string): Part[] => {
  const explanation = result.explainScore!.find((e) => e.id === id).explaination
  return explanation.BooleanSearch.detailScore
}

beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey({ name: 'options' })
  for (const [indexType, id] of languages.flatMap((l) => [['Resume', `resume-${l}`], ['JD', `jd-${l}`]] as const)) {
    const fileContent = readFileSync(new URL(`../fixtures/parser/${id}.txt`, import.meta.url)).toString('base64')
    const res = await service.post('/searchengine/parseAndIndex', { index: { indexType, indexKey: key }, data: { id, fileContent, fileName: `${id}.txt` } })
    expect(res.status, await res.clone().text()).toBe(200)
    parsed.set(id, JSON.parse(Buffer.from(((await res.json()) as { doc: string }).doc, 'base64').toString('utf8')))
  }
})
afterAll(() => service.close())

describe('resumeWeightage', () => {
  const holds = {
    JobProfile: (id: string, title: string) => resume(id).SegregatedExperience.some((j: any) => j.JobProfile.FormattedName === title),
    Skill: (id: string, skill: string) => resume(id).SegregatedSkill.some((s: any) => s.FormattedName === skill),
    City: (id: string, city: string) => resume(id).Address.some((a: any) => a.City === city),
  }

  it('gives each entity its parent\'s weight, scaled so the weights passed add up to 100', async () => {
    const query = { JobProfile: ['Software Developer'], Skill: ['Python'], City: ['Chicago'] }
    // 30, 15 and 5 add up to 50, so they are doubled: 60, 30 and 10.
    const weightage = [{ Parent: 'JobProfile', Weight: 30 }, { Parent: 'Skill', Weight: 15 }, { Parent: 'City', Weight: 5 }]
    const result = await boolean({ optional: query }, { resumeWeightage: weightage, explainScore: true, explainScoreType: 'json' })
    const weights = { JobProfile: 60, Skill: 30, City: 10 }
    const expected = resumeIds.filter((id) => Object.entries(query).some(([entity, [value]]) => holds[entity as keyof typeof holds](id, value!)))
    expect(ids(result).sort()).toEqual(expected.sort())
    for (const record of result.records) {
      const scores = Object.entries(query).map(([entity, [value]]) => {
        const weight = weights[entity as keyof typeof weights]
        return { entity, maxScore: weight, score: holds[entity as keyof typeof holds](record.id, value!) ? weight : 0 }
      })
      expect(parts(result, record.id), record.id).toEqual(scores.map((s) => expect.objectContaining(s)))
      expect(record.score, record.id).toBe(scores.reduce((sum, s) => sum + s.score, 0))
    }
  })

  it('splits a parent\'s weight by its Child shares', async () => {
    const weightage = [{ Parent: 'Skill', Weight: 100, Child: { SkillHaveExp: 3, SkillWithoutExp: 1 } }]
    const result = await boolean({ optional: { SkillHaveExp: ['Python'], SkillWithoutExp: ['Linux'] } }, { resumeWeightage: weightage, explainScore: true, explainScoreType: 'json' })
    const evidence = (id: string, skill: string) => resume(id).SegregatedSkill.find((s: any) => s.FormattedName === skill)?.Evidence
    for (const record of result.records) {
      const expected = (evidence(record.id, 'Python') === 'SkillHaveExp' ? 75 : 0) + (evidence(record.id, 'Linux') === 'SkillWithoutExp' ? 25 : 0)
      expect(parts(result, record.id).map((p) => p.maxScore)).toEqual([75, 25])
      expect(record.score, record.id).toBe(expected)
    }
    expect(result.records.map((r) => r.score)).toEqual(expect.arrayContaining([100, 75]))
  })
})

/** Great-circle distance in km on the mean sphere; PostGIS measures on the spheroid, within half a percent of it. */
function haversineKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180
  const h = Math.sin(rad(b.latitude - a.latitude) / 2) ** 2
    + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h))
}

describe('geoSearch: geoSearchScore and distanceKm', () => {
  // Turin: Milan (the Italian resume) lies about 130 km away, Lyon (the French one) about 220 km.
  const centre = { latitude: 45.0705, longitude: 7.6868 }
  const geoSearch = { latitude: String(centre.latitude), longitude: String(centre.longitude), radius: 300 }
  const query = { optional: { Skill: ['Python', 'React'] } }
  const pointOf = (id: string) => {
    const address = resume(id).Address.find((a: any) => a.Latitude && a.Longitude)
    return { latitude: Number(address.Latitude), longitude: Number(address.Longitude) }
  }
  const distance = (id: string) => haversineKm(centre, pointOf(id))
  // The resumes with one of the two skills within the radius: each meets one of the two values.
  const within = () => resumeIds.filter((id) => distance(id) <= 300 && ['Python', 'React'].some((skill) => resume(id).SegregatedSkill.some((s: any) => s.FormattedName === skill)))

  it('scores the distance up to geoSearchScore, decaying to 0 at the radius; the entities share the rest', async () => {
    expect(within().length).toBeGreaterThanOrEqual(2)
    const result = await boolean(query, { geoSearch, geoSearchScore: 40, explainScore: true, explainScoreType: 'json' })
    expect(ids(result).sort()).toEqual(within().sort())
    for (const record of result.records) {
      const explanation = result.explainScore!.find((e) => e.id === record.id).explaination
      const geo = 40 * (1 - distance(record.id) / 300)
      expect(explanation.geoSearh.maxScore).toBe(40)
      expect(explanation.geoSearh.score, record.id).toBeCloseTo(geo, 0)
      expect(explanation.BooleanSearch.detailScore).toEqual([expect.objectContaining({ entity: 'Skill', maxScore: 60, score: 30 })])
      expect(record.score, record.id).toBeCloseTo(30 + geo, 0)
    }
    // Nearer scores more.
    const byDistance = [...within()].sort((a, b) => distance(a) - distance(b))
    expect(ids(result)).toEqual(byDistance)
  })

  it('without geoSearchScore the radius only filters: the entities share all of 100', async () => {
    const result = await boolean(query, { geoSearch, explainScore: true, explainScoreType: 'json' })
    expect(ids(result).sort()).toEqual(within().sort())
    for (const record of result.records) {
      const explanation = result.explainScore!.find((e) => e.id === record.id).explaination
      expect(explanation.geoSearh).toMatchObject({ score: 0, maxScore: 0 })
      expect(record.score).toBe(50)
    }
  })

  it('gives each record its distance from the centre in km (distanceKm), in either distance unit', async () => {
    for (const options of [{ geoSearch }, { geoSearch: { ...geoSearch, radius: 300 / 1.609344, distanceUnit: 'mile' } }]) {
      const result = await boolean(query, options)
      expect(result.records.length).toBe(within().length)
      for (const record of result.records) {
        const km = distance(record.id)
        expect(Math.abs(record.distanceKm - km), `${record.id}: ${record.distanceKm} km, ${km} on the sphere`).toBeLessThan(km * 0.005 + 0.1)
      }
    }
    const withoutGeo = await boolean(query)
    expect(withoutGeo.records.length).toBeGreaterThan(0)
    for (const record of withoutGeo.records) expect(record).not.toHaveProperty('distanceKm')
  })
})

describe('years of experience: "5" and "3-5"', () => {
  const wholeYears = (id: string) => Math.floor(Number(resume(id).WorkedPeriod.TotalExperienceInMonths) / 12)
  const months = (id: string) => Number(resume(id).WorkedPeriod.TotalExperienceInMonths)
  const minimumYears = (id: string) => Number(jd(id).ExperienceRequired.MinimumYearsExperience)

  it('finds resumes with at least, or between, so many years or months (bounds included)', async () => {
    const years = (value: string) => boolean({ required: { TotalExperienceInYear: [value] } })
    const between = (low: number, high: number) => resumeIds.filter((id) => wholeYears(id) >= low && wholeYears(id) <= high).sort()
    // 10-12 holds some fixtures and leaves others out on either side.
    expect(between(10, 12).length).toBeGreaterThan(0)
    expect(between(10, 12).length).toBeLessThan(resumeIds.length - 1)
    expect(ids(await years('10-12')).sort()).toEqual(between(10, 12))
    expect(ids(await years('13')).sort()).toEqual(resumeIds.filter((id) => wholeYears(id) >= 13).sort())
    // In months, bounds included: the range ends at one resume's months exactly.
    const [low, high] = [months('resume-pl'), months('resume-it')].sort((a, b) => a - b) as [number, number]
    const inMonths = await boolean({ required: { TotalExperienceInMonths: [`${low}-${high}`] } })
    expect(ids(inMonths).sort()).toEqual(resumeIds.filter((id) => months(id) >= low && months(id) <= high).sort())
    expect(ids(inMonths)).toEqual(expect.arrayContaining(['resume-pl', 'resume-it']))
  })

  it('finds JDs whose minimum is at least, or between, so many years', async () => {
    const minimum = (value: string) => boolean({ required: { MinimumYearsExperience: [value] } }, {}, 'JD')
    const between = (low: number, high: number) => jdIds.filter((id) => minimumYears(id) >= low && minimumYears(id) <= high).sort()
    expect(between(3, 4).length).toBeGreaterThan(0)
    expect(ids(await minimum('3-4')).sort()).toEqual(between(3, 4))
    expect(ids(await minimum('5')).sort()).toEqual(between(5, 99))
    expect(between(5, 99).length).toBeGreaterThan(0)
  })
})

describe('pageSize', () => {
  const simple = { query: { keyword: 'Java' } }
  const boolean = { query: { optional: { Skill: ['Java', 'Python'] } } }
  const match = () => ({ match: { docType: 'JD', jsonData: Buffer.from(JSON.stringify(parsed.get('jd-de'))).toString('base64') } })

  it('takes up to 500 records a page', async () => {
    const all = await search('booleanSearch', { ...boolean, pageSize: 500 })
    expect(all).toMatchObject({ pageSize: 500, count: all.records.length })
    expect((await search('simpleSearch', { ...simple, pageSize: 500 })).pageSize).toBe(500)
    expect((await search('match', { ...match(), pageSize: 500 })).pageSize).toBe(500)
  })

  it.each([['simpleSearch', () => simple], ['booleanSearch', () => boolean], ['match', match]] as const)('%s refuses 501 (2042)', async (operation, body) => {
    await expectRefused(service.database.db, () => service.post(`/searchengine/${operation}`, { index: { indexType: 'Resume', indexKey: key }, ...body(), pageSize: 501 }), 2042)
  })
})

describe('duplicateFields', () => {
  it('is accepted, true or false, and changes nothing', async () => {
    const query = { optional: { Skill: ['Java', 'Python', 'Accounting'] } }
    const options = { explainScore: true, explainScoreType: 'json', facet: { fields: ['City'] } }
    const without = await boolean(query, options)
    expect(without.count).toBeGreaterThan(1)
    expect(await boolean(query, { ...options, duplicateFields: true })).toEqual(without)
    expect(await boolean(query, { ...options, duplicateFields: false })).toEqual(without)
  })
})

describe('JD sorting by salary', () => {
  // Every JD meets exactly one of the countries, so all score alike and the salary decides.
  const everyJd = () => ({ optional: { JobLocationCountry: jdIds.map((id) => jd(id).JobLocation.Country) } })
  const salary = (id: string, field: 'MinAmount' | 'MaxAmount') => Number(jd(id).SalaryOffered[field])

  it('sorts by SalaryMinAmount and SalaryMaxAmount as numbers, ties by id', async () => {
    expect(jdIds.every((id) => salary(id, 'MinAmount') > 0)).toBe(true)
    for (const [field, order] of [['MinAmount', 'asc'], ['MaxAmount', 'desc']] as const) {
      const result = await boolean(everyJd(), { sorting: [{ field: `Salary${field}`, order }] }, 'JD')
      const sign = order === 'asc' ? 1 : -1
      const expected = [...jdIds].sort((a, b) => sign * (salary(a, field) - salary(b, field)) || a.localeCompare(b))
      expect(ids(result), field).toEqual(expected)
    }
  })
})
