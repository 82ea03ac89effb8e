import { describe, expect, it } from 'vitest'
import { Tagger, trainTaggerData, unknownTag } from '../../../src/parser/model/perceptron.js'
import { projectLabels } from '../../../src/parser/model/projection.js'

describe('labels projected onto the text the model learns from', () => {
  const text = 'Anna Nowak\nJava Developer at Acme Ltd\nJavaScript, Java\n• Built Java services for Acme Ltd clients'
  const spans = projectLabels(text, { name: ['Anna Nowak'], title: ['Java Developer'], employer: ['Acme Ltd'], skill: ['Java'] })
  const read = spans.map((s) => [s.type, text.slice(s.from, s.to)])

  it('marks every mention of a labelled value, as whole words', () => {
    expect(read.filter(([type]) => type === 'employer')).toHaveLength(2)
    // "Java" inside "JavaScript" is not a mention.
    expect(read.filter(([type, value]) => type === 'skill' && value === 'Java')).toHaveLength(2)
  })

  it('keeps the longer of two overlapping labels', () => {
    expect(read).toContainEqual(['title', 'Java Developer'])
    expect(spans.some((s) => s.type === 'skill' && s.from === text.indexOf('Java Developer'))).toBe(false)
  })

  it('finds a value whose words the text splits over several spaces or lines', () => {
    const split = projectLabels('Tata Consultancy\n  Services', { employer: ['Tata Consultancy Services'] })
    expect(split).toHaveLength(1)
  })
})

describe('partly labelled sequences', () => {
  // "Python" is a skill where labelled; where the labels are unknown (a line of dotin without any skill
  // label) it must teach nothing, rather than that Python is no skill.
  const labelled = { features: [['w=knows'], ['w=python']], tags: ['O', 'B-skill'] }
  const unknown = { features: [['w=uses'], ['w=python']], tags: [unknownTag, unknownTag] }
  const outside = { features: [['w=uses'], ['w=python']], tags: ['O', 'O'] }
  const nothing = { features: [], tags: [] }
  const train = (other: typeof labelled) => trainTaggerData([labelled, other, other, other], { epochs: 5 })

  it('learns from tokens of unknown tag exactly as much as from no tokens at all', () => {
    expect(train(unknown)).toEqual(train(nothing))
    expect(train(outside)).not.toEqual(train(nothing))
    expect(new Tagger(train(unknown)).decode(unknown.features)).toEqual(['O', 'B-skill'])
  })
})
