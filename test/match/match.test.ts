import { readFileSync } from 'node:fs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorCode } from '../../src/errors/catalogue.js'
import { expectRefused } from '../support/refusal.js'
import { startTestService, type TestService } from '../support/service.js'

/** Matching (spec 4.5, 4.6, 4.8) through HTTP, in all four directions, across languages. */
let service: TestService
let key: string
const languages = ['en', 'de', 'es', 'fr', 'pl', 'it']
const file = (name: string) => readFileSync(new URL(`../fixtures/parser/${name}.txt`, import.meta.url)).toString('base64')
/** The parser output of each fixture, as parseAndIndex returned it in `doc`. */
const docs = new Map<string, string>()

const post = (operation: string, indexType: string | undefined, body: Record<string, unknown>, subUserId?: unknown) =>
  service.post(`/searchengine/${operation}`, { index: { ...(indexType ? { indexType } : {}), indexKey: key, ...(subUserId !== undefined ? { subUserId } : {}) }, ...body })
async function ok(res: Response): Promise<Record<string, any>> {
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Record<string, any>
}
const matchFrom = (docType: string, id: string, indexType: string, extra: Record<string, unknown> = {}) =>
  post('match', indexType, { match: { docType, jsonData: docs.get(id) }, ...extra })
const ids = (result: Record<string, any>) => result.records.map((r: { id: string }) => r.id)
const refused = (send: () => Promise<Response>, code: number) => expectRefused(service.database.db, send, code as ErrorCode)
/** A text document indexed with parseAndIndex under `indexKey`; its parser output. */
async function indexText(indexKey: string, indexType: string, id: string, text: string): Promise<string> {
  const res = await service.post('/searchengine/parseAndIndex', { index: { indexType, indexKey }, data: { id, fileContent: Buffer.from(text).toString('base64'), fileName: `${id}.txt` } })
  return (await ok(res)).doc
}
/** The month `months` before this one, as the Polish fixture writes dates ("03.2019"). */
function monthsAgo(months: number): string {
  const date = new Date()
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() - months)
  return `${String(date.getUTCMonth() + 1).padStart(2, '0')}.${date.getUTCFullYear()}`
}

beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey({ name: 'matcher' })
  for (const language of languages) {
    for (const [indexType, id] of [['Resume', `resume-${language}`], ['JD', `jd-${language}`]] as const) {
      const body = await ok(await post('parseAndIndex', indexType, { data: { id, fileContent: file(id), fileName: `${id}.txt` } }, language === 'it' && indexType === 'Resume' ? 'team-it' : undefined))
      docs.set(id, body.doc)
    }
  }
})
afterAll(() => service.close())

