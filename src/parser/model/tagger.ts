import { existsSync, readFileSync } from 'node:fs'
import type { Block } from '../sections.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { modelDocument, type ModelDocument } from './document.js'
import { spansOf, type EntitySpan, type EntityType } from './entities.js'
import { documentFeatures, documentHits, type FeatureWords } from './features.js'
import { foundEntities, type FoundEntity } from './found.js'
import { LineClassifier } from './line-class.js'
import { nameLists } from './names.js'
import { addScores, Tagger, type TaggerData } from './perceptron.js'
import { SpanFilter } from './span-filter.js'
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

/**
 * Added to each tagger's entity scores when decoding (Tagger.decode): the perceptron is cautious where
 * labels are sparse (it found a third of the degrees and a fifth of the employers it should), so these
 * trade some precision for recall. Chosen on one fold of dotin's cross-validation, by F1 of the
 * tagger's own spans, and the employer's again by the resume's employers once every job's employer was
 * checked (extract/employer.ts); the weights' scale grows with the training set, so they are rough settings.
 */
export const decodeBias: Record<TaggerGroup, number> = { person: 0, title: 50, employer: 600, institute: 0, degree: 500, skill: -100 }

/**
 * The groups whose spans a second model looks at whole before they are kept (span-filter.ts), with the
 * bias added to its score of keeping a span (the filter, like the taggers, is cautious). Decoded for
 * recall, these taggers find many phrases that are not entities. The employer's bias was chosen on
 * fold 1 of dotin's cross-validation (0 gave precision 0.57, recall 0.47; 7 gave 0.53 and 0.55); the
 * degree's filter was judged on all five folds, as its tagger's precision differs most between them
 * (docs/parser-model.md). Filters of the title and school spans did not read the five folds better.
 */
export const filterKeepBias: Partial<Record<TaggerGroup, number>> = { employer: 7, degree: 7 }
export const filteredGroups = Object.keys(filterKeepBias) as TaggerGroup[]

/**
 * What a model is made of: a tagger per group, the filters of some groups' spans ("employerFilter"),
 * and the segment classifier whose line classes the taggers read ("lines").
 */
export type ModelData = Partial<Record<TaggerGroup | `${TaggerGroup}Filter` | 'lines', TaggerData>>

/** The resume model: a tagger per group of entity types. */
export class ResumeModel {
  readonly #taggers: Array<[TaggerGroup, Tagger]>
  readonly #filters = new Map<TaggerGroup, SpanFilter>()
  readonly #lines: LineClassifier | undefined
  /** Every tagger's weights side by side per feature, so each feature of a token is looked up once. */
  readonly #rows = new Map<string, number>()
  readonly #weights: Float32Array
  readonly #width: number

