import { describe, expect, it } from 'vitest'
import { peerReport, slowestOfOurs, type IntentRuns } from '../../bench/search/peer/compare.js'
import { apiRequest } from '../../bench/search/peer/http-client.js'
import { peerIntents, type IntentQuery } from '../../bench/search/peer/intents.js'
import { newTerms, unknownTerm } from '../../bench/search/peer/sphinx-documents.js'
import { sphinxAnswer, sphinxQuery } from '../../bench/search/peer/sphinxql.js'
import { seeded } from '../../bench/search/random.js'
import { corpusVocabulary } from '../../bench/search/vocab.js'

/** How each intent becomes SphinxQL and a booleanSearch body (bench/search/peer/). */
const terms = newTerms()
const java = terms.skills.add('java')
const sql = terms.skills.add('sql')
const developer = terms.titles.add('java developer')
const munich = terms.cities.add('munich')
const base: IntentQuery = { skills: [], facets: false, byExperience: false }
const near = { city: 'Munich', country: 'Germany', latitude: 48.13743, longitude: 11.57549, radiusKm: 50 }

describe('intents as SphinxQL', () => {
  it('title + city: both attributes, values normalised as our search normalises them', () => {
    expect(sphinxQuery({ ...base, title: 'Java-Entwickler', city: 'München' }, terms))
      .toBe(`SELECT id FROM resumes WHERE titles = ${developer} AND city = ${munich} LIMIT 50; SHOW META`)
  })

  it('two required skills: one condition on the MVA per skill (AND)', () => {
    expect(sphinxQuery({ ...base, skills: ['Java', 'SQL'] }, terms)).toBe(`SELECT id FROM resumes WHERE skills = ${java} AND skills = ${sql} LIMIT 50; SHOW META`)
  })

  it('two skills + 3 facets: a FACET per field, top 10 by count, before SHOW META', () => {
    expect(sphinxQuery({ ...base, skills: ['Java', 'SQL'], facets: true }, terms)).toBe(
      `SELECT id FROM resumes WHERE skills = ${java} AND skills = ${sql} LIMIT 50 FACET city ORDER BY COUNT(*) DESC LIMIT 10 ` +
        'FACET skills ORDER BY COUNT(*) DESC LIMIT 10 FACET experience_range ORDER BY COUNT(*) DESC LIMIT 10; SHOW META',
    )
  })

  it('one skill within 50 km: GEODIST from the point in radians, nearest first', () => {
    expect(sphinxQuery({ ...base, skills: ['Java'], near }, terms)).toBe(
      'SELECT id, GEODIST(latitude, longitude, 0.840156647, 0.202030413, {in=rad, out=km}) AS distance FROM resumes ' +
        `WHERE skills = ${java} AND distance <= 50 ORDER BY distance ASC LIMIT 50; SHOW META`,
    )
  })

  it('one skill by experience: most months first', () => {
    expect(sphinxQuery({ ...base, skills: ['Java'], byExperience: true }, terms)).toBe(`SELECT id FROM resumes WHERE skills = ${java} ORDER BY experience_months DESC LIMIT 50; SHOW META`)
  })

  it('a value in no document asks for a term id no document holds', () => {
    expect(sphinxQuery({ ...base, skills: ['Cobol'] }, terms)).toBe(`SELECT id FROM resumes WHERE skills = ${unknownTerm} LIMIT 50; SHOW META`)
  })

  it('reads total_found from SHOW META, the batch\'s last result set', () => {
    const meta = [{ Variable_name: 'total', Value: '50' }, { Variable_name: 'total_found', Value: '1234' }, { Variable_name: 'time', Value: '0.004' }]
    expect(sphinxAnswer([[{ id: 1 }], [{ city: 3, 'count(*)': 9 }], meta])).toEqual({ totalFound: 1234, resultSets: 2 })
    expect(() => sphinxAnswer([[{ id: 1 }]])).toThrow(/total_found/)
  })
})

describe('intents as booleanSearch requests', () => {
  const index = { indexType: 'Resume', indexKey: 'k' }

  it('puts every value in query.required, with the page size both engines use', () => {
    expect(apiRequest({ ...base, title: 'Java Developer', city: 'Munich' }, 'k')).toEqual({
      path: '/searchengine/booleanSearch',
      body: { index, query: { required: { JobProfile: ['Java Developer'], City: ['Munich'] } }, pageSize: 50 },
    })
  })

  it('asks for the same facets, the radius around the same point, and the experience sort', () => {
    expect(apiRequest({ ...base, skills: ['Java', 'SQL'], facets: true }, 'k').body).toEqual({
      index, query: { required: { Skill: ['Java', 'SQL'] } }, pageSize: 50, facet: { fields: ['City', 'Skill', 'TotalExperienceRange'], limit: 10 },
    })
    expect(apiRequest({ ...base, skills: ['Java'], near }, 'k').body.geoSearch).toEqual({
      city: 'Munich', country: 'Germany', latitude: '48.13743', longitude: '11.57549', radius: 50, distanceUnit: 'KM',
    })
    expect(apiRequest({ ...base, skills: ['Java'], byExperience: true }, 'k').body.sorting).toEqual([{ field: 'TotalExperienceInMonths', order: 'desc' }])
  })
})

describe('the five intents', () => {
  const intents = peerIntents(corpusVocabulary(3))

  it('draw the same queries from the same seed, with two different skills where they ask for two', () => {
    const draw = (seed: number) => intents.map((intent) => intent.next(seeded(seed)))
    expect(draw(5)).toEqual(draw(5))
    const random = seeded(11)
    for (let i = 0; i < 200; i++) {
      const [title, skills, facets, geo, sorted] = intents.map((intent) => intent.next(random))
      expect(title!.title && title!.city).toBeTruthy()
      expect(new Set(skills!.skills).size).toBe(2)
      expect(facets!.facets && new Set(facets!.skills).size === 2).toBe(true)
      expect(geo!.near?.radiusKm).toBe(50)
      expect(sorted!.byExperience && sorted!.skills.length === 1).toBe(true)
    }
  })
})

describe('the report', () => {
  const intent = peerIntents(corpusVocabulary(3))[4]!
  const q = (skill: string): IntentQuery => ({ ...base, skills: [skill], byExperience: true })
  const runs: IntentRuns = {
    intent,
    queries: [q('Java'), q('Prefect'), q('SQL'), q('Git Flow')],
    ours: { times: [20, 61, 18, 44], counts: [84529, 902, 60000, 1138] },
    sphinx: { times: [30, 40, 31, 41], counts: [84529, 902, 60000, 1138] },
  }

  it('names our slowest runs, slowest first, with their hits and both engines\' times', () => {
    expect(slowestOfOurs(runs, 2)).toEqual([
      { query: 'Prefect', hits: 902, ours: 61, sphinx: 40 },
      { query: 'Git Flow', hits: 1138, ours: 44, sphinx: 41 },
    ])
    expect(peerReport([runs])).toContain('slow for us: Prefect (902 hits): ours 61.0 ms, Sphinx 40.0 ms')
  })
})
