import { describe, expect, it } from 'vitest'
import { encodeSequences, Tagger, trainTaggerData, type TaggedSequence } from '../../../src/parser/model/perceptron.js'
import { readWeights, writeWeights } from '../../../src/parser/model/weights-file.js'

/**
 * A small problem a linear sequence model can solve but a per-token lookup cannot: "bank" is an
 * employer after "at" and a skill after "investment", and a name is two capitalised words at the
 * start of a line, whatever the words are.
 */
function sequence(words: string[], tags: string[]): TaggedSequence {
  const features = words.map((word, i) => [
    'bias',
    `w=${word.toLowerCase()}`,
    `shape=${/^[A-Z]/.test(word) ? 'X' : 'x'}`,
    `prev=${words[i - 1]?.toLowerCase() ?? '<s>'}`,
    `first=${i === 0}`,
  ])
  return { features, tags }
}

const names = [['Anna', 'Nowak'], ['Jan', 'Kowal'], ['Emily', 'Carter'], ['Marco', 'Rossi'], ['Claire', 'Dubois'], ['Lukas', 'Becker']]
const training: TaggedSequence[] = names.flatMap(([first, last], k) => [
  sequence([first!, last!, 'works', 'at', 'Bank'], ['B-name', 'I-name', 'O', 'O', 'B-employer']),
  sequence(['knows', 'investment', 'bank', 'and', k % 2 ? 'Java' : 'SQL'], ['O', 'B-skill', 'I-skill', 'O', 'B-skill']),
])

describe('averaged perceptron tagger', () => {
  const data = trainTaggerData(training, { epochs: 10, seed: 7 })
  const tagger = new Tagger(data)

  it('learns the training sequences, including the same word in two roles', () => {
    for (const s of training) expect(tagger.decode(s.features)).toEqual(s.tags)
  })

  it('generalises to a name it never saw, through shape and position', () => {
    const unseen = sequence(['Zofia', 'Mazur', 'works', 'at', 'Bank'], [])
    expect(tagger.decode(unseen.features)).toEqual(['B-name', 'I-name', 'O', 'O', 'B-employer'])
  })

  it('never decodes an I- tag that does not continue its B- tag', () => {
    const tags = tagger.decode([['w=bank'], ['w=bank'], ['w=nowak']])
    tags.forEach((tag, i) => {
      if (tag.startsWith('I-')) expect([`B-${tag.slice(2)}`, tag]).toContain(tags[i - 1])
    })
  })

  it('gives the same weights for the same inputs, and other weights for another order', () => {
    expect(trainTaggerData(training, { epochs: 10, seed: 7 })).toEqual(data)
    expect(writeWeights({ trainedOn: { test: 1 }, taggers: { test: trainTaggerData(training, { epochs: 10, seed: 7 }) } }))
      .toEqual(writeWeights({ trainedOn: { test: 1 }, taggers: { test: data } }))
    expect(trainTaggerData(training, { epochs: 1, seed: 8 })).not.toEqual(trainTaggerData(training, { epochs: 1, seed: 7 }))
  })

  it('round-trips its averaged weights through the weights file and decodes the same', () => {
    const file = readWeights(writeWeights({ trainedOn: { sequences: training.length }, taggers: { test: data } }))
    expect(file.taggers.test).toEqual(data)
    const reloaded = new Tagger(file.taggers.test!)
    for (const s of training) expect(reloaded.decode(s.features)).toEqual(tagger.decode(s.features))
  })

  it('drops weights below the pruning threshold', () => {
    const weightsOf = (d: typeof data) => Object.values(d.features).flatMap((pairs) => pairs.filter((_, k) => k % 2 === 1))
    const pruned = trainTaggerData(training, { epochs: 10, seed: 7, prune: 2 })
    expect(weightsOf(pruned).every((w) => Math.abs(w) >= 2)).toBe(true)
    expect(weightsOf(pruned).length).toBeLessThan(weightsOf(data).length)
  })

  it('refuses a file of another format', () => {
    expect(() => readWeights(writeWeights({ trainedOn: {}, taggers: { test: data } }).subarray(0, 10))).toThrow()
  })
})

describe('the features a tagger may use', () => {
  const seq = (name: string, words: string[], source?: string) => ({
    name,
    ...(source ? { source } : {}),
    features: words.map((w) => [`w=${w}`]),
    tags: { tags: words.map(() => 'O') },
  })

  it('are those of enough documents, a document in another form counting once', () => {
    const encoded = encodeSequences([seq('a', ['rare', 'common']), seq('a in one line', ['rare', 'common'], 'a'), seq('b', ['common'])], 2)
    const usable = (feature: string) => encoded.usable!.tags![encoded.names.indexOf(`w=${feature}`)]
    expect(usable('common')).toBe(1)
    // Read twice, but one document: learnt by heart if it counted twice.
    expect(usable('rare')).toBe(0)
    expect(encoded.sequences).toHaveLength(3)
  })
})
