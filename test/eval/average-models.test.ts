import { describe, expect, it } from 'vitest'
import { averageModels } from '../../eval/average-models.js'
import { Tagger, trainTaggerData, type TaggerData } from '../../src/parser/model/perceptron.js'

const two = (features: Record<string, number[]>, transitions = [0, 0, 0, 0, 0, 0]): TaggerData => ({ tags: ['O', 'B-x'], transitions, features })

describe('models averaged over draws', () => {
  it('gives each feature the mean of its weights, a model without it counting as 0', () => {
    const { person } = averageModels([{ person: two({ a: [1, 2], b: [0, 3] }) }, { person: two({ a: [1, 4], c: [0, -1] }) }])
    expect(person!.features).toEqual({ a: [1, 3], b: [0, 1.5], c: [0, -0.5] })
  })

  it('lines tags up by name when one model knows a tag the other never learnt', () => {
    const first = two({ a: [1, 2] }, [1, 2, 3, 4, 5, 6])
    const second: TaggerData = { tags: ['O', 'B-x', 'I-x'], transitions: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8], features: { a: [2, 4] } }
    const { person } = averageModels([{ person: first }, { person: second }])
    expect(person!.tags).toEqual(['O', 'B-x', 'I-x'])
    expect(person!.features.a).toEqual([1, 1, 2, 2])
    // Rows: start, after O, after B-x, after I-x; columns O, B-x, I-x. The first model's 2 x 3 lands in its place.
    expect(person!.transitions).toEqual([0.5, 1, 0, 1.5, 2, 0, 2.5, 3, 0, 0, 0, 4])
  })

  it('keeps a part that only some models have, at its share of the mean', () => {
    const model = averageModels([{ person: two({ a: [1, 2] }) }, { person: two({ a: [1, 2] }), lines: two({ z: [1, 6] }) }])
    expect(model.lines!.features).toEqual({ z: [1, 3] })
  })

  it("decodes as the mean of the models' scores: the one that is sure outweighs the one that leans the other way", () => {
    const sure = two({ w: [1, 5] })
    const leaning = two({ w: [0, 1] })
    expect(new Tagger(sure).decode([['w']])).toEqual(['B-x'])
    expect(new Tagger(leaning).decode([['w']])).toEqual(['O'])
    expect(new Tagger(averageModels([{ person: sure }, { person: leaning }]).person!).decode([['w']])).toEqual(['B-x'])
  })

  it('gives a trained tagger back as it was when it is the only one', () => {
    const data = trainTaggerData([{ features: [['w=anna'], ['w=nowak'], ['w=works']], tags: ['B-name', 'I-name', 'O'] }], { epochs: 3, decimals: 2 })
    const averaged = averageModels([{ person: data }]).person!
    expect(averaged.features).toEqual(data.features)
    expect(averaged.tags).toEqual(data.tags)
    expect(new Tagger(averaged).decode([['w=anna'], ['w=nowak'], ['w=works']])).toEqual(['B-name', 'I-name', 'O'])
  })
})
