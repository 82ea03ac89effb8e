import { createInflate } from 'node:zlib'
import { ApiError } from '../errors/api-error.js'
import type { IntakeLimits } from '../config.js'

/**
 * Refuses a PDF whose deflated streams expand past MAX_PDF_STREAM_BYTES in all (1037), before pdf.js
 * reads it. pdf.js inflates a page's content stream whole to find its text, so a few hundred kilobytes
 * of deflated spaces become hundreds of megabytes in this process, seconds of work and gigabytes
 * resident (docs/benchmarks.md); a resume's streams (text, fonts, small pictures) come to a few megabytes.
 *
 * Streams are found as their keywords (`>> stream` ... `endstream`) in the file and inflated in zlib's
 * thread pool, counting the output and dropping it, until the limit is passed. Pictures (`/Subtype
 * /Image`) are not counted: pdf.js decodes only page 1's, and a picture's size is its declared width x
 * height, which a scan of ten clean pages deflates far beyond any fixed ratio. What is not a plain
 * deflate stream (other filters, or encrypted bytes) fails to inflate at once and is left to pdf.js.
 */
export async function guardPdfStreams(bytes: Uint8Array, limits: Pick<IntakeLimits, 'maxPdfStreamBytes'>): Promise<void> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  let total = 0
  for (const stream of deflatedStreams(text)) {
    total += await inflatedLength(bytes.subarray(stream.start, stream.end), limits.maxPdfStreamBytes - total)
    if (total > limits.maxPdfStreamBytes) throw new ApiError(1037, `its compressed streams expand past ${limits.maxPdfStreamBytes} bytes`)
  }
}

/** Bytes the stream inflates to, counted up to just past `cap`. */
function inflatedLength(data: Uint8Array, cap: number): Promise<number> {
  return new Promise((resolve) => {
    const inflater = createInflate()
    let length = 0
    inflater.on('data', (chunk: Buffer) => {
      length += chunk.length
      if (length > cap) {
        inflater.destroy()
        resolve(length)
      }
    })
    inflater.on('end', () => resolve(length))
    // Not deflate data, or damaged part-way: what inflated before the damage still counts (pdf.js keeps
    // it too); a stream that is not deflate at all counts 0 and is left to pdf.js.
    inflater.on('error', () => resolve(length))
    inflater.end(data)
  })
}

/** Byte ranges of the streams whose dictionary names FlateDecode and that are not pictures. */
function* deflatedStreams(text: string): Generator<{ start: number; end: number }> {
  // The keyword right after a dictionary's closing >>, as the format writes it.
  const keyword = />>\s*stream(\r\n|\n|\r)/g
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const start = match.index + match[0].length
    const end = text.indexOf('endstream', start)
    if (end < 0) return
    // The stream's dictionary: from its object's header to the keyword.
    const dictionary = text.slice(Math.max(0, text.lastIndexOf(' obj', match.index)), match.index)
    keyword.lastIndex = end + 'endstream'.length
    if (!/\/FlateDecode\b|\/Fl\b/.test(dictionary) || /\/Subtype\s*\/Image\b/.test(dictionary)) continue
    yield { start, end }
  }
}
