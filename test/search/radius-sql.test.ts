import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { jdEntities } from '../../src/entity/entities.js'
import { matchModel, matchQuery } from '../../src/match/match-model.js'
import { parseJd } from '../../src/parser/jd.js'
import { commonQuery } from '../../src/search/common-options.js'
import { geoCondition } from '../../src/search/geo-radius.js'
import type { Condition, SearchQuery } from '../../src/search/query.js'
import { queryValue } from '../../src/search/query-values.js'
import { searchEntity } from '../../src/search/search-entities.js'
import { searchStatement } from '../../src/search/search-sql.js'
import { sqlCompiler as compiler } from '../support/sql-compiler.js'

/**
 * Which lookup a radius search's statement offers the planner (docs/search.md, "Radius"). The results
 * are the same either way (test/search/search.test.ts holds them); what these guard is that a radius
 * search never loses the GiST index without a GIN lookup in cells to replace it, which would scan the
 * whole index type. Compiled only: no database.
 */

function condition(name: string, values: string[], kind: 'Required' | 'Optional', operator: 'AND' | 'OR' = 'OR'): Condition {
  const entity = searchEntity('Resume', name)!
  return { entity: name, keys: entity.keys, values: values.map((value) => queryValue(entity.kind, value)), operator, kind, weight: 50 }
}

function compiled(conditions: Condition[], extra: Partial<SearchQuery> = {}, where = { latitude: '50.06', longitude: '19.94' }) {
  const q: SearchQuery = {
    ...commonQuery('Resume', {}, undefined),
    conditions,
    explainKey: 'BooleanSearch',
    geo: geoCondition({ ...where, radius: 20, distanceUnit: 'KM' }, 0),
    ...extra,
  }
  return offered(q)
}

function offered(q: SearchQuery) {
  const { sql, parameters } = searchStatement(1, q).compile(compiler)
  return {
    // The radius test the WHERE uses: st_dwithin (the GiST index may answer it) or _st_dwithin (it may not).
    radius: /\b_st_dwithin\(/.test(sql) ? 'no index' : /\bst_dwithin\(/.test(sql) ? 'index' : 'none',
    cells: parameters.some((p) => JSON.stringify(p).includes('GeoCell')),
  }
}

describe('a radius search', () => {
  it('looks its entity values up within the cells, and the radius without the GiST index', () => {
    expect(compiled([condition('Skill', ['Java', 'Docker'], 'Required', 'AND')])).toEqual({ radius: 'no index', cells: true })
    expect(compiled([condition('Skill', ['Java'], 'Optional'), condition('JobProfile', ['Java Developer'], 'Optional')])).toEqual({ radius: 'no index', cells: true })
  })

  it('keeps the GiST index when no lookup every document passes carries the cells', () => {
    // Nothing else to look up.
    expect(compiled([])).toEqual({ radius: 'index', cells: false })
    // Years of experience alone: no index answers them.
    expect(compiled([condition('TotalExperienceInYear', ['5'], 'Optional')])).toEqual({ radius: 'index', cells: false })
    // Either the entity or a custom value: the custom side is not in cells.
    const either = { customValues: [{ key: 'source', values: ['referral'], inObjects: false }], customValuesRequired: false }
    expect(compiled([condition('Skill', ['Java'], 'Optional')], either).radius).toBe('index')
  })

  it('keeps the GiST index where no handful of cells covers the circle', () => {
    expect(compiled([condition('Skill', ['Java'], 'Required')], {}, { latitude: '-18.1', longitude: '179.9' })).toEqual({ radius: 'index', cells: false })
  })
})

describe('a match from a located JD', () => {
  const jd = parseJd(readFileSync(new URL('../fixtures/parser/jd-de.txt', import.meta.url), 'utf8'))

  it('looks its near tier up within the cells of its 100 km, and the radius without the GiST index', () => {
    const q = matchQuery(matchModel('JD', jdEntities(jd), 'Resume'), commonQuery('Resume', {}, undefined), { perTier: 10 })!
    expect(q.candidates!.tiers[0]!.near).toBe(true)
    expect(offered(q)).toEqual({ radius: 'no index', cells: true })
  })

  it('has no near tier, and no cells, without a place', () => {
    const unlocated = jdEntities(jd)
    const q = matchQuery(matchModel('JD', { ...unlocated, latitude: null, longitude: null }, 'Resume'), commonQuery('Resume', {}, undefined), { perTier: 10 })!
    expect(q.candidates!.tiers.some((t) => t.near)).toBe(false)
    expect(offered(q)).toEqual({ radius: 'none', cells: false })
  })
})
