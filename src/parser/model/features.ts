import { hasLegalForm } from '../extract/header-parts.js'
import { foldKey } from '../text/fold.js'
import { tokenize } from '../text/tokens.js'
import type { Vocabulary } from '../vocab/vocabulary.js'
import { loadOrganisationWords } from '../vocab/word-lists.js'
import type { ModelDocument, ModelLine, ModelToken } from './document.js'
import type { NameLists } from './names.js'

export type FeatureWords = Pick<Vocabulary, 'titles' | 'occupationTitles' | 'titleHeads' | 'skills' | 'degrees' | 'institutionWords' | 'headings' | 'months' | 'dateWords' | 'gazetteer'> & {
  names: NameLists
}

/** "Anna" -> "Xx", "SQL" -> "X", "B.E" -> "X.X", "2019" -> "d", "-" -> "-": the word's form without its letters. */
export function shape(word: string): string {
  const form = word
    .replace(/\p{Lu}/gu, 'X')
    .replace(/\p{Ll}/gu, 'x')
    .replace(/\p{N}/gu, 'd')
    .replace(/(.)\1+/gu, '$1')
  return form.length > 5 ? form.slice(0, 5) : form
}

const distance = (d: number) => (d > 3 ? 'far' : String(d))
/** The first edge n does not pass, or "more": a count as a feature value. */
export const bucket = (n: number, edges: number[]) => String(edges.find((edge) => n <= edge) ?? 'more')
let organisationWords: Set<string> | undefined
/** Whether a folded word is an organisation word a job header's employer carries (titles carry some too). */
const organisationWord = (key: string) => (organisationWords ??= new Set(loadOrganisationWords('tagger'))).has(key)

/** Whether offset k from a token stays within its line (offsets first to last). */
const within = (k: number, first: number, last: number) => k >= first && k <= last
/** The key of the word k places away in the line, or which end of the line is there. */
const neighbourKey = (keys: string[], t: number, k: number, first: number, last: number) => (within(k, first, last) ? keys[t + k]! : k < 0 ? '<l' : 'l>')

/** Per token, which vocabularies cover it: B- at the start of a match, I- inside one. */
function vocabularyHits(document: ModelDocument, words: FeatureWords): string[][] {
  const hits = document.tokens.map(() => [] as string[])
  const mark = (line: ModelLine, from: number, to: number, name: string) => {
    let first = true
    for (let t = line.first; t < line.end; t++) {
      const token = document.tokens[t]!
      if (token.start < line.start + from || token.end > line.start + to) continue
      hits[t]!.push(`${name}=${first ? 'B' : 'I'}`)
      first = false
    }
  }
  for (const line of document.lines) {
    const lineWords = tokenize(line.text)
    for (const m of words.titles.index.find(line.text, lineWords)) mark(line, m.from, m.to, 'vt')
    for (const m of words.occupationTitles.find(line.text, lineWords)) mark(line, m.from, m.to, 'vo')
    for (const m of words.skills.index.find(line.text, lineWords)) mark(line, m.from, m.to, 'vs')
    for (const m of words.degrees.find(line.text, lineWords)) mark(line, m.from, m.to, 'vd')
    for (const m of words.institutionWords.find(line.text, lineWords)) mark(line, m.from, m.to, 'vi')
    for (const m of words.months.find(line.text, lineWords)) mark(line, m.from, m.to, 'vm')
  }
  return hits
}

/** What a single word is known as: a title's head word, a place, a given name or surname, an organisation word. */
function wordHits(token: ModelToken, key: string, words: FeatureWords): string[] {
  const hits: string[] = []
  if (words.titleHeads.words.has(key)) hits.push('head')
  if (organisationWord(key) || hasLegalForm(token.text)) hits.push('org')
  if (/^\p{Lu}/u.test(token.text) && token.text.length > 1) {
    const city = words.gazetteer.cities.lookup(token.text)[0]
    if (city) hits.push(`city=${city.population >= 100_000 ? 'big' : 'small'}`)
    if (words.gazetteer.places.country(token.text)) hits.push('country')
    if (words.gazetteer.places.regions(token.text).length > 0) hits.push('region')
  }
  if (words.names.given.has(key)) hits.push('given')
  if (words.names.surnames.has(key)) hits.push('surname')
  return hits
}