describe('match', () => {
  it('JD -> Resume: a German Java JD finds the Polish Java developer first', async () => {
    const result = await ok(await matchFrom('JD', 'jd-de', 'Resume'))
    expect(ids(result)[0]).toBe('resume-pl')
    expect(result.records[0].score).toBeGreaterThan(result.records[1]?.score ?? 0)
    expect(result).not.toHaveProperty('facet')
  })

  it('Resume -> JD: the Polish Java developer finds the Java JDs first', async () => {
    const result = await ok(await matchFrom('Resume', 'resume-pl', 'JD'))
    expect(ids(result).slice(0, 2).sort()).toEqual(['jd-de', 'jd-pl'])
  })

  it('Resume -> Resume ranks other resumes by what they share with the source: title and skills, skills, nothing', async () => {
    // The Polish Java developer against three English resumes in an account of their own, ids in the
    // reverse of the expected order so a tie cannot pass. Words only match within a language, so
    // the entities alone decide.
    const similarKey = await service.createKey({ name: 'similar-resumes' })
    const resume = (name: string, job: string, skills: string) =>
      [name, `${name.split(' ')[0]!.toLowerCase()}@example.ie`, 'Dublin, Ireland', '', 'Experience', `${job}, 2018 - present`, '',
        'Skills', skills].join('\n')
    await indexText(similarKey, 'Resume', 'a-shares-nothing', resume('Aoife Byrne', 'Pastry Chef, Liffey Bakery Ltd.', 'Baking, Food Safety'))
    await indexText(similarKey, 'Resume', 'b-shares-skills', resume('Brian Walsh', 'Dental Hygienist, Smile Clinic Ltd.', 'Java, Spring Boot, SQL, Git, Docker'))
    await indexText(similarKey, 'Resume', 'c-shares-title-and-skills', resume('Ciara Doyle', 'Java Developer, Quay Software Ltd.', 'Java, Spring Boot, SQL, Git, Docker'))
    const scored = await ok(await service.post('/searchengine/matchWithId', {
      index: { indexType: 'Resume', indexKey: similarKey },
      match: { docType: 'Resume', jsonData: docs.get('resume-pl'), matchId: ['a-shares-nothing', 'b-shares-skills', 'c-shares-title-and-skills'] },
    }))
    expect(ids(scored)).toEqual(['c-shares-title-and-skills', 'b-shares-skills', 'a-shares-nothing'])
    const [titleAndSkills, skills, nothing] = scored.records.map((r: { score: number }) => r.score)
    expect(titleAndSkills).toBeGreaterThan(skills)
    expect(skills).toBeGreaterThan(nothing)
    // /match returns only documents that share a value, in the same order.
    const matched = await ok(await service.post('/searchengine/match', { index: { indexType: 'Resume', indexKey: similarKey }, match: { docType: 'Resume', jsonData: docs.get('resume-pl') } }))
    expect(ids(matched)).toEqual(['c-shares-title-and-skills', 'b-shares-skills'])
    // A resume matched against its own index ranks itself first.
    expect(ids(await ok(await matchFrom('Resume', 'resume-es', 'Resume')))[0]).toBe('resume-es')
  })

  it('JD -> JD finds the most similar JD', async () => {
    const similarJds = await ok(await matchFrom('JD', 'jd-de', 'JD', { excludeDocumentIds: ['jd-de'] }))
    expect(ids(similarJds)[0]).toBe('jd-pl')
  })

  it('finds nurses for a Spanish nursing JD and accountants for a French accounting JD', async () => {
    expect(ids(await ok(await matchFrom('JD', 'jd-es', 'Resume')))[0]).toBe('resume-es')
    expect(ids(await ok(await matchFrom('JD', 'jd-fr', 'Resume')))[0]).toBe('resume-de')
  })

  it('scores are directional and out of 100', async () => {
    const jdToResume = (await ok(await post('matchWithId', 'Resume', { match: { docType: 'JD', jsonData: docs.get('jd-it'), matchId: ['resume-pl'] } }))).records[0]
    const resumeToJd = (await ok(await post('matchWithId', 'JD', { match: { docType: 'Resume', jsonData: docs.get('resume-pl'), matchId: ['jd-it'] } }))).records[0]
    for (const score of [jdToResume.score, resumeToJd.score]) expect(score).toBeGreaterThan(0), expect(score).toBeLessThanOrEqual(100)
    expect(jdToResume.score).not.toBe(resumeToJd.score)
  })

  it('explains a match as json (key Match, detailScore parts adding up) and as text', async () => {
    const result = await ok(await matchFrom('JD', 'jd-de', 'Resume', { explainScore: true, explainScoreType: 'json', pageSize: 2 }))
    const [first] = result.explainScore
    expect(first.id).toBe('resume-pl')
    expect(first.explaination.score).toBe(result.records[0].score)
    const parts = first.explaination.Match.detailScore as Array<Record<string, unknown>>
    expect(Object.keys(parts[0]!).sort()).toEqual(['entity', 'maxScore', 'score', 'value'])
    expect(parts.map((p) => p.entity)).toEqual(expect.arrayContaining(['CurrentJobProfile', 'RequiredSkillSet', 'Location']))
    const sum = parts.reduce((total, p) => total + Number(p.score), 0)
    expect(Math.abs(sum - first.explaination.score)).toBeLessThan(0.05)
    const text = await ok(await matchFrom('JD', 'jd-de', 'Resume', { explainScore: true }))
    expect(text.explainScore[0].explaination).toMatch(/^score [\d.]+ of 100 = CurrentJobProfile/)
  })

  it('gives a matching title its whole weight, and counts a higher degree as meeting a lower requirement', async () => {
    // jd-it asks for a Laurea (Bachelor level); the Polish candidate holds a Master (mgr inż.).
    const result = await ok(await post('matchWithId', 'Resume', {
      match: { docType: 'JD', jsonData: docs.get('jd-it'), matchId: ['resume-pl'] }, explainScore: true, explainScoreType: 'json',
    }))
    const parts = result.explainScore[0].explaination.Match.detailScore as Array<{ entity: string; score: number; maxScore: number }>
    const degree = parts.find((p) => p.entity === 'QualificationsRequired')!
    expect(degree.score).toBe(degree.maxScore)
    const fromPolishJd = await ok(await post('matchWithId', 'Resume', {
      match: { docType: 'JD', jsonData: docs.get('jd-pl'), matchId: ['resume-pl'] }, explainScore: true, explainScoreType: 'json',
    }))
    const title = (fromPolishJd.explainScore[0].explaination.Match.detailScore as typeof parts).find((p) => p.entity === 'CurrentJobProfile')!
    expect(title.score).toBe(title.maxScore)
  })

  it('scores more years in the JD\'s role higher (JobProfileExperience)', async () => {
    // The same candidate twice, in an account of its own: a Java developer for six years, and for a
    // year and a half, counted back from today so the test means the same in any year. jd-de asks for
    // three years (the steps 1, 2 and 3): six years reach all of them, a year and a half the first.
    const yearsKey = await service.createKey({ name: 'years-in-role' })
    const fixture = readFileSync(new URL('../fixtures/parser/resume-pl.txt', import.meta.url), 'utf8')
    expect(fixture).toContain('03.2019 – obecnie')
    const since = (months: number) => fixture.replace('03.2019 – obecnie', `${monthsAgo(months)} – obecnie`)
    await indexText(yearsKey, 'Resume', 'six-years', since(72))
    await indexText(yearsKey, 'Resume', 'year-and-a-half', since(18))
    const result = await ok(await service.post('/searchengine/matchWithId', {
      index: { indexType: 'Resume', indexKey: yearsKey }, match: { docType: 'JD', jsonData: docs.get('jd-de'), matchId: ['six-years', 'year-and-a-half'] }, explainScore: true, explainScoreType: 'json',
    }))
    expect(ids(result)).toEqual(['six-years', 'year-and-a-half'])
    const inRole = (i: number) => (result.explainScore[i].explaination.Match.detailScore as Array<{ entity: string; score: number; maxScore: number }>).find((p) => p.entity === 'JobProfileExperience')!
    expect(inRole(0).score).toBe(inRole(0).maxScore)
    expect(inRole(1).score).toBeCloseTo(inRole(1).maxScore / 3, 1)
  })

  it('scores a title of the JD\'s job family (JobFamily): a Data Engineer JD and a Data Analyst', async () => {
    const result = await ok(await post('matchWithId', 'Resume', {
      match: { docType: 'JD', jsonData: docs.get('jd-en'), matchId: ['resume-en', 'resume-pl'] }, explainScore: true, explainScoreType: 'json',
    }))
    const family = (id: string) => (result.explainScore.find((e: { id: string }) => e.id === id).explaination.Match.detailScore as Array<{ entity: string; score: number; maxScore: number }>)
      .find((p) => p.entity === 'JobFamily')!
    expect(family('resume-en').score).toBe(family('resume-en').maxScore)
    expect(family('resume-pl').score).toBe(0)
  })

  it('scores the JD\'s own words found in a resume (Keywords)', async () => {
    // Two resumes that differ only in a summary line that uses the JD's words, in an account of their own.
    const keywordsKey = await service.createKey({ name: 'keywords' })
    const plain = readFileSync(new URL('../fixtures/parser/resume-en.txt', import.meta.url), 'utf8')
    const summary = 'Data analyst with a background in retail and finance, focused on forecasting and reporting.'
    expect(plain).toContain(summary)
    const echoing = plain.replace(summary, 'Data analyst with a background in retail and finance, who wants to join a hybrid platform team.')
    await indexText(keywordsKey, 'Resume', 'plain', plain)
    await indexText(keywordsKey, 'Resume', 'echoing', echoing)
    const result = await ok(await service.post('/searchengine/matchWithId', {
      index: { indexType: 'Resume', indexKey: keywordsKey }, match: { docType: 'JD', jsonData: docs.get('jd-en'), matchId: ['plain', 'echoing'] }, explainScore: true, explainScoreType: 'json',
    }))
    expect(ids(result)).toEqual(['echoing', 'plain'])
    const parts = (i: number) => Object.fromEntries<number>((result.explainScore[i].explaination.Match.detailScore as Array<{ entity: string; score: number }>).map((p) => [p.entity, p.score]))
    const [echoingParts, plainParts] = [parts(0), parts(1)]
    expect(echoingParts.Keywords).toBeGreaterThan(plainParts.Keywords ?? 0)
    // Everything else is equal: the summary line holds no title, skill or place.
    expect({ ...echoingParts, Keywords: 0 }).toEqual({ ...plainParts, Keywords: 0 })
  })

  it('counts the JD\'s words for less in a longer text (Keywords, length-normalised)', async () => {
    // The same resume twice, once with a paragraph that shares no word with the JD: the longer text earns less.
    const lengthKey = await service.createKey({ name: 'keywords-length' })
    const short = readFileSync(new URL('../fixtures/parser/resume-en.txt', import.meta.url), 'utf8')
    const padding = '\n\nAbout me\nOn weekends I walk in the mountains with my family, read novels about the sea, bake bread for '
      + 'neighbours and visit small villages by bicycle. Every summer we rent a cottage near a lake and collect old maps.\n'
    const padded = short + padding
    await indexText(lengthKey, 'Resume', 'short', short)
    await indexText(lengthKey, 'Resume', 'padded', padded)
    const result = await ok(await service.post('/searchengine/matchWithId', {
      index: { indexType: 'Resume', indexKey: lengthKey }, match: { docType: 'JD', jsonData: docs.get('jd-en'), matchId: ['short', 'padded'] }, explainScore: true, explainScoreType: 'json',
    }))
    const parts = (id: string) => Object.fromEntries<number>((result.explainScore.find((e: { id: string }) => e.id === id).explaination.Match.detailScore as Array<{ entity: string; score: number }>).map((p) => [p.entity, p.score]))
    expect(parts('short').Keywords).toBeGreaterThan(parts('padded').Keywords ?? 0)
    expect(parts('padded').Keywords).toBeGreaterThan(0)
    expect({ ...parts('padded'), Keywords: 0 }).toEqual({ ...parts('short'), Keywords: 0 })
  })

  it('weighs the JD\'s words among candidates in its language: a Polish resume earns no Keywords from a German JD', async () => {
    // Both texts name Java and Spring; across languages the entities carry the match.
    const result = await ok(await post('matchWithId', 'Resume', {
      match: { docType: 'JD', jsonData: docs.get('jd-de'), matchId: ['resume-pl', 'resume-de'] }, explainScore: true, explainScoreType: 'json',
    }))
    const keywords = (id: string) => (result.explainScore.find((e: { id: string }) => e.id === id).explaination.Match.detailScore as Array<{ entity: string; score: number }>)
      .find((p) => p.entity === 'Keywords')?.score ?? 0
    expect(keywords('resume-pl')).toBe(0)
    expect(keywords('resume-de')).toBeGreaterThan(0)
    expect(ids(result)[0]).toBe('resume-pl')
  })

  it('matches a title the vocabulary does not know as written, and finds it by boolean search', async () => {
    // Two resumes alike but for their current title, neither in the title vocabulary, in an account of their own.
    const writtenKey = await service.createKey({ name: 'written-titles' })
    const resume = (title: string) => ['Jordan Lee', 'jordan.lee@example.com', '', 'Skills', 'Python, SQL, Linux', '',
      'Experience', `${title}, Northwind Traders Inc., 2019 - present`, 'Supported traders on Python tools and SQL reports.'].join('\n')
    const jd = ['## Job title', 'Trade Floor Support Analyst', '', '## Required Skills', '- Python', '- SQL', '- Linux'].join('\n')
    await indexText(writtenKey, 'Resume', 'floor', resume('Trade Floor Support Analyst'))
    await indexText(writtenKey, 'Resume', 'desk', resume('Market Data Desk Engineer'))
    const jdDoc = await indexText(writtenKey, 'JD', 'jd-floor', jd)
    const result = await ok(await service.post('/searchengine/match', {
      index: { indexType: 'Resume', indexKey: writtenKey }, match: { docType: 'JD', jsonData: jdDoc }, explainScore: true, explainScoreType: 'json',
    }))
    expect(ids(result)).toEqual(['floor', 'desk'])
    const part = (i: number, entity: string) => (result.explainScore[i].explaination.Match.detailScore as Array<{ entity: string; score: number; maxScore: number }>)
      .find((p) => p.entity === entity)!
    expect(part(0, 'CurrentJobProfile').score).toBe(part(0, 'CurrentJobProfile').maxScore)
    expect(part(1, 'CurrentJobProfile').score).toBe(0)
    // Years in the role are counted under the title as written too (since 2019).
    expect(part(0, 'JobProfileExperience').score).toBeGreaterThan(0)
    expect(part(1, 'JobProfileExperience').score).toBe(0)
    const found = await ok(await service.post('/searchengine/booleanSearch', {
      index: { indexType: 'Resume', indexKey: writtenKey }, query: { required: { JobProfile: ['trade floor support analyst'] } },
    }))
    expect(ids(found)).toEqual(['floor'])
  })

  it('pages and sorts', async () => {
    const all = await ok(await matchFrom('JD', 'jd-en', 'Resume'))
    const page = await ok(await matchFrom('JD', 'jd-en', 'Resume', { pageStart: 1, pageSize: 1 }))
    expect(page).toMatchObject({ count: all.count, pageStart: 1, pageSize: 1 })
    expect(ids(page)).toEqual(ids(all).slice(1, 2))
    const sorted = await ok(await matchFrom('JD', 'jd-en', 'Resume', { sorting: [{ field: 'TotalExperienceInMonths', order: 'desc' }] }))
    const years = sorted.records.map((r: { TotalExperienceInYear: number }) => r.TotalExperienceInYear)
    expect(years).toEqual([...years].sort((a, b) => b - a))
  })

  it.each([
    ['docType missing', { match: { jsonData: 'e30=' } }, 2053],
    ['docType not a string', { match: { docType: 1, jsonData: 'e30=' } }, 2052],
    ['docType not Resume or JD', { match: { docType: 'CV', jsonData: 'e30=' } }, 2051],
    ['jsonData missing', { match: { docType: 'JD' } }, 2055],
    ['jsonData not a string', { match: { docType: 'JD', jsonData: 5 } }, 2054],
    ['jsonData not base64', { match: { docType: 'JD', jsonData: '%%%' } }, 2056],
    ['jsonData not a resume', { match: { docType: 'Resume', jsonData: 'e30=' } }, 2024],
    ['jsonData not a JD', { match: { docType: 'JD', jsonData: 'e30=' } }, 2025],
  ])('refuses: %s', async (_name, body, code) => {
    await refused(() => post('match', 'Resume', body), code)
  })
})

