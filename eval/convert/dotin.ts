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

const escapes: Record<string, number> = { "'": 0x27, '"': 0x22, '\\': 0x5c, t: 0x09, n: 0x0a, r: 0x0d }

/**
 * Undoes the escapes of a Python bytes literal, which is how most dotin CVs store their text: every
 * byte of a non-ASCII character written as `\xHH` ("\xe2\x80\xa2" is a bullet, "Universit\xc3\xa0" is
 * "Università"), and `\'`, `\t`, `\\`. The bytes are read back as UTF-8, so the parser sees the CV's
 * own characters (its bullets among them) rather than the escapes; a byte that is no UTF-8 becomes U+FFFD.
 */
export function unescapeBytes(text: string): string {
  if (!text.includes('\\')) return text
  const bytes: number[] = []
  const encoder = new TextEncoder()
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    const next = text[i + 1]
    if (c === '\\' && next === 'x' && /^[0-9a-f]{2}$/i.test(text.slice(i + 2, i + 4))) {
      bytes.push(Number.parseInt(text.slice(i + 2, i + 4), 16))
      i += 3
    } else if (c === '\\' && next !== undefined && next in escapes) {
      bytes.push(escapes[next]!)
      i += 1
    } else {
      const code = text.codePointAt(i)!
      if (code > 0xffff) i += 1
      bytes.push(...encoder.encode(String.fromCodePoint(code)))
    }
  }
  return new TextDecoder().decode(Uint8Array.from(bytes))
}

/**
 * Reads one dotin CV (`<cv>text with <label type="X">span</label> tags</cv>`, labels not nested) into
 * its plain text and its labelled spans, with where each starts. Some CVs are wrapped in one pair of
 * double quotes; they are dropped. Text and labels are read back from their bytes escapes (`unescapeBytes`).
 */
export function readDotinXml(xml: string): { text: string; spans: Span[] } {
  const body = /<cv>([\s\S]*)<\/cv>/.exec(xml)?.[1]
  if (body === undefined) throw new Error('no <cv> element')
  const plain = (xmlText: string) => unescapeBytes(decodeEntities(xmlText.replace(/<[^>]*>/g, '')))
  const untrimmed = plain(body)
  const trimmed = untrimmed.trim()
  const quoted = /^"[\s\S]*"$/.test(trimmed)
  // Offsets count from the text returned: after the leading space and the opening quote.
  const shift = untrimmed.length - untrimmed.trimStart().length + (quoted ? 1 : 0)
  const spans = [...body.matchAll(/<label type="([^"]*)">([\s\S]*?)<\/label>/g)].map((match) => ({
    type: decodeEntities(match[1]!),
    text: unescapeBytes(decodeEntities(match[2]!)),
    start: plain(body.slice(0, match.index)).length - shift,
  }))
  return { text: quoted ? trimmed.slice(1, -1) : trimmed, spans }
}

/**
 * dotin labels per gold field. "Years of Experience" marks job date ranges, not totals, Graduation Year
 * has no gold field, and Location marks every place, the candidate's among them (candidateLocation);
 * docs/eval-format.md says why.
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

/** Labels that belong to a job or a school, after which a place is no longer the candidate's. */
const entryLabels = new Set(['Years of Experience', 'College Name', 'Graduation Year'])
/** Headings of the first job or school section, as these CVs write them. */
const entrySection = /\b(?:EXPERIENCE|EDUCATION|EMPLOYMENT|CAREER HISTORY|WORK HISTORY|(?:Work|Professional) Experience|Education|Employment)\b/

/**
 * The candidate's location: the first Location label before any job or school (their labels or their
 * section's heading), as the top of a CV gives it ("Pune, Maharashtra - Email me on Indeed"). Location
 * labels every place, so one further down is a job's or a school's. An approximation, as --assume-current is.
 */
export function candidateLocation(text: string, spans: Span[]): string | undefined {
  for (const span of spans) {
    if (entryLabels.has(span.type)) return undefined
    if (span.type !== 'Location' || span.start === undefined) continue
    return entrySection.test(text.slice(0, span.start)) ? undefined : oneLine(span.text) || undefined
  }
  return undefined
}

/** Gold labels of one dotin CV; the set is English. The text places the candidate's location. */
export function dotinGold(spans: Span[], options: DotinOptions, text = ''): Gold {
  const gold = goldFromSpans(spans, dotinLabels, { language: 'en' })
  const city = candidateLocation(text, spans)
  if (city) gold.city = city
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
      return { name: basename(file, '.xml'), text, gold: dotinGold(spans, options, text) }
    })
}