/** What the vocabularies and the layout say of a document's tokens and lines, read once for every model. */
export interface DocumentHits {
  keys: string[]
  shapes: string[]
  /** Per token, what the vocabularies know of it (vocabularyHits, wordHits). */
  known: string[][]
  /** Per line, the kinds of hit its tokens have, and "dated" for a line with a period. */
  lineHits: string[][]
  /** Per line, its rank, date distance and form (lineContext). */
  lineContexts: LineContext[]
}

export function documentHits(document: ModelDocument, words: FeatureWords): DocumentHits {
  const { tokens, lines } = document
  const vocabulary = vocabularyHits(document, words)
  // Words recur in a document: what the word lists know of each is looked up once.
  const byWord = new Map<string, string[]>()
  const keys = tokens.map((token) => foldKey(token.text))
  const shapes = tokens.map((token) => shape(token.text))
  const known = tokens.map((token, t) => {
    let hits = byWord.get(token.text)
    if (!hits) byWord.set(token.text, (hits = wordHits(token, keys[t]!, words)))
    return vocabulary[t]!.length > 0 ? [...vocabulary[t]!, ...hits] : hits
  })
  const dated = lines.flatMap((line, i) => (line.dated ? [i] : []))
  let sinceHeading = 0
  const sinceHeadings = lines.map((line) => (line.heading ? (sinceHeading = 0) : ++sinceHeading))
  const lineContexts = lines.map((line, i) => lineContext(line, i, lines, dated, sinceHeadings[i]!))
  const lineHits = lines.map((line) => {
    const hits = new Set<string>()
    for (let t = line.first; t < line.end; t++) for (const hit of known[t]!) hits.add(hit.replace(/=.*$/, ''))
    if (line.dated) hits.add('dated')
    return [...hits]
  })
  return { keys, shapes, known, lineHits, lineContexts }
}

/**
 * The features of every token of a document: the word, its shape and affixes, its neighbours (±2, in
 * its line), what vocabularies and gazetteers know of it and its neighbours, and where it stands:
 * its line's rank in the document, section, length and form, the distance to the nearest line with a
 * period ("2019 – 2021"), its place in the line and in the line's piece between separators, and the
 * class the segment classifier gave its line and the lines around it (line-class.ts), when given.
 */
