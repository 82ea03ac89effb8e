import { describe, expect, it } from 'vitest'
import { analyzeKeyword } from '../../src/search/keyword.js'

describe("a search box's text", () => {
  it('leaves the words that join its entities out of what it did not recognise, in each language', () => {
    const rest = (keyword: string) => {
      const found = analyzeKeyword(keyword)
      return { rest: found.rest, organization: found.organization, location: found.location?.text }
    }
    expect(rest('java developer in Berlin with 5 years')).toEqual({ rest: [], organization: undefined, location: 'Berlin' })
    expect(rest('Buchhalter mit SAP bei Siemens in München')).toEqual({ rest: ['Siemens'], organization: 'Siemens', location: 'München' })
    expect(rest('enfermera con experiencia en Madrid')).toEqual({ rest: ['experiencia'], organization: undefined, location: 'Madrid' })
    expect(rest('comptable avec SAP à Lyon')).toEqual({ rest: [], organization: undefined, location: 'Lyon' })
    expect(rest('infermiere con esperienza a Milano')).toEqual({ rest: ['esperienza'], organization: undefined, location: 'Milano' })
  })
})