describe('bounded candidates', () => {
  it('scores a bounded set, strongest tier first, and still ranks the best candidate first', async () => {
    const everyone = await ok(await matchFrom('JD', 'jd-de', 'Resume'))
    // One document per tier (a title and a skill near the JD, a title and a skill, a title, a skill, the
    // rest), and two in all.
    const bounded = await startTestService({ config: { matchCandidatesPerTier: 1 } })
    try {
      const boundedKey = await bounded.createKey({ name: 'bounded' })
      for (const language of languages) {
        const id = `resume-${language}`
        await ok(await bounded.post('/searchengine/index', { index: { indexType: 'Resume', indexKey: boundedKey }, data: { id, jsonData: docs.get(id) } }))
      }
      const res = await bounded.post('/searchengine/match', { index: { indexType: 'Resume', indexKey: boundedKey }, match: { docType: 'JD', jsonData: docs.get('jd-de') } })
      const result = await ok(res)
      expect(everyone.count).toBeGreaterThan(result.count)
      expect(result.count).toBeLessThanOrEqual(2)
      expect(ids(result)[0]).toBe(ids(everyone)[0])
    } finally {
      await bounded.close()
    }
  })
})

describe('bounded candidates, one value at a time', () => {
  const decode = (id: string) => JSON.parse(Buffer.from(docs.get(id)!, 'base64').toString('utf8'))
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64')

  it('a full skill tier holds the resumes that share the JD\'s first required skill', async () => {
    // A JD whose title no resume holds, asking for Kafka, then Python; two resumes that share one
    // skill each. With a budget of one, which resume the tier holds must follow the JD's order: one
    // lookup of both skills would return the same resume whichever comes first.
    const jd = decode('jd-en')
    Object.assign(jd.JDParsedData.JobProfile, { Title: 'Lighthouse Keeper', FormattedName: 'Lighthouse Keeper', Alias: '', RelatedSkills: [] })
    const [kafka, python] = ['Apache Kafka', 'Python'].map((name) => jd.JDParsedData.Skills.Required.find((s: { FormattedName: string }) => s.FormattedName === name))
    expect(kafka && python).toBeTruthy()
    jd.JDParsedData.Skills = { Required: [kafka, python], Preferred: [] }
    // Nothing else to bring candidates in (the last tier: degree, organisation, languages).
    Object.assign(jd.JDParsedData, { Organization: '', Languages: [], Qualifications: { Required: [], Preferred: [] } })
    const resumeWith = (skill: { Skill: string; FormattedName: string }) => {
      const resume = decode('resume-en')
      const r = resume.ResumeParserData
      r.SegregatedSkill = [{ ...r.SegregatedSkill[0], Skill: skill.Skill, FormattedName: skill.FormattedName, Alias: '' }]
      for (const job of r.SegregatedExperience) job.JobProfile = { Title: 'Gardener', FormattedName: 'Gardener', Alias: '' }
      return encode(resume)
    }
    const bounded = await startTestService({ config: { matchCandidatesPerTier: 1 } })
    try {
      const boundedKey = await bounded.createKey({ name: 'by-value' })
      const index = (id: string, jsonData: string) => bounded.post('/searchengine/index', { index: { indexType: 'Resume', indexKey: boundedKey }, data: { id, jsonData } })
      await ok(await index('knows-python', resumeWith(python)))
      await ok(await index('knows-kafka', resumeWith(kafka)))
      const match = async (source: unknown) => ok(await bounded.post('/searchengine/match', { index: { indexType: 'Resume', indexKey: boundedKey }, match: { docType: 'JD', jsonData: encode(source) } }))
      expect(ids(await match(jd))).toEqual(['knows-kafka'])
      // The JD's order decides, not the table's: Python first finds the Python resume.
      jd.JDParsedData.Skills.Required = [python, kafka]
      expect(ids(await match(jd))).toEqual(['knows-python'])
    } finally {
      await bounded.close()
    }
  })
})

