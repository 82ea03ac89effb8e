import { describe, expect, it } from 'vitest'
import { trainingResumes } from '../../../bench/synthetic/training.js'
import { modelDocument, prepareText } from '../../../src/parser/model/document.js'
import type { EntitySpan } from '../../../src/parser/model/entities.js'
import { documentHits } from '../../../src/parser/model/features.js'
import { goldLineClasses, LineClassifier, lineFeatures } from '../../../src/parser/model/line-class.js'
import { trainTaggerData } from '../../../src/parser/model/perceptron.js'
import { projectLabels, type LabelledDocument } from '../../../src/parser/model/projection.js'
import { featureWords } from '../../../src/parser/model/tagger.js'
import { vocabulary } from '../../../src/parser/vocab/vocabulary.js'

const words = vocabulary()
const known = featureWords(words)

function read(labelled: Pick<LabelledDocument, 'text' | 'values'>) {
  const text = prepareText(labelled.text, words)
  const document = modelDocument(text, words)
  return { document, spans: projectLabels(text, labelled.values), hits: documentHits(document, known) }
}

describe('the gold class of a line', () => {
  const text = ['Anna Nowak, Data Analyst', 'anna.nowak@example.com', 'Experience', 'Data Analyst | Allegro | 2019 - 2021', 'Education',
    'MSc Computer Science, Warsaw University of Technology', 'Skills', 'SQL, Python'].join('\n')
  const { document, spans } = read({ text, values: { name: ['Anna Nowak'], title: ['Data Analyst'], employer: ['Allegro'], institute: ['Warsaw University of Technology'], degree: ['MSc Computer Science'], skill: ['SQL', 'Python'] } })

  it('is what the labelled spans on it are, the name before the title beside it', () => {
    expect(document.lines.map((line) => line.text)).toHaveLength(8)
    expect(goldLineClasses(document, spans)).toEqual(['name', 'O', 'O', 'job', 'O', 'school', 'O', 'skill'])
  })

  it('is not known in a document that labels only some of the job and education types', () => {
    const skills: EntitySpan[] = spans.filter((s) => s.type === 'skill')
    expect(goldLineClasses(document, skills, ['skill'])).toBeUndefined()
    expect(goldLineClasses(document, spans, ['title', 'employer', 'skill'])).toBeUndefined()
  })

  it('is known in a copy that labels every type but the name', () => {
    expect(goldLineClasses(document, spans, ['title', 'employer', 'institute', 'degree', 'skill'])).toEqual(['name', 'O', 'O', 'job', 'O', 'school', 'O', 'skill'])
  })
})

describe('the segment classifier', () => {
  const sequences = (resumes: ReturnType<typeof trainingResumes>) =>
    resumes.map((resume) => {
      const { document, spans, hits } = read(resume)
      return { document, hits, features: lineFeatures(document, hits), tags: goldLineClasses(document, spans)! }
    })
  const data = trainTaggerData(sequences(trainingResumes(80, 11)), { epochs: 6, minSequences: 2 })
  const classifier = new LineClassifier(data)
  // Resumes of another seed: layouts and values the classifier never saw.
  const unseen = sequences(trainingResumes(30, 12))

  it('tells job headers, education entries and the name line from the rest in resumes it never saw', () => {
    const right = new Map<string, [number, number]>()
    for (const { document, hits, tags } of unseen) {
      classifier.classify(document, hits).forEach((predicted, i) => {
        const [hit, all] = right.get(tags[i]!) ?? [0, 0]
        right.set(tags[i]!, [hit + (predicted === tags[i] ? 1 : 0), all + 1])
      })
    }
    for (const lineClass of ['name', 'job', 'school']) {
      const [hit, all] = right.get(lineClass)!
      expect(all).toBeGreaterThan(20)
      expect(hit / all, lineClass).toBeGreaterThanOrEqual(0.8)
    }
  })

  it('classifies every line, and an empty text has none', () => {
    const { document, hits } = unseen[0]!
    expect(classifier.classify(document, hits)).toHaveLength(document.lines.length)
    const empty = read({ text: '', values: {} })
    expect(classifier.classify(empty.document, empty.hits)).toEqual([])
  })
})
