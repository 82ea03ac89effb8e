import { existsSync, readFileSync } from 'node:fs'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { modelDocument, type ModelDocument } from './document.js'
import { spansOf, type EntitySpan, type EntityType } from './entities.js'
import { documentFeatures, type FeatureWords } from './features.js'
import { foundEntities, type FoundEntity } from './found.js'
import { nameLists } from './names.js'
import { Tagger, type TaggerData } from './perceptron.js'
import { readWeights } from './weights-file.js'

/**
 * The entity types each tagger learns. One tagger per group rather than one for all: a resume has one
 * name and hundreds of skill words, and in one model the frequent, loosely labelled types drown the
 * rare ones (a name was missed on most documents); apart, each tagger weighs its own evidence.
 */
export const taggerGroups = {
  person: ['name'],
  title: ['title'],
  employer: ['employer'],
  institute: ['institute'],
  degree: ['degree'],
  skill: ['skill'],
} as const satisfies Record<string, readonly EntityType[]>

export type TaggerGroup = keyof typeof taggerGroups

/** The resume model: a tagger per group of entity types. */
export class ResumeModel {
  readonly #taggers: Array<[TaggerGroup, Tagger]>

  constructor(taggers: Partial<Record<TaggerGroup, TaggerData>>) {
    this.#taggers = (Object.keys(taggerGroups) as TaggerGroup[]).flatMap((group) => (taggers[group] ? [[group, new Tagger(taggers[group])] as [TaggerGroup, Tagger]] : []))
  }

  /** Entities of a prepared text, every group's, in text order, with the document it read (lines, tokens). */
  find(text: string, words: Vocabulary): { document: ModelDocument; spans: EntitySpan[] } {
    const document = modelDocument(text, words)
    const features = documentFeatures(document, featureWords(words))
    const spans = this.#taggers.flatMap(([, tagger]) => spansOf(document, tagger.decode(features)))
    return { document, spans: spans.sort((a, b) => a.from - b.from || a.to - b.to) }
  }

  /** The entities of a prepared text as written, with their lines. */
  entities(text: string, words: Vocabulary): FoundEntity[] {
    const { document, spans } = this.find(text, words)
    return foundEntities(text, document, spans)
  }
}

/** The weights `npm run train:parser` writes and the parser reads. */
export const weightsUrl = new URL('../../../vocab/model/resume-tagger.json.gz', import.meta.url)

let shipped: ResumeModel | null | undefined

/** The model of the weights file, loaded once; null when the file is not there (the rules work alone). */
export function shippedModel(): ResumeModel | null {
  if (shipped === undefined) shipped = existsSync(weightsUrl) ? new ResumeModel(readWeights(readFileSync(weightsUrl)).taggers) : null
  return shipped
}

export function featureWords(words: Vocabulary): FeatureWords {
  return { ...words, names: nameLists() }
}
