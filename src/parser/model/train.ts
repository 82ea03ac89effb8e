import type { Vocabulary } from '../vocab/vocabulary.js'
import { modelDocument, prepareText } from './document.js'
import type { ModelDocument } from './document.js'
import { spansOf, tagsOf, type EntitySpan, type EntityType } from './entities.js'
import { documentFeatures, documentHits, type FeatureWords } from './features.js'
import { goldLineClasses, lineFeatures } from './line-class.js'
import { encodeSequences, fitTagger, Tagger, unknownTag, type EncodedSequences, type TaggerData, type TrainOptions } from './perceptron.js'
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
  /** Called with every document's gold line classes and those a segment classifier that did not see it gave. */
  onLineClasses?: (documents: ReadonlyArray<{ name: string; gold: readonly string[]; predicted: readonly string[] }>) => void
}

/** Per line class, how many lines have it (gold), were given it (predicted), and both (right). */
export type LineClassCounts = Record<string, { gold: number; predicted: number; right: number }>

/** Tallies the classes given to lines against their gold ones; lines of unknown class are not counted. */
export function lineClassCounts(documents: ReadonlyArray<{ gold: readonly string[]; predicted: readonly string[] }>): LineClassCounts {
  const counts: LineClassCounts = {}
  const of = (c: string) => (counts[c] ??= { gold: 0, predicted: 0, right: 0 })
  for (const { gold, predicted } of documents) {
    gold.forEach((tag, i) => {
      if (tag === unknownTag) return
      of(tag).gold++
      of(predicted[i]!).predicted++
      if (predicted[i] === tag) of(tag).right++
    })
  }
  return counts
}

/** Settings of the shipped model; cross-validation trains each fold's model with the same. */
export const defaultTrainOptions: TrainParserOptions = { epochs: 8, seed: 1, prune: 0.05, minDocuments: 3 }

const groups = Object.keys(taggerGroups) as TaggerGroup[]

/** A document the trainer read, with its labelled spans, kept for the segment classes and the span filters' examples. */
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

/** Every document read once, in order: its prepared text's lines and tokens, and its labelled spans. */
function readDocuments(documents: Iterable<LabelledDocument>, words: Vocabulary): ReadDocument[] {
  const read: ReadDocument[] = []
  for (const labelled of distinctlyNamed(documents)) {
    const text = prepareText(labelled.text, words)
    const document = modelDocument(text, words)
    if (document.tokens.length === 0) continue
    read.push({ name: labelled.name, ...(labelled.source ? { source: labelled.source } : {}), document, labelled: projectLabels(text, labelled.values), partial: labelled.partial ?? [], ...(labelled.only ? { only: labelled.only } : {}) })
  }
  return read
}

/** A read document's gold tags per tagger group; unknown where the document does not label the group. */
function goldTags({ document, labelled: spans, partial, only }: ReadDocument): Record<TaggerGroup, string[]> {
  return Object.fromEntries(groups.map((group) => {
    const types: readonly EntityType[] = taggerGroups[group]
    const own = spans.filter((s) => types.includes(s.type))
    const layer = tagsOf(document, own)
    if (only && !types.some((type) => only.includes(type))) return [group, layer.map(() => unknownTag)]
    if (types.some((type) => partial.includes(type))) {
      const labelledLines = new Set(own.map((s) => document.tokens.find((t) => t.end > s.from)?.line))
      document.tokens.forEach((token, t) => {
        if (!labelledLines.has(token.line)) layer[t] = unknownTag
      })
    }
    return [group, layer]
  })) as Record<TaggerGroup, string[]>
}

/**
 * The segment classifier (line-class.ts) and the class of every read document's lines as the token
 * taggers are to see them: from a classifier that did not see the document (the span filters' folds),
 * since one trained on it would give its gold classes back and the taggers would learn to trust them
 * more than a parse of a new document can.
 */
function trainLineClasses(read: readonly ReadDocument[], known: FeatureWords, foldOf: readonly number[], settings: TrainOptions, minDocuments: number): { data: TaggerData; classes: string[][]; gold: string[][] } {
  const features = read.map(({ document }) => lineFeatures(document, documentHits(document, known)))
  const sequences = read.map(({ name, source, document, labelled, only }, i) => ({
    name,
    ...(source ? { source } : {}),
    features: features[i]!,
    tags: { lines: goldLineClasses(document, labelled, only) ?? document.lines.map(() => unknownTag) },
  }))
  const encoded = encodeSequences(sequences, minDocuments)
  const classes: string[][] = []
  for (let fold = 0; fold < filterFolds; fold++) {
    const classifier = new Tagger(fitTagger({ ...encoded, sequences: encoded.sequences.filter((_, i) => foldOf[i] !== fold) }, 'lines', settings))
    features.forEach((lines, i) => {
      if (foldOf[i] === fold) classes[i] = classifier.decode(lines)
    })
  }
  return { data: fitTagger(encoded, 'lines', settings), classes, gold: sequences.map((s) => s.tags.lines) }
}

/** Folds of the segment classes and the span filters' examples: each fold's come from a model that did not see it. */
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
  const known = featureWords(words)
  const read = readDocuments(documents, words)
  const foldOf = filterFoldsOf(read)
  const settings = { epochs: options.epochs, seed: options.seed, prune: options.prune, decimals: 2 }
  const lines = trainLineClasses(read, known, foldOf, settings, options.minDocuments)
  options.onLineClasses?.(read.map(({ name }, i) => ({ name, gold: lines.gold[i]!, predicted: lines.classes[i]! })))
  const sequences = (function* () {
    for (const [i, document] of read.entries()) {
      yield { features: documentFeatures(document.document, known, undefined, lines.classes[i]), tags: goldTags(document), name: document.name, ...(document.source ? { source: document.source } : {}) }
    }
  })()
  const encoded = encodeSequences(sequences, options.minDocuments)
  const report = options.onEpoch
  const taggers = Object.fromEntries(
    groups.map((group) => [group, fitTagger(encoded, group, { ...settings, ...(report ? { onEpoch: (epoch: number, rate: number) => report(group, epoch, rate) } : {}) })]),
  ) as Record<TaggerGroup, TaggerData>
  const filters = Object.fromEntries(filteredGroups.map((group) => [`${group}Filter`, trainFilter(group, encoded, read, foldOf, words, settings)]))
  return { ...taggers, ...filters, lines: lines.data }
}

/**
 * A group's span filter (span-filter.ts) learns from the spans its tagger finds, decoded as the parser
 * decodes them, in documents that tagger never saw: trained on every document, the tagger would find
 * its own training labels and the filter would learn to keep everything. So the documents are cut
 * into folds by their order (a document's other form goes with it), and each fold's candidates come
 * from a tagger trained on the others.
 */
function trainFilter(group: TaggerGroup, encoded: EncodedSequences, read: readonly ReadDocument[], foldOf: readonly number[], words: Vocabulary, settings: TrainOptions): TaggerData {
  const types: readonly EntityType[] = taggerGroups[group]
  const examples: Array<{ features: string[][]; tags: Record<string, string[]> }> = []
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
