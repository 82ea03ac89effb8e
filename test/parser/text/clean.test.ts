import { describe, expect, it } from 'vitest'
import { findDateRanges } from '../../../src/parser/extract/dates.js'
import { cleanText } from '../../../src/parser/text/clean.js'
import { vocabulary } from '../../../src/parser/vocab/vocabulary.js'

describe('text made regular', () => {
  it('writes typographic hyphens as the hyphen-minus, so a period written with one is read', () => {
    const line = cleanText('Full\u2010time Instructor  2001\u20112002')
    expect(line).toBe('Full-time Instructor  2001-2002')
    expect(findDateRanges(line, vocabulary()).map((r) => [r.start.year, r.end === 'present' ? r.end : r.end.year])).toEqual([[2001, 2002]])
  })

  it('writes the other dashes as the en dash', () => {
    expect(cleanText('2019 \u2014 2021 \u2212 x')).toBe('2019 – 2021 – x')
  })
})
