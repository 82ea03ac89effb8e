import type { Vocabulary } from '../vocab/vocabulary.js'
import { modelDocument, prepareText } from './document.js'
import { tagsOf } from './entities.js'
import { documentFeatures } from './features.js'
import type { EntityType } from './entities.js'
import { spansOf, type EntitySpan } from './entities.js'
import type { ModelDocument } from './document.js'
import { encodeSequences, fitTagger, Tagger, unknownTag, type EncodedSequences, type TaggerData } from './perceptron.js'
import { projectLabels, type LabelledDocument } from './projection.js'
import { filterExample, spanContext } from './span-filter.js'
import { decodeBias, featureWords, filteredGroups, taggerGroups, type ModelData, type TaggerGroup } from './tagger.js'

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

/** A document the trainer read, with its labelled spans, kept for the span filters' examples. */
interface ReadDocument {
  name: string
  source?: string
  document: ModelDocument
  labelled: EntitySpan[]
  /** Types labelled partly (LabelledDocument.partial). */
  partial: readonly EntityType[]
  /** The only types labelled (LabelledDocument.only). */
  only?: readonly EntityType[]
}

/**
 * The documents as given, each checked to have a name of its own and, when it is another form of one
 * (`source`), to come after that one: the cut-off and the span filters' folds find a form's original by
 * its name, and would otherwise count it as a document of its own without a word.
 */
export function* distinctlyNamed<D extends Pick<LabelledDocument, 'name' | 'source'>>(documents: Iterable<D>): Generator<D> {
  const seen = new Set<string>()
  for (const document of documents) {
    if (seen.has(document.name)) throw new Error(`two training documents are named ${JSON.stringify(document.name)}; each needs a name of its own`)
    if (document.source !== undefined && !seen.has(document.source))
      throw new Error(`training document ${JSON.stringify(document.name)} is a form of ${JSON.stringify(document.source)}, which does not come before it`)
    seen.add(document.name)
    yield document
  }
}

/**
 * Each document's token features and its gold tags per tagger group, computed when the trainer reaches
 * it; `read`, when given, collects each yielded document with its labelled spans, in order.
 */
export function* taggedSequences(documents: Iterable<LabelledDocument>, words: Vocabulary, read?: ReadDocument[]): Generator<{ features: string[][]; tags: Record<TaggerGroup, string[]>; name: string; source?: string }> {
  const known = featureWords(words)
  for (const labelled of distinctlyNamed(documents)) {
    const text = prepareText(labelled.text, words)
    const document = modelDocument(text, words)
    if (document.tokens.length === 0) continue
    const spans = projectLabels(text, labelled.values)
    const tags = Object.fromEntries(groups.map((group) => {
      const types: readonly EntityType[] = taggerGroups[group]
      const own = spans.filter((s) => types.includes(s.type))
      const layer = tagsOf(document, own)
      if (labelled.only && !types.some((type) => labelled.only!.includes(type))) return [group, layer.map(() => unknownTag)]
      if (types.some((type) => labelled.partial?.includes(type))) {
        const labelledLines = new Set(own.map((s) => document.tokens.find((t) => t.end > s.from)?.line))
        document.tokens.forEach((token, t) => {
          if (!labelledLines.has(token.line)) layer[t] = unknownTag
        })
      }
      return [group, layer]
    }))
    read?.push({ name: labelled.name, ...(labelled.source ? { source: labelled.source } : {}), document, labelled: spans, partial: labelled.partial ?? [], ...(labelled.only ? { only: labelled.only } : {}) })
    yield { features: documentFeatures(document, known), tags: tags as Record<TaggerGroup, string[]>, name: labelled.name, ...(labelled.source ? { source: labelled.source } : {}) }
  }
}

/** Folds of a span filter's examples: each fold's candidates come from a tagger that did not see it. */
const filterFolds = 3

/** Each read document's filter fold: by its order, or its source's (LabelledDocument.source). */
export function filterFoldsOf(read: ReadonlyArray<Pick<ReadDocument, 'name' | 'source'>>): number[] {
  const byName = new Map<string, number>()
  return read.map(({ name, source }, i) => {
    const fold = (source === undefined ? undefined : byName.get(source)) ?? i % filterFolds
    byName.set(name, fold)
    return fold
  })
}

/**
 * Trains the resume tagger on labelled documents, in the order given: pure (the vocabularies are read,
 * nothing is written) and deterministic.
 */
export function train(documents: Iterable<LabelledDocument>, words: Vocabulary, options: TrainParserOptions = defaultTrainOptions): ModelData {
  const read: ReadDocument[] = []
  const encoded = encodeSequences(taggedSequences(documents, words, read), options.minDocuments)
  const settings = { epochs: options.epochs, seed: options.seed, prune: options.prune, decimals: 2 }
  const report = options.onEpoch
  const taggers = Object.fromEntries(
    groups.map((group) => [group, fitTagger(encoded, group, { ...settings, ...(report ? { onEpoch: (epoch: number, rate: number) => report(group, epoch, rate) } : {}) })]),
  ) as Record<TaggerGroup, TaggerData>
  const filters = Object.fromEntries(filteredGroups.map((group) => [`${group}Filter`, trainFilter(group, encoded, read, words, settings)]))
  return { ...taggers, ...filters }
}

/**
 * A group's span filter (span-filter.ts) learns from the spans its tagger finds, decoded as the parser
 * decodes them, in documents that tagger never saw: trained on every document, the tagger would find
 * its own training labels and the filter would learn to keep everything. So the documents are cut
 * into folds by their order (a document's other form goes with it), and each fold's candidates come
 * from a tagger trained on the others.
 */
function trainFilter(group: TaggerGroup, encoded: EncodedSequences, read: readonly ReadDocument[], words: Vocabulary, settings: { epochs: number; seed: number; prune: number; decimals: number }): TaggerData {
  const types: readonly EntityType[] = taggerGroups[group]
  const examples: Array<{ features: string[][]; tags: Record<string, string[]> }> = []
  const foldOf = filterFoldsOf(read)
  for (let fold = 0; fold < filterFolds; fold++) {
    const tagger = new Tagger(fitTagger({ ...encoded, sequences: encoded.sequences.filter((_, i) => foldOf[i] !== fold) }, group, settings))
    encoded.sequences.forEach((sequence, i) => {
      if (foldOf[i] !== fold) return
      const { document, labelled, partial, only } = read[i]!
      // A document that labels none of the group's types has no example of them either way.
      if (only && !types.some((t) => only.includes(t))) return
      const own = labelled.filter((s) => types.includes(s.type))
      // Where labels are partial, a span on a line without a label is no example either way.
      const lineOf = (offset: number) => document.tokens.find((t) => t.end > offset)?.line
      const labelledLines = types.some((t) => partial.includes(t)) ? new Set(own.map((s) => lineOf(s.from))) : undefined
      const features = sequence.features.map((ids) => Array.from(ids, (id) => encoded.names[id]!))
      const context = spanContext(document)
      for (const span of spansOf(document, tagger.decode(features, decodeBias[group]))) {
        if (labelledLines && !labelledLines.has(lineOf(span.from))) continue
        const example = filterExample(document, span, own, words, context)
        examples.push({ features: example.features, tags: { keep: example.tags } })
      }
    })
  }
  return fitTagger(encodeSequences(examples, 2), 'keep', settings)
}