export function documentFeatures(document: ModelDocument, words: FeatureWords, hits: DocumentHits = documentHits(document, words), classes?: readonly string[]): string[][] {
  const { tokens, lines } = document
  const { keys, shapes, known, lineHits, lineContexts: lineFeatures } = hits
  const separator = tokens.map((token) => /^[|•,;:()–-]$/.test(token.text))
  const punctuation = tokens.map((token) => !/[\p{L}\p{N}]/u.test(token.text))
  const capital = tokens.map((token) => /^\p{Lu}/u.test(token.text))

  // What every token of a line shares, its neighbour lines' hits and its own form, built once per line:
  // one string per line rather than per token, which the scorer's lookups then hash once.
  const lineBlock = lines.map((line, i) => [
    ...(lineHits[i - 1] ?? []).map((hit) => `pl:${hit}`),
    ...(lineHits[i + 1] ?? []).map((hit) => `nl:${hit}`),
    ...lineFeatures[i]!.features,
    ...(classes ? [`lc=${classes[i]}`, `lc-1=${classes[i - 1] ?? '<d'}`, `lc+1=${classes[i + 1] ?? 'd>'}`, `lc|sec=${classes[i]}|${line.section}`] : []),
  ])

  return tokens.map((token, t) => {
    const line = lines[token.line]!
    const word = keys[t]!
    const form = shapes[t]!
    // The offsets k of the words in the same line: line.first - t <= k <= line.end - 1 - t.
    const first = line.first - t
    const last = line.end - 1 - t
    const context = lineFeatures[token.line]!
    const previous = neighbourKey(keys, t, -1, first, last)
    const features = ['b', `w=${word}`, `sh=${form}`, `w-1=${previous}`, `w+1=${neighbourKey(keys, t, 1, first, last)}`, `w-2=${neighbourKey(keys, t, -2, first, last)}`, `w+2=${neighbourKey(keys, t, 2, first, last)}`,
      `sh-1=${within(-1, first, last) ? shapes[t - 1] : '<l'}`, `sh+1=${within(1, first, last) ? shapes[t + 1] : 'l>'}`, `w-1w=${previous}|${word}`]
    if (word.length > 3) features.push(`p3=${word.slice(0, 3)}`, `s3=${word.slice(-3)}`)
    // Place within the piece of the line between separators ("Developer | Acme GmbH | Berlin").
    let before = 0
    while (before < 3 && within(-before - 1, first, last) && !separator[t - before - 1]) before++
    let after = 0
    while (after < 3 && within(after + 1, first, last) && !separator[t + after + 1]) after++
    features.push(`pp=${before}|${after}`, `sec|sh=${line.section}|${form}`, `rank|sh=${context.rank}|${form}`)
    // Two spaces or more: a column or a field ends there ("Anna Nowak  Experience" in two columns read across).
    if (within(-1, first, last) && token.start - tokens[t - 1]!.end >= 2) features.push('wide-before')
    if (within(1, first, last) && tokens[t + 1]!.start - token.end >= 2) features.push('wide-after')
    for (const hit of known[t]!) features.push(hit, `${hit}|sec=${line.section}`, `${hit}|dd=${context.dateDistance}`)
    // What a word is known as, and its form, weigh differently in a job header than in prose.
    if (classes) {
      const lineClass = classes[token.line]!
      for (const hit of known[t]!) features.push(`${hit}|lc=${lineClass}`)
      features.push(`lc|sh=${lineClass}|${form}`)
    }
    for (const k of [-1, 1]) if (within(k, first, last)) for (const hit of known[t + k]!) features.push(`${k}:${hit}`)
    // The nearest words before and after, over punctuation: "Analyst at Acme", "Acme - Pune".
    let p = t - 1
    while (within(p - t, first, last) && punctuation[p]) p--
    let n = t + 1
    while (within(n - t, first, last) && punctuation[n]) n++
    features.push(`pw=${within(p - t, first, last) ? keys[p] : '<l'}`, `nw=${within(n - t, first, last) ? keys[n] : 'l>'}`)
    if (within(n - t, first, last)) for (const hit of known[n]!) features.push(`n:${hit}`)
    if (within(p - t, first, last)) for (const hit of known[p]!) features.push(`p:${hit}`)
    // How long the run of capitalised words is that the word stands in ("Tata Consultancy Services").
    if (capital[t]) {
      let run = 1
      for (let k = t - 1; within(k - t, first, last) && capital[k]; k--) run++
      for (let k = t + 1; within(k - t, first, last) && capital[k]; k++) run++
      features.push(`caprun=${Math.min(run, 5)}`)
    }
    for (const feature of lineBlock[token.line]!) features.push(feature)
    if (known[t]!.length === 0 && /^\p{Lu}/u.test(token.text)) features.push(`unknown-cap|rank=${context.rank}`, `unknown-cap|sec=${line.section}`)
    return features
  })
}

export interface LineContext {
  rank: string
  dateDistance: string
  features: string[]
}

function lineContext(line: ModelLine, index: number, lines: ModelLine[], dated: number[], sinceHeading: number): LineContext {
  const nearest = dated.reduce((best, d) => (Math.abs(d - index) < Math.abs(best) ? d - index : best), 99)
  const dateDistance = nearest === 0 ? '0' : `${nearest < 0 ? 'up' : 'down'}${distance(Math.abs(nearest))}`
  const rank = bucket(line.rank, [0, 1, 2, 3, 5, 8, 12, 20])
  const count = line.end - line.first
  const letters = line.text.replace(/[^\p{L}]/gu, '')
  const form = [
    letters.length > 2 && letters === letters.toUpperCase() ? 'caps' : '',
    /^\s*•/.test(line.text) ? 'bullet' : '',
    /[.!?]\s*$/.test(line.text) && count > 6 ? 'prose' : '',
    /@/.test(line.text) ? 'email' : '',
    line.heading ? 'heading' : '',
    (line.text.match(/,/g) ?? []).length >= 3 ? 'list' : '',
  ].filter(Boolean)
  const previous = lines[index - 1]
  const next = lines[index + 1]
  const features = [
    `rank=${rank}`, `sec=${line.section}`, `dd=${dateDistance}`, `len=${bucket(count, [1, 2, 3, 4, 6, 9, 14])}`,
    `sec|dd=${line.section}|${dateDistance}`, `rank|len=${rank}|${bucket(count, [2, 3, 4, 6])}`,
    ...form.map((f) => `lf=${f}`), ...form.map((f) => `lf|sec=${f}|${line.section}`),
    `prev-heading=${previous?.heading ?? 'none'}`, `next-heading=${next?.heading ?? 'none'}`,
    `since-heading=${bucket(sinceHeading, [0, 1, 2, 4, 8])}|${line.section}`,
  ]
  return { rank, dateDistance, features }
}
