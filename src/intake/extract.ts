import { ApiError } from '../errors/api-error.js'
import { detectFormat, extensionFormats, extensionOf, type DocumentFormat } from './detect-format.js'
import { extractDoc } from './doc.js'
import { extractDocx } from './docx.js'
import { extractHtml } from './html.js'
import { extractImage } from './image-ocr.js'
import { extractOdt } from './odt.js'
import { extractPdf } from './pdf.js'
import { extractRtf } from './rtf.js'
import { extractTxt } from './text.js'
import type { ExtractedDocument, ExtractOptions } from './types.js'

type Extractor = (bytes: Uint8Array, options: ExtractOptions) => Omit<ExtractedDocument, 'format'> | Promise<Omit<ExtractedDocument, 'format'>>

const extractors: Record<DocumentFormat, Extractor> = {
  pdf: extractPdf,
  doc: extractDoc,
  docx: extractDocx,
  odt: extractOdt,
  rtf: extractRtf,
  html: extractHtml,
  txt: extractTxt,
  png: (bytes, options) => extractImage(bytes, 'png', options),
  jpeg: (bytes, options) => extractImage(bytes, 'jpeg', options),
}

/**
 * Text, page count and pictures of a resume or JD file in any format of spec 8, read by what the bytes
 * are rather than by the extension. Failures are numbered `ApiError`s: 1023 unsupported, 1025 zip bomb,
 * 1026 XML entities, 1027 too many PDF pages, 1028 OCR timeout, 1031 corrupted, 1032 image too large,
 * 1034 OCR not installed, 1035 encrypted.
 *
 * @example
 *   const doc = await extractDocument(bytes, 'anna-nowak.docx')
 *   doc.text      // 'Anna Nowak\nanna@example.com\n...'
 *   doc.pageCount // 2
 */
export async function extractDocument(bytes: Uint8Array, fileName: string, options: ExtractOptions = {}): Promise<ExtractedDocument> {
  if (bytes.length === 0) throw new ApiError(1031, 'the file is empty')
  const format = detectFormat(bytes, fileName)
  let extracted: Omit<ExtractedDocument, 'format'>
  try {
    extracted = await extractors[format](bytes, options)
  } catch (error) {
    if (error instanceof ApiError) throw error
    // Parsers throw whatever they like on broken input; to the caller it is one thing.
    throw new ApiError(1031, `not a readable ${format.toUpperCase()} file`, { cause: error })
  }
  const warnings = [...extracted.warnings]
  const declared = extensionFormats[extensionOf(fileName)]
  if (declared !== format) warnings.unshift(`read as ${format.toUpperCase()}: the name says ${extensionOf(fileName) || 'nothing'}`)
  return { ...extracted, format, warnings }
}