describe('bounded candidates, the sample first', () => {
  it('an overflowing tier takes the documents of the one-in-sixteen sample before the table\'s first ones', async () => {
    // Two copies of the Polish Java developer: the first indexed lies outside the sample (migrations/0009),
    // the second inside. With one candidate per tier, every tier takes the sample's copy, though the
    // other comes first in the table.
    const bounded = await startTestService({ config: { matchCandidatesPerTier: 1 } })
    try {
      const boundedKey = await bounded.createKey({ name: 'sample-first' })
      const { rows } = await sql<{ id: string; inside: boolean }>`
        select id, (hashtext(id) & 15) = 0 as inside from (select 'copy-' || n as id from generate_series(1, 200) n) c`.execute(bounded.database.db)
      const outside = rows.find((r) => !r.inside)!.id
      const inside = rows.find((r) => r.inside)!.id
      for (const id of [outside, inside]) {
        await ok(await bounded.post('/searchengine/index', { index: { indexType: 'Resume', indexKey: boundedKey }, data: { id, jsonData: docs.get('resume-pl') } }))
      }
      const result = await ok(await bounded.post('/searchengine/match', { index: { indexType: 'Resume', indexKey: boundedKey }, match: { docType: 'JD', jsonData: docs.get('jd-de') } }))
      expect(ids(result)).toEqual([inside])
    } finally {
      await bounded.close()
    }
  })
})