  constructor(taggers: ModelData) {
    this.#lines = taggers.lines ? new LineClassifier(taggers.lines) : undefined
    for (const group of Object.keys(taggerGroups) as TaggerGroup[]) {
      const filter = taggers[`${group}Filter`]
      if (filter) this.#filters.set(group, new SpanFilter(filter, filterKeepBias[group] ?? 0))
    }
    const present = (Object.keys(taggerGroups) as TaggerGroup[]).flatMap((group) => {
      const data = taggers[group]
      return data ? [[group, data] as const] : []
    })
    // Each tagger keeps its tags and transitions only; the feature weights live here, once.
    this.#taggers = present.map(([group, data]) => [group, new Tagger({ ...data, features: {} })])
    this.#width = present.reduce((sum, [, data]) => sum + data.tags.length, 0)
    for (const [, data] of present) for (const name of Object.keys(data.features)) if (!this.#rows.has(name)) this.#rows.set(name, this.#rows.size)
    this.#weights = new Float32Array(this.#rows.size * this.#width)
    let offset = 0
    for (const [, data] of present) {
      for (const [name, pairs] of Object.entries(data.features)) {
        const at = this.#rows.get(name)! * this.#width + offset
        for (let k = 0; k < pairs.length; k += 2) this.#weights[at + pairs[k]!] = pairs[k + 1]!
      }
      offset += data.tags.length
    }
  }

  /** Entities of a prepared text, every group's, in text order, with the document it read (lines, tokens). */
  find(text: string, words: Vocabulary, blocks?: readonly Block[]): { document: ModelDocument; spans: EntitySpan[] } {
    const document = modelDocument(text, words, blocks)
    const width = this.#width
    const known = featureWords(words)
    const hits = documentHits(document, known)
    const features = documentFeatures(document, known, hits, this.#lines?.classify(document, hits))
    // One buffer for the document, every tagger's scores side by side per token; each tagger reads its columns.
    const scores = new Float32Array(features.length * width)
    features.forEach((names, i) => addScores(names, this.#rows, this.#weights, width, scores, i * width))
    let offset = 0
    const spans = this.#taggers.flatMap(([group, tagger]) => {
      const tags = tagger.decodeScores(scores, decodeBias[group], width, offset)
      offset += tagger.tags.length
      const spans = spansOf(document, tags)
      return this.#filters.get(group)?.keep(document, spans, words) ?? spans
    })
    return { document, spans: withoutOverlaps(spans, text).sort((a, b) => a.from - b.from || a.to - b.to) }
  }

  /**
   * The entities of a prepared text as written, with their lines, and the lines that hold a period
   * (sections.ts numbering). `blocks`: the text's sections, when the caller has them.
   */
  read(text: string, words: Vocabulary, blocks?: readonly Block[]): { entities: FoundEntity[] } {
    const { document, spans } = this.find(text, words, blocks)
    return { entities: foundEntities(text, document, spans, words.joiningWords.dangling) }
  }
}

/**
 * Where the taggers disagree on a piece of text, the longer span wins: "Bergmann" is no title inside
 * "Bergmann & Söhne KG", nor "Technik" a degree inside "Hochschule für Technik". Unless the shorter
 * covers one end of the longer with a separator between them: "Intern engineer / Joobi Solution
 * Limited" is a title and an employer that one tagger read as one. Skills are left alone: a skill
 * stands inside a title or a degree ("Java Developer", "MSc Data Science").
 */
export function withoutOverlaps(spans: EntitySpan[], text: string): EntitySpan[] {
  const kept: EntitySpan[] = []
  const byLength = spans.filter((s) => s.type !== 'skill').sort((a, b) => b.to - b.from - (a.to - a.from) || a.from - b.from)
  for (const span of byLength) {
    const overlapping = kept.filter((k) => span.from < k.to && span.to > k.from)
    if (overlapping.length === 0) kept.push(span)
    else if (overlapping.length === 1 && span.type !== 'name') {
      const rest = remainder(overlapping[0]!, span, text)
      if (rest) kept.splice(kept.indexOf(overlapping[0]!), 1, rest, span)
    }
  }
  return [...kept, ...spans.filter((s) => s.type === 'skill')]
}

/**
 * What is left of `outer` beside `inner`, which covers one of its ends, when a separator parts them
 * ("/", "|", ",", " - ", " at "): "Acme Analytics Ltd - Senior" beside "Senior Data Analyst" is "Acme Analytics Ltd".
 */
function remainder(outer: EntitySpan, inner: EntitySpan, text: string): EntitySpan | undefined {
  if (outer.type === inner.type || outer.type === 'name') return undefined
  if (inner.from <= outer.from && inner.to < outer.to) {
    const after = text.slice(inner.to, outer.to)
    const start = after.search(/[\p{L}\p{N}]/u)
    const parted = /^\s*(?:[/|,;•·(]|[-–—]\s|at\s|@)/.test(after)
    return start > 0 && parted ? { ...outer, from: inner.to + start } : undefined
  }
  if (inner.to >= outer.to && inner.from > outer.from) {
    const before = text.slice(outer.from, inner.from)
    const end = before.search(/[\p{L}\p{N}][^\p{L}\p{N}]*$/u)
    const parted = /(?:[/|,;•·)]|\s[-–—]|\sat|@)\s*$/.test(before)
    return end >= 0 && parted ? { ...outer, to: outer.from + end + 1 } : undefined
  }
  return undefined
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
