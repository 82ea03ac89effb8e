import { ApiError } from '../errors/api-error.js'

/** How one XML vocabulary (WordprocessingML, OpenDocument) lays its text out. */
export interface XmlTextRules {
  /** Elements whose end ends a line (paragraphs, table rows). */
  lineEnds: ReadonlySet<string>
  /** Elements whose end is a tab (table cells). */
  tabEnds: ReadonlySet<string>
  /** Empty elements that stand for a tab or a line break. */
  tabs: ReadonlySet<string>
  breaks: ReadonlySet<string>
  /** Elements whose character data is text; undefined: all character data is. */
  textElements?: ReadonlySet<string>
  /** Elements skipped with everything inside (deleted text, field codes, duplicate fallbacks). */
  skipped: ReadonlySet<string>
  /** An element standing for N spaces, N in the named attribute (ODF's text:s c="3"). */
  spaces?: { element: string; countAttribute: string }
}

const token = /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![^>]*>|<[^>]*>|[^<]+/g
const tagPattern = /^<(\/?)([^\s/>]+)([^>]*?)(\/?)>$/

/**
 * The text of an XML document under `rules`, with one line per paragraph and tabs between table cells.
 * A DTD or entity declaration is refused (1026): OOXML and ODF never need one, and entity expansion
 * ("billion laughs") is how XML is made to eat memory.
 *
 * @example
 *   xmlText('<w:p><w:r><w:t>Anna</w:t></w:r></w:p>', wordRules) // 'Anna\n'
 */
export function xmlText(xml: string, rules: XmlTextRules): string {
  refuseDeclarations(xml)
  const out: string[] = []
  const open: string[] = []
  let skipDepth = 0
  // Paragraphs inside a table cell end with a space: a row stays on one line.
  let cellDepth = 0
  for (const match of xml.matchAll(token)) {
    const part = match[0]
    if (part[0] !== '<' || match[1] !== undefined) {
      if (skipDepth === 0 && (!rules.textElements || rules.textElements.has(open.at(-1) ?? ''))) {
        out.push(match[1] ?? decodeEntities(part))
      }
      continue
    }
    const tag = tagPattern.exec(part)
    if (!tag) continue
    const [, closing, name = '', attributes = '', selfClosing] = tag
    if (closing) {
      if (open.at(-1) === name) open.pop()
      if (skipDepth > 0) {
        if (rules.skipped.has(name)) skipDepth--
        continue
      }
      if (rules.tabEnds.has(name)) {
        cellDepth = Math.max(0, cellDepth - 1)
        out.push('\t')
      } else if (rules.lineEnds.has(name)) out.push(cellDepth > 0 ? ' ' : '\n')
      continue
    }
    if (rules.skipped.has(name)) {
      if (!selfClosing) skipDepth++
      continue
    }
    if (skipDepth > 0) continue
    if (rules.tabs.has(name)) out.push('\t')
    else if (rules.breaks.has(name)) out.push('\n')
    else if (rules.spaces?.element === name) out.push(' '.repeat(spaceCount(attributes, rules.spaces.countAttribute)))
    if (selfClosing) {
      if (rules.lineEnds.has(name)) out.push(cellDepth > 0 ? ' ' : '\n')
    } else {
      if (rules.tabEnds.has(name)) cellDepth++
      open.push(name)
    }
  }
  return out.join('')
}

/** The value of an attribute in a tag's attribute text, entities decoded. */
export function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name.replace(/[.:]/g, '\\$&')}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(attributes)
  return match ? decodeEntities(match[2] ?? match[3] ?? '') : undefined
}

export function refuseDeclarations(xml: string): void {
  const declaration = /<!(DOCTYPE|ENTITY)\b/i.exec(xml)
  if (declaration) throw new ApiError(1026, `<!${declaration[1]}> at character ${declaration.index}`)
}

const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return named[entity] ?? whole
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

function spaceCount(attributes: string, name: string): number {
  const count = Number(attribute(attributes, name) ?? 1)
  // A corrupt count must not make a gigabyte of spaces.
  return Number.isInteger(count) && count > 0 ? Math.min(count, 100) : 1
}