describe('matchWithId', () => {
  it('scores only the listed ids, even those with nothing in common', async () => {
    const result = await ok(await post('matchWithId', 'Resume', { match: { docType: 'JD', jsonData: docs.get('jd-de'), matchId: ['resume-es', 'resume-pl'] } }))
    expect(ids(result)).toEqual(['resume-pl', 'resume-es'])
  })

  it.each([
    ['matchId missing', {}, 2058],
    ['matchId not an array', { matchId: 'resume-pl' }, 2057],
    ['matchId empty', { matchId: [] }, 2059],
  ])('refuses: %s', async (_name, extra, code) => {
    await refused(() => post('matchWithId', 'Resume', { match: { docType: 'JD', jsonData: docs.get('jd-de'), ...extra } }), code)
  })
})

describe('matchWithMultipleSubUserIds', () => {
  it('searches across the listed sub-users only', async () => {
    const result = await ok(await post('matchWithMultipleSubUserIds', 'Resume', { match: { docType: 'JD', jsonData: docs.get('jd-de') } }, ['team-it']))
    expect(ids(result)).toEqual(['resume-it'])
  })

  it('needs subUserId to be an array (2060)', async () => {
    await refused(() => post('matchWithMultipleSubUserIds', 'Resume', { match: { docType: 'JD', jsonData: docs.get('jd-de') } }, 'team-it'), 2060)
  })
})

