import { hasLegalForm } from '../extract/header-parts.js'
import { foldKey } from '../text/fold.js'
import { tokenize } from '../text/tokens.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { loadOrganisationWords } from '../vocab/word-lists.js'
import type { ModelDocument } from './document.js'
import type { EntitySpan } from './entities.js'
import { bucket, shape } from './features.js'
import { Tagger, type TaggerData } from './perceptron.js'

/**
 * The second look at a tagger's spans (the employer's and the degree's: tagger.ts `filterKeepBias`). Decoded
 * for recall, the employer tagger finds nearly three quarters of the employers a resume names, and as
 * many phrases that are not; a span
 * seen whole tells them apart better than its tokens did one by one: how long it is and how it is
 * written, whether it ends a sentence, what stands before and after it, the line it is on (a bullet,
 * prose, a heading, a period on it or near it, the section) and what the vocabularies know of that
 * line (a title, a skill). Its model is a perceptron over one-token sequences (perceptron.ts): the
 * tag "B-keep" or "O".
 */

export type FilterWords = Pick<Vocabulary, 'titles' | 'titleHeads' | 'skills' | 'degrees' | 'institutionWords' | 'headings'>

const keep = 'B-keep'
let organisationWords: Set<string> | undefined
/** Whether a folded word is one of the span filter's organisation words. */
const organisationWord = (key: string) => (organisationWords ??= new Set(loadOrganisationWords('span-filter'))).has(key)

/** What the vocabularies find on a line, by kind: "title", "skill", "degree", "school", "head". */
function lineKnowledge(text: string, words: FilterWords): Set<string> {
  const lineWords = tokenize(text)
  const kinds = new Set<string>()
  if (words.titles.index.find(text, lineWords).length > 0) kinds.add('title')
  if (words.skills.index.find(text, lineWords).length > 0) kinds.add('skill')
  if (words.degrees.find(text, lineWords).length > 0) kinds.add('degree')
  if (words.institutionWords.find(text, lineWords).length > 0) kinds.add('school')
  if (lineWords.some((w) => words.titleHeads.words.has(w.key))) kinds.add('head')
  return kinds
}

/** What every span of one document shares, computed once: the lines with a period, and what the vocabularies know of each line read so far. */
export interface SpanContext {
  dated: number[]
  known: Map<number, Set<string>>
}

export function spanContext(document: ModelDocument): SpanContext {
  return { dated: document.lines.flatMap((l, i) => (l.dated ? [i] : [])), known: new Map() }
}

/** The index of the first token that starts at or after `offset` (tokens are in text order). */
function firstTokenFrom(tokens: ModelDocument['tokens'], offset: number): number {
  let low = 0
  let high = tokens.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (tokens[middle]!.start < offset) low = middle + 1
    else high = middle
  }
  return low
}

/** The features of one candidate span of a document. */
export function spanFeatures(document: ModelDocument, span: EntitySpan, words: FilterWords, context: SpanContext): string[] {
  const { lines, tokens } = document
  const { dated, known } = context
  const first = firstTokenFrom(tokens, span.from)
  let end = first
  while (end < tokens.length && tokens[end]!.end <= span.to) end++
  if (end === first) return ['b']
  const inside = tokens.slice(first, end)
  const lineIndex = inside[0]!.line
  const line = lines[lineIndex]!
  const text = document.text.slice(span.from, span.to)
  const spanWords = inside.filter((t) => /[\p{L}\p{N}]/u.test(t.text))
  const last = end - 1
  const before = first > line.first ? foldKey(tokens[first - 1]!.text) : '<l'
  const after = last + 1 < line.end ? foldKey(tokens[last + 1]!.text) : 'l>'
  const lineText = line.text.trim()
  const nearest = dated.reduce((best, d) => (Math.abs(d - lineIndex) < Math.abs(best) ? d - lineIndex : best), 99)
  const dateDistance = nearest === 0 ? '0' : `${nearest < 0 ? 'up' : 'down'}${Math.abs(nearest) > 3 ? 'far' : Math.abs(nearest)}`
  const knowledge = (i: number) => {
    const l = lines[i]
    if (!l) return []
    let kinds = known.get(i)
    if (!kinds) known.set(i, (kinds = lineKnowledge(l.text, words)))
    return [...kinds]
  }
  const capitalised = spanWords.filter((t) => /^\p{Lu}/u.test(t.text)).length
  const features = [
    'b',
    `n=${bucket(spanWords.length, [1, 2, 3, 4, 6])}`,
    `shape=${spanWords.slice(0, 4).map((t) => shape(t.text)).join(' ')}`,
    `caps=${capitalised === spanWords.length ? 'all' : capitalised === 0 ? 'none' : 'some'}`,
    `upper=${text === text.toUpperCase() && /\p{L}/u.test(text)}`,
    `stop=${/[.!?]$/.test(lineText.slice(0, span.to - line.start).trim()) || /^[.!?]/.test(document.text.slice(span.to, span.to + 1))}`,
    `before=${before}`,
    `after=${after}`,
    `whole=${span.from - line.start <= line.text.length - line.text.trimStart().length + 2 && line.start + line.text.trimEnd().length - span.to <= 2}`,
    `starts=${first === line.first || (first === line.first + 1 && !/[\p{L}\p{N}]/u.test(tokens[line.first]!.text))}`,
    `bullet=${/^\s*(?:[•\-–*·o]\s)/.test(line.text)}`,
    `sec=${line.section}`,
    `dd=${dateDistance}`,
    `dd|sec=${dateDistance}|${line.section}`,
    `heading=${line.heading}`,
    `rank=${bucket(line.rank, [2, 5, 10, 20])}`,
    `linelen=${bucket(line.end - line.first, [3, 6, 10, 16, 25])}`,
    `org=${spanWords.some((t) => organisationWord(foldKey(t.text))) || hasLegalForm(text)}`,
    `lastword=${foldKey(spanWords.at(-1)?.text ?? '')}`,
    `firstword=${foldKey(spanWords[0]?.text ?? '')}`,
    `mentions=${bucket(document.text.split(text).length - 1, [1, 2, 3])}`,
  ]
  for (const kind of lineKnowledge(text, words)) features.push(`span:${kind}`)
  if (words.headings.lookup(text.replace(/[:.]$/, '')) !== undefined) features.push('span:heading')
  for (const kind of knowledge(lineIndex)) features.push(`line:${kind}`)
  for (const kind of knowledge(lineIndex - 1)) features.push(`prev:${kind}`)
  for (const kind of knowledge(lineIndex + 1)) features.push(`next:${kind}`)
  return features
}

/** Keeps the candidate spans its model says are entities. */
export class SpanFilter {
  readonly #tagger: Tagger
  readonly #bias: number

  /** `bias`: added to the score of keeping a span (tagger.ts `filterKeepBias`). */
  constructor(data: TaggerData, bias: number) {
    this.#tagger = new Tagger(data)
    this.#bias = bias
  }

  keep(document: ModelDocument, spans: readonly EntitySpan[], words: FilterWords): EntitySpan[] {
    const context = spanContext(document)
    return spans.filter((span) => this.#tagger.decode([spanFeatures(document, span, words, context)], this.#bias)[0] === keep)
  }
}

/** The filter's training example of a candidate span: its features and whether it overlaps a labelled entity. */
export function filterExample(document: ModelDocument, span: EntitySpan, labelled: readonly EntitySpan[], words: FilterWords, context: SpanContext): { features: string[][]; tags: string[] } {
  const right = labelled.some((l) => l.from < span.to && l.to > span.from)
  return { features: [spanFeatures(document, span, words, context)], tags: [right ? keep : 'O'] }
}
