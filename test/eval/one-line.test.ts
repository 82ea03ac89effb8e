import { describe, expect, it } from 'vitest'
import { oneLineCopy } from '../../eval/one-line.js'
import { projectLabels } from '../../src/parser/model/projection.js'

describe('a labelled document in one line', () => {
  it('keeps its labels, which still name its text, teaches no name, and says which document it was made from', () => {
    const written = { name: '17', text: 'Anna Nowak\nSenior Engineer\nAcme Corp\n\n2019 - 2021', values: { name: ['Anna Nowak'], employer: ['Acme Corp'] }, partial: ['skill' as const] }
    const copy = oneLineCopy(written)
    // Where a name ends in one line is left to what the name tagger learns from the texts as written.
    expect(copy).toEqual({ ...written, name: '17 in one line', text: 'Anna Nowak Senior Engineer Acme Corp 2019 - 2021', source: '17', only: ['title', 'employer', 'institute', 'degree', 'skill'] })
    expect(projectLabels(copy.text, copy.values).map((s) => copy.text.slice(s.from, s.to))).toEqual(['Anna Nowak', 'Acme Corp'])
  })
})
