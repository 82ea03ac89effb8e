import type { Vocabulary } from '../vocab/vocabulary.js'
import { modelDocument, prepareText } from './document.js'
import { tagsOf } from './entities.js'
import { documentFeatures } from './features.js'
import type { EntityType } from './entities.js'
import { encodeSequences, fitTagger, unknownTag, type TaggerData } from './perceptron.js'
import { projectLabels, type LabelledDocument } from './projection.js'
import { featureWords, taggerGroups, type TaggerGroup } from './tagger.js'

export interface TrainParserOptions {
  epochs: number
  seed: number
  /** Averaged weights below this are dropped (the weights file stays a few MB). */
  prune: number
  /** Features of fewer training documents than this are left out (perceptron.ts). */
  minDocuments: number
  onEpoch?: (group: TaggerGroup, epoch: number, errorRate: number) => void
}

/** Settings of the shipped model; cross-validation trains each fold's model with the same. */
export const defaultTrainOptions: TrainParserOptions = { epochs: 8, seed: 1, prune: 0.05, minDocuments: 3 }

const groups = Object.keys(taggerGroups) as TaggerGroup[]

/** Each document's token features and its gold tags per tagger group, computed when the trainer reaches it. */
export function* taggedSequences(documents: Iterable<LabelledDocument>, words: Vocabulary): Generator<{ features: string[][]; tags: Record<TaggerGroup, string[]> }> {
  const known = featureWords(words)
  for (const labelled of documents) {
    const text = prepareText(labelled.text, words)
    const document = modelDocument(text, words)
    if (document.tokens.length === 0) continue
    const spans = projectLabels(text, labelled.values)
    const tags = Object.fromEntries(groups.map((group) => {
      const types: readonly EntityType[] = taggerGroups[group]
      const own = spans.filter((s) => types.includes(s.type))
      const layer = tagsOf(document, own)
      if (types.some((type) => labelled.partial?.includes(type))) {
        const labelledLines = new Set(own.map((s) => document.tokens.find((t) => t.end > s.from)?.line))
        document.tokens.forEach((token, t) => {
          if (!labelledLines.has(token.line)) layer[t] = unknownTag
        })
      }
      return [group, layer]
    }))
    yield { features: documentFeatures(document, known), tags: tags as Record<TaggerGroup, string[]> }
  }
}

/**
 * Trains the resume tagger on labelled documents, in the order given: pure (the vocabularies are read,
 * nothing is written) and deterministic.
 */
export function train(documents: Iterable<LabelledDocument>, words: Vocabulary, options: TrainParserOptions = defaultTrainOptions): Record<TaggerGroup, TaggerData> {
  const encoded = encodeSequences(taggedSequences(documents, words), options.minDocuments)
  const settings = { epochs: options.epochs, seed: options.seed, prune: options.prune, decimals: 2 }
  const report = options.onEpoch
  return Object.fromEntries(
    groups.map((group) => [group, fitTagger(encoded, group, { ...settings, ...(report ? { onEpoch: (epoch: number, rate: number) => report(group, epoch, rate) } : {}) })]),
  ) as Record<TaggerGroup, TaggerData>
}
