import { readdirSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Gold } from '../gold-format.js'
import { goldFromSpans, oneLine, type GoldExample, type LabelMap, type Span } from './labels.js'

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (/^#x/i.test(name)) return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
    return entities[name] ?? whole
  })
}

/**
 * Reads one dotin CV (`<cv>text with <label type="X">span</label> tags</cv>`, labels not nested) into
 * its plain text and its labelled spans. Some CVs are wrapped in one pair of double quotes; they are dropped.
 */
export function readDotinXml(xml: string): { text: string; spans: Span[] } {
  const body = /<cv>([\s\S]*)<\/cv>/.exec(xml)?.[1]
  if (body === undefined) throw new Error('no <cv> element')
  const spans: Span[] = []
  const tagged = body.replace(/<label type="([^"]*)">([\s\S]*?)<\/label>/g, (_, type: string, inner: string) => {
    spans.push({ type: decodeEntities(type), text: decodeEntities(inner) })
    return inner
  })
  const text = decodeEntities(tagged.replace(/<[^>]*>/g, '')).trim()
  return { text: /^"[\s\S]*"$/.test(text) ? text.slice(1, -1) : text, spans }
}

/**
 * dotin labels per gold field. "Years of Experience" marks job date ranges, not totals, and Location
 * and Graduation Year have no gold field; docs/eval-format.md says why.
 */
const dotinLabels: LabelMap = {
  name: ['Name'],
  lists: {
    emails: ['Email Address'],
    titles: ['Designation'],
    employers: ['Companies worked at'],
    institutes: ['College Name'],
    degrees: ['Degree'],
    skills: ['Tech Tools', 'Job Specific Skills', 'Soft Skills'],
  },
}

export interface DotinOptions {
  /** Take the first Designation and the first company as the current ones (an approximation). */
  assumeCurrent: boolean
}

/** Gold labels of one dotin CV; the set is English. */
export function dotinGold(spans: Span[], options: DotinOptions): Gold {
  const gold = goldFromSpans(spans, dotinLabels, { language: 'en' })
  if (options.assumeCurrent) {
    const first = (type: string) => spans.map((s) => (s.type === type ? oneLine(s.text) : '')).find((t) => t !== '')
    const title = first('Designation')
    const employer = first('Companies worked at')
    if (title) gold.currentTitle = title
    if (employer) gold.currentEmployer = employer
  }
  return gold
}

/** Every NAME.xml of a dotin folder as a gold example. */
export function dotinExamples(dir: string, options: DotinOptions): GoldExample[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((file) => {
      const { text, spans } = readDotinXml(readFileSync(join(dir, file), 'utf8'))
      return { name: basename(file, '.xml'), text, gold: dotinGold(spans, options) }
    })
}
