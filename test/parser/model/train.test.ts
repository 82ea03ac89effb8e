import { describe, expect, it } from 'vitest'
import { distinctlyNamed, filterFoldsOf, lineClassCounts } from '../../../src/parser/model/train.js'

const read = (name: string, source?: string) => ({ name, ...(source ? { source } : {}) })

describe('span filter folds', () => {
  it('go by order, and put a document in one line with the document it was made from', () => {
    // A copy in another fold would let a filter learn from spans its tagger read in the copy.
    const folds = filterFoldsOf([read('a'), read('a in one line', 'a'), read('b'), read('b in one line', 'b'), read('c'), read('d')])
    expect(folds).toEqual([0, 0, 2, 2, 1, 2])
  })
})

describe('training documents', () => {
  it('pass through when each has a name of its own and a form follows its original', () => {
    const documents = [read('a'), read('a in one line', 'a'), read('b')]
    expect([...distinctlyNamed(documents)]).toEqual(documents)
  })

  it('are refused when two share a name, which would merge them in the cut-off and the folds', () => {
    expect(() => [...distinctlyNamed([read('a'), read('b'), read('a')])]).toThrow(/two training documents are named "a"/)
  })

  it('are refused when a form comes before its original or names none', () => {
    expect(() => [...distinctlyNamed([read('a in one line', 'a'), read('a')])]).toThrow(/"a in one line" is a form of "a"/)
    expect(() => [...distinctlyNamed([read('b'), read('c in one line', 'c')])]).toThrow(/which does not come before it/)
  })
})

describe('segment class counts', () => {
  it('tally each class given against each class labelled, leaving lines of unknown class out', () => {
    const counts = lineClassCounts([
      { gold: ['name', 'O', 'job', 'job'], predicted: ['name', 'job', 'job', 'O'] },
      { gold: ['?', 'school'], predicted: ['job', 'school'] },
    ])
    expect(counts).toEqual({
      name: { gold: 1, predicted: 1, right: 1 },
      O: { gold: 1, predicted: 1, right: 0 },
      job: { gold: 2, predicted: 2, right: 1 },
      school: { gold: 1, predicted: 1, right: 1 },
    })
  })
})
