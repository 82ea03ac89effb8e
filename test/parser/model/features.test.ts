import { describe, expect, it } from 'vitest'
import { modelDocument, prepareText } from '../../../src/parser/model/document.js'
import { documentFeatures } from '../../../src/parser/model/features.js'
import { featureWords } from '../../../src/parser/model/tagger.js'
import { vocabulary } from '../../../src/parser/vocab/vocabulary.js'

const words = vocabulary()

/** Each word of the text with the vocabulary features ("vt=B", "vo=I", ...) the tagger sees on it. */
function vocabularyFeatures(lines: string[]): Array<[string, string[]]> {
  const text = prepareText(lines.join('\n'), words)
  const document = modelDocument(text, words)
  const features = documentFeatures(document, featureWords(words))
  return document.tokens.map((token, t) => [token.text, features[t]!.filter((f) => /^v[a-z]=[BI]$/.test(f))])
}

describe("the tagger's vocabulary features", () => {
  it("mark a title of two words or more that O*NET knows and the project's titles do not", () => {
    const seen = new Map(vocabularyFeatures(['Anna Nowak', 'Boilermaker Helper at Allianz, 2019 - 2021']))
    expect(seen.get('Boilermaker')).toContain('vo=B')
    expect(seen.get('Helper')).toContain('vo=I')
    expect(seen.get('Boilermaker')).not.toContain('vt=B')
    expect(seen.get('Allianz')).not.toContain('vo=B')
  })

  it('leave a one-word O*NET title unmarked: such words are everywhere', () => {
    const seen = new Map(vocabularyFeatures(['Anna Nowak', 'Director of a choir, Engineer by training']))
    expect(seen.get('Director')).not.toContain('vo=B')
    expect(seen.get('Engineer')).not.toContain('vo=B')
  })
})

describe("the tagger's segment class features", () => {
  it("give each token its line's class and its neighbours', and its vocabulary hits in that class", () => {
    const text = prepareText(['Anna Nowak', 'Data Analyst at Allianz Group', '2019 - 2021'].join('\n'), words)
    const document = modelDocument(text, words)
    const features = documentFeatures(document, featureWords(words), undefined, ['name', 'job', 'O'])
    const of = (word: string) => features[document.tokens.findIndex((token) => token.text === word)]!
    expect(of('Group')).toEqual(expect.arrayContaining(['lc=job', 'lc-1=name', 'lc+1=O', 'org|lc=job', 'lc|sh=job|Xx']))
    expect(of('Anna')).toEqual(expect.arrayContaining(['lc=name', 'lc-1=<d', 'lc+1=job']))
    expect(documentFeatures(document, featureWords(words)).flat().some((f) => f.startsWith('lc'))).toBe(false)
  })
})
