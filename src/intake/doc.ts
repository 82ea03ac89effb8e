import { createRequire } from 'node:module'
import WordExtractor from 'word-extractor'
import { ApiError } from '../errors/api-error.js'
import { cleanText, joinParts } from './clean-text.js'
import { estimatePages, type ExtractedDocument } from './types.js'

// word-extractor's OLE reader is not exported by name; the summary stream holds the page count.
const require = createRequire(import.meta.url)
const OleCompoundDoc = require('word-extractor/lib/ole-compound-doc.js') as new (reader: unknown) => OleDocument
const BufferReader = require('word-extractor/lib/buffer-reader.js') as new (buffer: Buffer) => unknown

interface OleDocument {
  read(): Promise<void>
  stream(name: string): NodeJS.ReadableStream
}

/**
 * DOC and DOT (Word 97-2003): headers, body, text boxes, footnotes and footers through word-extractor;
 * the page count from the OLE SummaryInformation, which Word and LibreOffice keep up to date.
 * Embedded pictures are not read from this format.
 */
export async function extractDoc(bytes: Uint8Array): Promise<Omit<ExtractedDocument, 'format'>> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let document: Awaited<ReturnType<WordExtractor['extract']>>
  try {
    document = await new WordExtractor().extract(buffer)
  } catch (cause) {
    if (/encrypt/i.test(String(cause))) throw new ApiError(1035, undefined, { cause })
    throw new ApiError(1031, 'not a readable Word 97-2003 document', { cause })
  }
  const text = cleanText(
    joinParts([
      document.getHeaders({ includeFooters: false }),
      document.getBody(),
      document.getTextboxes({ includeHeadersAndFooters: true, includeBody: true }),
      document.getFootnotes(),
      document.getEndnotes(),
      document.getFooters(),
    ]),
  )
  const warnings = ['embedded pictures are not read from Word 97-2003 files']
  let pageCount = await summaryPageCount(buffer).catch(() => 0)
  if (!pageCount) {
    pageCount = estimatePages(text)
    warnings.push('page count estimated: the document records none')
  }
  return { text, pageCount, images: [], warnings }
}

/** PIDSI_PAGECOUNT (14) of the \x05SummaryInformation property set, 0 when absent. */
async function summaryPageCount(buffer: Buffer): Promise<number> {
  const ole = new OleCompoundDoc(new BufferReader(buffer))
  await ole.read()
  const stream = ole.stream('\u0005SummaryInformation')
  if (!stream) return 0
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  const data = Buffer.concat(chunks)
  const section = data.readUInt32LE(44)
  const count = data.readUInt32LE(section + 4)
  for (let i = 0; i < count && i < 64; i++) {
    const id = data.readUInt32LE(section + 8 + i * 8)
    const offset = section + data.readUInt32LE(section + 12 + i * 8)
    if (id === 14 && data.readUInt32LE(offset) === 3) return data.readInt32LE(offset + 4)
  }
  return 0
}
