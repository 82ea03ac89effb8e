import { ApiError } from '../errors/api-error.js'
import { cleanText } from './clean-text.js'
import { decodeBytes } from './decode-text.js'
import { estimatePages, type ExtractedDocument, type ExtractedImage } from './types.js'

/** Destinations whose content is not text. `\*` marks further ones that readers may ignore. */
const skippedDestinations = new Set([
  'fonttbl', 'colortbl', 'stylesheet', 'info', 'pict', 'object', 'themedata', 'colorschememapping', 'latentstyles',
  'datastore', 'xmlnsstbl', 'listtable', 'listoverridetable', 'rsidtbl', 'generator', 'filetbl', 'revtbl', 'fldinst',
  'nonshppict', 'bkmkstart', 'bkmkend', 'xe', 'tc', 'txe', 'mmathPr', 'pgdsctbl', 'userprops', 'sp', 'listtext', 'pntext',
])

const symbols: Record<string, string> = {
  par: '\n', line: '\n', sect: '\n', row: '\n', tab: '\t', cell: '\t', emdash: '—', endash: '–', bullet: '•',
  lquote: '‘', rquote: '’', ldblquote: '“', rdblquote: '”', emspace: ' ', enspace: ' ', qmspace: ' ',
}

/** Font charsets (\fcharset) to code pages, for \'hh bytes written in a font's own charset. */
const charsetCodePages: Record<number, number> = { 0: 1252, 161: 1253, 162: 1254, 186: 1257, 204: 1251, 238: 1250 }

interface Group {
  skip: boolean
  fontTable?: boolean
  uc: number
  codePage: number
  picture?: { hex: string[]; type?: ExtractedImage['type'] }
}

/**
 * RTF, read by a small tokenizer of our own: LibreOffice's and Word's RTF crash the npm readers we
 * tried. Text in \'hh bytes follows the document's \ansicpg or the current font's \fcharset; \uN is
 * Unicode with \ucN fallback characters skipped. Headers and footers are kept; PNG and JPEG pictures
 * are collected.
 */
export function extractRtf(bytes: Uint8Array): Omit<ExtractedDocument, 'format'> {
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  if (!source.includes('{\\rtf')) throw new ApiError(1031, 'no {\\rtf header')
  // RTF is 7-bit text; NUL bytes mean a damaged file (binary data goes in \\bin or hex).
  if (source.includes('\0')) throw new ApiError(1031, 'binary data in an RTF file')
  const out: string[] = []
  const images: ExtractedImage[] = []
  const fontCodePages = new Map<number, number>()
  let group: Group = { skip: false, uc: 1, codePage: 1252 }
  const stack: Group[] = []
  let pendingBytes: number[] = []
  let skipFallback = 0
  let fontInTable = -1
  let declaredPages = 0
  let pageBreaks = 0

  const flushBytes = () => {
    if (pendingBytes.length) out.push(decodeCodePage(pendingBytes, group.codePage))
    pendingBytes = []
  }
  const emit = (text: string) => {
    if (group.skip) return
    if (skipFallback > 0) {
      skipFallback--
      return
    }
    flushBytes()
    out.push(text)
  }

  let i = source.indexOf('{\\rtf')
  while (i < source.length) {
    const ch = source[i]!
    if (ch === '{') {
      flushBytes()
      stack.push(group)
      group = { ...group, picture: undefined }
      i++
    } else if (ch === '}') {
      flushBytes()
      if (group.picture?.type && !stack.at(-1)?.picture) images.push(pictureOf(group.picture, images.length))
      group = stack.pop() ?? group
      i++
    } else if (ch === '\\') {
      const control = /^\\(?:([a-zA-Z]+)(-?\d+)? ?|'([0-9a-fA-F]{2})|(.))/s.exec(source.slice(i, i + 40))
      if (!control) break
      i += control[0].length
      const [, word, param, hex, symbol] = control
      if (hex !== undefined) {
        if (group.skip) continue
        if (skipFallback > 0) skipFallback--
        else pendingBytes.push(parseInt(hex, 16))
        continue
      }
      if (symbol !== undefined) {
        // \* marks a destination to ignore, but pictures and text boxes live in such groups too.
        if (symbol === '*') group.skip = group.skip || !/^\\(shppict|shpinst|shptxt)/.test(source.slice(i, i + 12))
        else if (symbol === '~') emit(' ')
        else if (symbol === '_') emit('-')
        else if (symbol === '\\' || symbol === '{' || symbol === '}') emit(symbol)
        else if (symbol === '\n' || symbol === '\r') emit('\n')
        continue
      }
      const n = param === undefined ? undefined : Number(param)
      if (word === 'bin' && n !== undefined) {
        i += Math.max(0, n) // raw binary data, never text
      } else if (word === 'u' && n !== undefined) {
        emit(String.fromCharCode(n < 0 ? n + 65536 : n))
        skipFallback = group.skip ? 0 : group.uc
      } else if (word === 'uc' && n !== undefined) {
        group.uc = n
      } else if (word === 'ansicpg' && n) {
        group.codePage = n
      } else if (word === 'f' && n !== undefined) {
        if (group.fontTable) fontInTable = n
        else if (fontCodePages.has(n)) group.codePage = fontCodePages.get(n)!
      } else if (word === 'fcharset' && n !== undefined && fontInTable >= 0) {
        const codePage = charsetCodePages[n]
        if (codePage) fontCodePages.set(fontInTable, codePage)
      } else if (word === 'nofpages' && n) {
        declaredPages = n
      } else if (word === 'page') {
        pageBreaks++
        emit('\n')
      } else if (word === 'pngblip' || word === 'jpegblip') {
        if (group.picture) group.picture.type = word === 'pngblip' ? 'png' : 'jpeg'
      } else if (word && skippedDestinations.has(word)) {
        group.skip = true
        if (word === 'pict') group.picture = { hex: [] }
        if (word === 'fonttbl') group.fontTable = true
      } else if (word && symbols[word] !== undefined) {
        emit(symbols[word]!)
      }
    } else if (ch === '\r' || ch === '\n') {
      i++
    } else {
      const end = nextSpecial(source, i)
      const run = source.slice(i, end)
      i = end
      if (group.picture) group.picture.hex.push(run)
      else if (!group.skip) {
        const skipped = Math.min(skipFallback, run.length)
        skipFallback -= skipped
        if (skipped < run.length) emit(run.slice(skipped))
      }
    }
  }
  flushBytes()
  const text = cleanText(out.join(''))
  const warnings: string[] = []
  let pageCount = declaredPages
  if (!pageCount) {
    pageCount = Math.max(pageBreaks + 1, estimatePages(text))
    warnings.push('page count estimated: the document records none')
  }
  return { text, pageCount, images, warnings }
}

function nextSpecial(source: string, from: number): number {
  for (let i = from; i < source.length; i++) {
    const c = source.charCodeAt(i)
    if (c === 0x7b || c === 0x7d || c === 0x5c || c === 0x0a || c === 0x0d) return i
  }
  return source.length
}

function decodeCodePage(bytes: number[], codePage: number): string {
  try {
    return decodeBytes(new Uint8Array(bytes), `windows-${codePage}`)
  } catch {
    return decodeBytes(new Uint8Array(bytes), 'windows-1252')
  }
}

function pictureOf(picture: NonNullable<Group['picture']>, index: number): ExtractedImage {
  const hex = picture.hex.join('').replace(/[^0-9a-fA-F]/g, '')
  return { data: new Uint8Array(Buffer.from(hex, 'hex')), type: picture.type!, source: `picture ${index + 1}` }
}
