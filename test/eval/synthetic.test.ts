import { describe, expect, it } from 'vitest'
import { syntheticCorpus } from '../../bench/synthetic/generate.js'
import { readGold } from '../../eval/gold-format.js'

const today = new Date('2025-06-01T00:00:00Z')

describe('synthetic bench corpus', () => {
  const corpus = syntheticCorpus(60, 3, today)

  it('is the same for the same seed and covers the six languages', () => {
    expect(syntheticCorpus(60, 3, today)).toEqual(corpus)
    expect(new Set(corpus.map((r) => r.language))).toEqual(new Set(['en', 'de', 'es', 'fr', 'pl', 'it']))
  })

  it('labels only what the text says, in the gold format', () => {
    for (const { text, gold } of corpus) {
      expect(readGold(gold, 'synthetic')).toEqual(gold)
      for (const value of [gold.name!, ...gold.emails!, ...gold.phones!, ...gold.titles!, ...gold.employers!, ...gold.institutes!, ...gold.degrees!, ...gold.skills!])
        expect(text).toContain(value)
      expect(gold.totalExperienceMonths).toBeGreaterThan(0)
    }
  })
})
