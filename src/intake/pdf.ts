import sharp from 'sharp'
import { extractImages, getDocumentProxy } from 'unpdf'
import { ApiError } from '../errors/api-error.js'
import { cleanText } from './clean-text.js'
import { joinWrappedLines } from './wrapped-lines.js'
import { intakeLimits } from '../config.js'
import { ocrPdfPages } from './image-ocr.js'
import { guardPdfStreams } from './pdf-guard.js'
import { dehyphenate, pageText, type TextRun } from './pdf-layout.js'
import type { ExtractedDocument, ExtractedImage, ExtractOptions } from './types.js'

// pdf.js hands image data across with transferToFixedLength, which Node 20 lacks; without it
// extractImages quietly finds nothing.
const proto = ArrayBuffer.prototype as ArrayBuffer & { transferToFixedLength?: () => ArrayBuffer }
if (!proto.transferToFixedLength) proto.transferToFixedLength = function (this: ArrayBuffer) { return this.slice(0) }

/** Fewer characters than this per page: the page is a scan, and OCR reads it. */
const scannedPageChars = 20

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>

/**
 * PDF through unpdf (pdf.js): text in reading order, one- and two-column, de-hyphenated, ligatures
 * spelled out; the page count; the pictures of page 1 (where the photo is). Pages without a text layer
 * are OCRed when `options.ocr` is not false. More pages than MAX_PDF_PAGES is 1027; deflated streams
 * that expand past MAX_PDF_STREAM_BYTES, 1037 (pdf-guard.ts).
 */
export async function extractPdf(bytes: Uint8Array, options: ExtractOptions = {}): Promise<Omit<ExtractedDocument, 'format'>> {
  const limits = intakeLimits()
  await guardPdfStreams(bytes, limits)
  const pdf = await openPdf(bytes)
  try {
    if (pdf.numPages > limits.maxPdfPages) throw new ApiError(1027, `${pdf.numPages} pages, limit ${limits.maxPdfPages}`)
    const pages: string[] = []
    for (let number = 1; number <= pdf.numPages; number++) pages.push(await readPage(pdf, number))
    const warnings: string[] = []
    let text = joinWrappedLines(cleanText(dehyphenate(pages.join('\n\n'))))
    const images = options.images === false ? [] : await pageImages(pdf, 1).catch(() => [])
    if (text.replace(/\s/g, '').length < scannedPageChars * pdf.numPages && options.ocr !== false) {
      const ocr = await ocrPdfPages(bytes, Math.min(pdf.numPages, limits.maxOcrPages), options.timeoutMs ?? limits.ocrTimeoutMs)
      text = joinWrappedLines(cleanText(dehyphenate(ocr)))
      warnings.push('text recognised by OCR: the PDF has no text layer')
      if (pdf.numPages > limits.maxOcrPages) warnings.push(`only the first ${limits.maxOcrPages} pages were OCRed`)
    }
    return { text, pageCount: pdf.numPages, images, warnings }
  } finally {
    await pdf.destroy()
  }
}

async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // A copy: pdf.js takes over (detaches) the buffer it is given.
    return await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 })
  } catch (cause) {
    if ((cause as { name?: string })?.name === 'PasswordException') throw new ApiError(1035, undefined, { cause })
    throw new ApiError(1031, 'not a readable PDF', { cause })
  }
}

async function readPage(pdf: PdfDocument, number: number): Promise<string> {
  const page = await pdf.getPage(number)
  const content = await page.getTextContent()
  const runs: TextRun[] = []
  for (const item of content.items) {
    if (!('str' in item)) continue
    const [, , , d = 0, x = 0, y = 0] = item.transform as number[]
    runs.push({ text: item.str, x, y, width: item.width, height: item.height || Math.abs(d) })
  }
  const [x0 = 0, , x1 = 0] = page.view
  page.cleanup()
  return pageText(runs, x1 - x0)
}

/** Pictures of at least 48 px a side, as PNG: smaller ones are icons and rules, never a face. */
async function pageImages(pdf: PdfDocument, number: number): Promise<ExtractedImage[]> {
  if (number > pdf.numPages) return []
  const images: ExtractedImage[] = []
  for (const image of await extractImages(pdf, number)) {
    if (image.width < 48 || image.height < 48) continue
    const raw = { width: image.width, height: image.height, channels: image.channels as 1 | 3 | 4 }
    const data = await sharp(Buffer.from(image.data), { raw }).png({ compressionLevel: 1 }).toBuffer()
    images.push({ data: new Uint8Array(data), type: 'png', source: `page ${number}` })
  }
  return images
}