describe('oneMatch', () => {
  const both = (resume: string, jd: string) => ({ resumeContent: file(resume), resumeFileName: `${resume}.txt`, jdContent: file(jd), jdFileName: `${jd}.txt` })

  it('matches one uploaded resume against one uploaded JD, indexing nothing', async () => {
    const before = await ok(await post('indexCount', undefined, {}))
    const result = await ok(await post('oneMatch', undefined, { match: both('resume-pl', 'jd-de'), matchType: 'JD to Resume', explainScore: true, explainScoreType: 'json' }))
    expect(result.ResumeJSON.ResumeParserData.Name.FullName).toBe('Anna Kowalska')
    expect(result.JDJSON.JDParsedData.JobProfile.FormattedName).toBe('Java Developer')
    const explanation = result.explainScore[0].explaination
    expect(explanation).toMatchObject({ score: result.score, maxScore: 100 })
    expect(explanation.Match.detailScore.length).toBeGreaterThan(3)
    expect(await ok(await post('indexCount', undefined, {}))).toEqual(before)
  })

  it('scores a good pair above a poor one, in both directions', async () => {
    for (const matchType of ['JD to Resume', 'Resume to JD']) {
      const good = await ok(await post('oneMatch', undefined, { match: both('resume-pl', 'jd-pl'), matchType }))
      const poor = await ok(await post('oneMatch', undefined, { match: both('resume-es', 'jd-pl'), matchType }))
      expect(good.score, matchType).toBeGreaterThan(poor.score)
    }
  })

  it.each([
    ['resumeContent not a string', { resumeContent: 1 }, 2061],
    ['jdContent not a string', { jdContent: 1 }, 2062],
    ['resumeContent missing', { resumeContent: undefined }, 2063],
    ['jdContent missing', { jdContent: undefined }, 2064],
    ['resumeFileName not a string', { resumeFileName: 1 }, 2065],
    ['jdFileName not a string', { jdFileName: 1 }, 2066],
    ['resumeFileName missing', { resumeFileName: undefined }, 2067],
    ['jdFileName missing', { jdFileName: undefined }, 2068],
  ])('refuses: %s', async (_name, change, code) => {
    const body = { match: { ...both('resume-pl', 'jd-pl'), ...change }, matchType: 'JD to Resume' }
    await refused(() => post('oneMatch', undefined, body), code)
  })

  it('needs matchType (2069) to be "Resume to JD" or "JD to Resume" (2070)', async () => {
    await refused(() => post('oneMatch', undefined, { match: both('resume-pl', 'jd-pl') }), 2069)
    await refused(() => post('oneMatch', undefined, { match: both('resume-pl', 'jd-pl'), matchType: 'both' }), 2070)
  })
})
