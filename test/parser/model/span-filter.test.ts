import { describe, expect, it } from 'vitest'
import { trainingResumes } from '../../../bench/synthetic/training.js'
import { modelDocument, prepareText } from '../../../src/parser/model/document.js'
import { projectLabels } from '../../../src/parser/model/projection.js'
import { spanContext, spanFeatures } from '../../../src/parser/model/span-filter.js'
import { ResumeModel } from '../../../src/parser/model/tagger.js'
import { train } from '../../../src/parser/model/train.js'
import { vocabulary } from '../../../src/parser/vocab/vocabulary.js'

const words = vocabulary()

/** The features of the first place `phrase` is written in `lines`. */
function featuresOf(lines: string[], phrase: string): string[] {
  const text = prepareText(lines.join('\n'), words)
  const document = modelDocument(text, words)
  const from = text.indexOf(phrase)
  return spanFeatures(document, { type: 'employer', from, to: from + phrase.length }, words, spanContext(document))
}

describe('what the employer filter sees of a span', () => {
  it('a company alone on its line between a title and a period', () => {
    const features = featuresOf(['Experience', 'Senior Accountant', 'Harbor Point Analytics Inc.', 'January 2019 - Present', '• Prepared statements'], 'Harbor Point Analytics Inc.')
    expect(features).toEqual(expect.arrayContaining(['whole=true', 'org=true', 'bullet=false', 'prev:title', 'dd=down1']))
  })

  it('a phrase ending a sentence in a bullet', () => {
    const features = featuresOf(['Experience', 'Analyst, Acme Ltd', 'January 2019 - Present', '• Built reports for the Finance Team.'], 'Finance Team')
    expect(features).toEqual(expect.arrayContaining(['whole=false', 'bullet=true', 'stop=true', 'before=the']))
  })
})

describe('a model trained with span filters', () => {
  // Small sets keep the test quick; the figures on real resumes are in docs/accuracy.md.
  const data = train(trainingResumes(90, 11), words, { epochs: 4, seed: 1, prune: 0, minDocuments: 2 })
  const model = new ResumeModel(data)

  /** Of the spans of `type` a model finds in resumes it never saw, the share that overlaps a labelled one. */
  const precision = (m: ResumeModel, type: 'employer' | 'degree') => {
    let right = 0
    let found = 0
    for (const resume of trainingResumes(40, 4242)) {
      const text = prepareText(resume.text, words)
      const labelled = projectLabels(text, resume.values).filter((s) => s.type === type)
      const spans = m.find(text, words).spans.filter((s) => s.type === type)
      found += spans.length
      right += spans.filter((s) => labelled.some((l) => l.from < s.to && l.to > s.from)).length
    }
    return right / found
  }

  it.each(['employer', 'degree'] as const)('learns one for the %s spans, which it finds more precisely than without it', (type) => {
    const { [`${type}Filter` as const]: filter, ...rest } = data
    expect(filter?.tags).toEqual(['O', 'B-keep'])
    expect(precision(model, type)).toBeGreaterThan(precision(new ResumeModel(rest), type))
  })
})
