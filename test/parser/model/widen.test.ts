import { describe, expect, it } from 'vitest'
import type { FoundEntity } from '../../../src/parser/model/found.js'
import { widened } from '../../../src/parser/model/widen.js'
import { vocabulary } from '../../../src/parser/vocab/vocabulary.js'

const words = vocabulary()
const lines = [
  { number: 0, text: 'Intern  05/2001 - 12/2001  MedUnison, L.L.C., Oklahoma City, OK' },
  { number: 1, text: 'Master of Arts, Education  GPA 4.0' },
  { number: 2, text: 'Acme Analytics Ltd, Berlin' },
]
const entity = (type: FoundEntity['type'], line: number, text: string): FoundEntity => ({ type, line, text, from: 0 })

describe("the model's entities as their lines write them", () => {
  it('gives an employer that is only a legal form the name before its comma', () => {
    expect(widened([entity('employer', 0, 'L.L.C.')], lines, words)[0]?.text).toBe('MedUnison, L.L.C.')
  })

  it('gives a degree its field of study', () => {
    expect(widened([entity('degree', 1, 'Master of Arts')], lines, words)[0]?.text).toBe('Master of Arts, Education')
  })

  it('leaves other entities, and text not on their line, as found', () => {
    const found = [entity('employer', 2, 'Acme Analytics Ltd'), entity('title', 1, 'Master of Arts'), entity('degree', 2, 'MBA')]
    expect(widened(found, lines, words)).toEqual(found)
  })
})
