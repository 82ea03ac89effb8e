import { ApiError } from '../errors/api-error.js'
import { guardZip, listZipEntries } from './zip-guard.js'

/** The formats intake reads, named after what the bytes are (a `.dot` is `doc`, a `.dotx` is `docx`). */
export type DocumentFormat = 'pdf' | 'doc' | 'docx' | 'odt' | 'rtf' | 'html' | 'txt' | 'png' | 'jpeg'

/** The file name extensions of spec 4.9 and 8, with the format each one names. */
export const extensionFormats: Record<string, DocumentFormat> = {
  doc: 'doc', dot: 'doc', docx: 'docx', dotx: 'docx', docm: 'docx', rtf: 'rtf', pdf: 'pdf', odt: 'odt',
  txt: 'txt', htm: 'html', html: 'html', png: 'png', jpeg: 'jpeg', jpg: 'jpeg',
}

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())
  return match ? match[1]!.toLowerCase() : ''
}

/**
 * The real format of a file, from its magic numbers: a `.doc` that is really DOCX or RTF is read as
 * what it is. The extension only decides between HTML and plain text, which share no signature.
 * Content that matches nothing supported is error 1023.
 *
 * @example
 *   detectFormat(bytes, 'cv.doc') // 'rtf' when the bytes start with {\rtf
 */
export function detectFormat(bytes: Uint8Array, fileName: string): DocumentFormat {
  const declared = extensionFormats[extensionOf(fileName)]
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]) || indexOfAscii(bytes, '%PDF-', 1024) >= 0) return 'pdf'
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc'
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return zipFormat(bytes)
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (indexOfAscii(bytes, '{\\rtf', 8) >= 0) return 'rtf'
  const known = knownUnsupported.find(([signature]) => startsWith(bytes, signature))
  if (known) throw new ApiError(1023, `the content is ${known[1]}`)
  if (looksBinary(bytes)) throw new ApiError(1023, `the content of ${describe(fileName)} is binary data of an unknown kind`)
  if (looksLikeHtml(bytes) || (declared === 'html' && /^\s*</.test(asciiHead(bytes)))) return 'html'
  return 'txt'
}

/** DOCX, DOTX and DOCM hold word/document.xml; ODT names its type in the `mimetype` entry. */
function zipFormat(bytes: Uint8Array): DocumentFormat {
  const entries = listZipEntries(bytes)
  guardZip(entries)
  const names = new Set(entries.map((entry) => entry.name))
  if (names.has('word/document.xml')) return 'docx'
  if (names.has('content.xml') && new TextDecoder().decode(bytes.subarray(30, 120)).includes('opendocument.text')) return 'odt'
  if (names.has('content.xml') && names.has('mimetype')) throw new ApiError(1023, 'an OpenDocument file that is not a text document')
  throw new ApiError(1023, 'a zip archive that is neither DOCX nor ODT')
}

/** Files people do send, named for a clearer message. */
const knownUnsupported: Array<[number[], string]> = [
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x49, 0x49, 0x2a, 0x00], 'a TIFF image'],
  [[0x4d, 0x4d, 0x00, 0x2a], 'a TIFF image'],
  [[0x52, 0x49, 0x46, 0x46], 'a RIFF file (WebP image, WAV or AVI)'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[0x37, 0x7a, 0xbc, 0xaf], 'a 7-Zip archive'],
  [[0x52, 0x61, 0x72, 0x21], 'a RAR archive'],
  [[0x4d, 0x5a], 'a Windows program'],
  [[0x25, 0x21, 0x50, 0x53], 'a PostScript file'],
]

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte)
}

function indexOfAscii(bytes: Uint8Array, needle: string, within: number): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, within + needle.length)).indexOf(needle, 0, 'latin1')
}

function asciiHead(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 2048)).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
}

function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = asciiHead(bytes).replace(/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*/, '').slice(0, 512).toLowerCase()
  return /^<(!doctype html|html|head|body|meta|title)\b/.test(head)
}

/**
 * Text has no NUL bytes (unless it is UTF-16, recognised by its BOM or by NULs in every other byte) and
 * few control characters.
 */
function looksBinary(bytes: Uint8Array): boolean {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return false
  const sample = bytes.subarray(0, 4096)
  let controls = 0
  let evenNuls = 0
  let oddNuls = 0
  for (let i = 0; i < sample.length; i++) {
    const byte = sample[i]!
    if (byte === 0) (i % 2 === 0 ? evenNuls++ : oddNuls++)
    else if (byte < 9 || (byte > 13 && byte < 32 && byte !== 27)) controls++
  }
  const half = sample.length / 2
  // Too short a sample to tell UTF-16 from binary is binary.
  const utf16 = sample.length >= 32 && ((oddNuls > half * 0.3 && evenNuls < half * 0.05) || (evenNuls > half * 0.3 && oddNuls < half * 0.05))
  if (utf16) return false
  return evenNuls + oddNuls > 0 || controls > sample.length * 0.05
}

function describe(fileName: string): string {
  return fileName.trim() === '' ? 'the file' : JSON.stringify(fileName.slice(0, 100))
}
