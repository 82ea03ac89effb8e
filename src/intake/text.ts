import { cleanText } from './clean-text.js'
import { decodeText } from './decode-text.js'
import { estimatePages, type ExtractedDocument } from './types.js'

/** Plain text in UTF-8, UTF-16 or a single-byte code page; the page count is an estimate. */
export function extractTxt(bytes: Uint8Array): Omit<ExtractedDocument, 'format'> {
  const { text: raw, encoding } = decodeText(bytes)
  const text = cleanText(raw)
  const warnings = ['page count estimated: plain text has no pages']
  if (encoding !== 'utf-8') warnings.push(`decoded as ${encoding}`)
  return { text, pageCount: estimatePages(text), images: [], warnings }
}
