import type { ModelDocument } from './document.js'
import type { EntitySpan, EntityType } from './entities.js'
import { bucket, type DocumentHits } from './features.js'
import { Tagger, type TaggerData } from './perceptron.js'

/**
 * What a line (a segment: a line, or a sentence-like piece of a one-line text) holds, learnt from the
 * labelled spans on it: the candidate's name, a job header (a title or an employer), an education entry
 * (a school or a degree), a skill list, or none of these ("O": headings, contact lines, dates alone,
 * prose). The token taggers read their line's class and its neighbours' (features.ts), so that an
 * employer is looked for where the layout says a job header stands.
 */
const lineClassOfType: Record<EntityType, string> = {
  name: 'name',
  title: 'job',
  employer: 'job',
  institute: 'school',
  degree: 'school',
  skill: 'skill',
}

/** When a line holds several, the rarer and more telling class wins: a headline beside the name is the name's line. */
const precedence = ['name', 'job', 'school', 'skill']

/** The types whose labels tell a job header and an education entry from the rest. */
const telling: readonly EntityType[] = ['title', 'employer', 'institute', 'degree']

/**
 * The gold class of every line from the labelled spans; undefined for a document that labels only
 * some of the telling types (a job posting's skills), which says nothing of its lines' classes. A copy
 * that labels all but the name (a CV in one line) still says where its name is.
 */
export function goldLineClasses(document: ModelDocument, spans: readonly EntitySpan[], only?: readonly EntityType[]): string[] | undefined {
  if (only && !telling.every((type) => only.includes(type))) return undefined
  const held = document.lines.map(() => new Set<string>())
  let t = 0
  for (const span of [...spans].sort((a, b) => a.from - b.from)) {
    while (t < document.tokens.length && document.tokens[t]!.end <= span.from) t++
    const token = document.tokens[t]
    if (token && token.start < span.to) held[token.line]!.add(lineClassOfType[span.type])
  }
  return held.map((classes) => precedence.find((c) => classes.has(c)) ?? 'O')
}

/**
 * The features of every line: its form and place (the token features' line context), the kinds of
 * vocabulary hit on it and on the lines around it, its first and last words, the words it holds, its
 * separators and how much of it is capitalised.
 */
export function lineFeatures(document: ModelDocument, hits: DocumentHits): string[][] {
  const { lines, tokens } = document
  return lines.map((line, i) => {
    const features = ['b', ...hits.lineContexts[i]!.features]
    for (const hit of hits.lineHits[i]!) features.push(`h=${hit}`, `h|sec=${hit}|${line.section}`)
    for (const hit of hits.lineHits[i - 1] ?? ['<d']) features.push(`pl:${hit}`)
    for (const hit of hits.lineHits[i + 1] ?? ['d>']) features.push(`nl:${hit}`)
    const words: number[] = []
    let capitals = 0
    for (let t = line.first; t < line.end; t++) {
      const text = tokens[t]!.text
      if (/[\p{L}\p{N}]/u.test(text)) {
        words.push(t)
        if (/^\p{Lu}/u.test(text)) capitals++
      } else if (/^[|•,;:()–—/@-]$/.test(text)) features.push(`sep=${text}`)
    }
    if (words.length > 0) {
      const first = words[0]!
      const last = words.at(-1)!
      features.push(`fw=${hits.keys[first]}`, `fs=${hits.shapes[first]}`, `lw=${hits.keys[last]}`, `ls=${hits.shapes[last]}`)
      if (words.length > 1) features.push(`fw2=${hits.keys[first]}|${hits.keys[words[1]!]}`)
      for (const t of words.slice(0, 12)) if (hits.keys[t]!.length > 1) features.push(`bw=${hits.keys[t]}`)
      features.push(`caps=${bucket(Math.round((4 * capitals) / words.length), [0, 1, 2, 3])}|${bucket(words.length, [1, 2, 4, 8])}`)
    }
    return features
  })
}

/** The trained segment classifier: a sequence model over a document's lines, so a line's class follows its neighbours'. */
export class LineClassifier {
  readonly #tagger: Tagger

  constructor(data: TaggerData) {
    this.#tagger = new Tagger(data)
  }

  /** The class of every line of the document. */
  classify(document: ModelDocument, hits: DocumentHits): string[] {
    if (document.lines.length === 0) return []
    return this.#tagger.decode(lineFeatures(document, hits))
  }
}
