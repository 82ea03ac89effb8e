import { describe, expect, it } from 'vitest'
import { filterFoldsOf } from '../../../src/parser/model/train.js'

const read = (name: string, source?: string) => ({ name, ...(source ? { source } : {}) })

describe('span filter folds', () => {
  it('go by order, and put a document in one line with the document it was made from', () => {
    // A copy in another fold would let a filter learn from spans its tagger read in the copy.
    const folds = filterFoldsOf([read('a'), read('a in one line', 'a'), read('b'), read('b in one line', 'b'), read('c'), read('d')])
    expect(folds).toEqual([0, 0, 2, 2, 1, 2])
  })
})
