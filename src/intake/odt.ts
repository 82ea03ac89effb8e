import { cleanText, joinParts } from './clean-text.js'
import { readZip } from './zip-guard.js'
import { archiveImages, estimatePages, type ExtractedDocument } from './types.js'
import { xmlText, type XmlTextRules } from './xml-text.js'

/** OpenDocument text: all character data inside the body is text; text:s stands for spaces. */
const odfRules: XmlTextRules = {
  lineEnds: new Set(['text:p', 'text:h', 'table:table-row']),
  tabEnds: new Set(['table:table-cell']),
  tabs: new Set(['text:tab']),
  breaks: new Set(['text:line-break']),
  skipped: new Set(['text:tracked-changes', 'office:annotation', 'text:note-citation', 'office:font-face-decls', 'office:automatic-styles', 'office:styles', 'style:style']),
  spaces: { element: 'text:s', countAttribute: 'text:c' },
}

/**
 * ODT: page headers (in styles.xml's master pages), the body from content.xml, then page footers.
 * Page count from meta.xml's document statistics.
 */
export function extractOdt(bytes: Uint8Array): Omit<ExtractedDocument, 'format'> {
  const files = readZip(bytes, (name) => ['content.xml', 'styles.xml', 'meta.xml'].includes(name) || name.startsWith('Pictures/'))
  const xml = (name: string) => new TextDecoder().decode(files.get(name) ?? new Uint8Array())
  const styles = xml('styles.xml')
  const pageParts = (element: string) =>
    [...styles.matchAll(new RegExp(`<${element}(?:\\s[^>]*)?>[\\s\\S]*?</${element}>`, 'g'))].map((m) => xmlText(m[0], odfRules))

  const text = cleanText(joinParts([...pageParts('style:header'), xmlText(xml('content.xml'), odfRules), ...pageParts('style:footer')]))
  const warnings: string[] = []
  let pageCount = Number(/meta:page-count="(\d+)"/.exec(xml('meta.xml'))?.[1] ?? 0)
  if (!pageCount) {
    pageCount = estimatePages(text)
    warnings.push('page count estimated: the document records none')
  }
  return { text, pageCount, images: archiveImages(files, 'Pictures/'), warnings }
}
