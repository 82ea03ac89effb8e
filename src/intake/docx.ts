import { cleanText, joinParts } from './clean-text.js'
import { readZip } from './zip-guard.js'
import { archiveImages, estimatePages, type ExtractedDocument } from './types.js'
import { attribute, xmlText, type XmlTextRules } from './xml-text.js'

/** WordprocessingML: text runs in w:t; text boxes nest their paragraphs in place. */
const wordRules: XmlTextRules = {
  lineEnds: new Set(['w:p', 'w:tr']),
  tabEnds: new Set(['w:tc']),
  tabs: new Set(['w:tab', 'w:ptab']),
  breaks: new Set(['w:br', 'w:cr']),
  textElements: new Set(['w:t']),
  // mc:Fallback repeats a text box's text for old readers; w:delText is deleted text.
  skipped: new Set(['mc:Fallback', 'w:delText', 'w:instrText']),
}

const wanted = (name: string) =>
  /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/.test(name) || name === 'docProps/app.xml' || name.startsWith('word/media/')

/**
 * DOCX, DOTX and DOCM: headers first (contact details often sit there), then the body with its tables
 * and text boxes, then footnotes and footers. Page count from docProps/app.xml, which Word and
 * LibreOffice write; otherwise estimated from explicit page breaks.
 */
export function extractDocx(bytes: Uint8Array): Omit<ExtractedDocument, 'format'> {
  const files = readZip(bytes, wanted)
  const xml = (name: string) => new TextDecoder().decode(files.get(name) ?? new Uint8Array())
  const named = (pattern: RegExp) => [...files.keys()].filter((name) => pattern.test(name)).sort()

  const body = xml('word/document.xml')
  const text = cleanText(
    joinParts([
      ...named(/^word\/header\d*\.xml$/).map((name) => xmlText(xml(name), wordRules)),
      xmlText(body, wordRules),
      ...['word/footnotes.xml', 'word/endnotes.xml'].map((name) => xmlText(xml(name), wordRules)),
      ...named(/^word\/footer\d*\.xml$/).map((name) => xmlText(xml(name), wordRules)),
    ]),
  )
  const warnings: string[] = []
  let pageCount = Number(/<Pages>(\d+)<\/Pages>/.exec(xml('docProps/app.xml'))?.[1] ?? 0)
  if (!pageCount) {
    const breaks = [...body.matchAll(/<w:br\b([^>]*)\/?>/g)].filter((m) => attribute(m[1] ?? '', 'w:type') === 'page').length
    pageCount = Math.max(breaks + 1, estimatePages(text))
    warnings.push('page count estimated: the document records none')
  }
  return { text, pageCount, images: archiveImages(files, 'word/media/'), warnings }
}
