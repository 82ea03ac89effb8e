import { describe, expect, it } from 'vitest'
import { PhraseSet } from '../../src/parser/vocab/phrase-set.js'

const set = new PhraseSet()
for (const phrase of ['Sales Associate', 'Senior Sales Associate', 'Director, Sales', 'Técnico de Mantenimiento', 'Engineer']) set.add(phrase)
const written = (text: string) => set.find(text).map((m) => text.slice(m.from, m.to))

describe('a phrase set', () => {
  it('finds the longest phrase at each place, whole words, in any case and accents, without overlaps', () => {
    expect(written('senior sales associate and Sales Associate')).toEqual(['senior sales associate', 'Sales Associate'])
    expect(written('TECNICO DE MANTENIMIENTO')).toEqual(['TECNICO DE MANTENIMIENTO'])
    expect(written('Salesman Associate')).toEqual([])
  })

  it('wants separators where the phrase has them, and nowhere else', () => {
    expect(written('Director, Sales')).toEqual(['Director, Sales'])
    expect(written('Director Sales')).toEqual([])
    expect(written('Sales | Associate')).toEqual([])
  })

  it('holds no phrase of one word', () => {
    expect(written('Engineer')).toEqual([])
    expect(set.size).toBe(4)
  })
})
