/**
 * Bytes to a string for text and HTML files: a BOM decides (UTF-8, UTF-16 LE/BE); then a declared
 * charset (HTML's meta); then strict UTF-8; then the single-byte code page whose reading gives the most
 * plausible words in our six languages: Windows-1250 or ISO-8859-2 for Polish, Windows-1252 for the
 * others (a superset of Latin-1 in its printable range).
 *
 * @example
 *   decodeText(new Uint8Array([0xb3, 0xf3, 0x64, 0x9f])) // { text: 'łódź', encoding: 'windows-1250' }
 */
export function decodeText(bytes: Uint8Array, declared?: string): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decoded('utf-8', bytes.subarray(3))
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decoded('utf-16le', bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decoded('utf-16be', bytes.subarray(2))
  const utf16 = utf16WithoutBom(bytes)
  if (utf16) return decoded(utf16, bytes)
  if (declared) {
    const label = declared.trim().toLowerCase()
    try {
      return decoded(new TextDecoder(label).encoding, bytes)
    } catch {
      // An unknown label: fall through to guessing.
    }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' }
  } catch {
    return bestSingleByte(bytes)
  }
}

const candidates = ['windows-1252', 'windows-1250', 'iso-8859-2'] as const

/** The alphabets of our languages beyond ASCII; a word mixing two of them is a misreading. */
const alphabets = [
  'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ', // Polish
  'äöüßÄÖÜ', // German
  'àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ', // French
  'áéíñóúüÁÉÍÑÓÚÜ', // Spanish
  'àèéìíîòóùúÀÈÉÌÍÎÒÓÙÚ', // Italian
]

function bestSingleByte(bytes: Uint8Array): { text: string; encoding: string } {
  let best = { text: '', encoding: '', score: -Infinity }
  for (const encoding of candidates) {
    const text = decodeBytes(bytes, encoding)
    const score = plausibility(text)
    if (score > best.score) best = { text, encoding, score }
  }
  return { text: best.text, encoding: best.encoding }
}

/**
 * Words with letters beyond ASCII that fit one alphabet, less those that fit none, less twice the C1
 * control characters (a byte the code page leaves undefined, or uses for a letter another one has).
 */
function plausibility(text: string): number {
  let score = -2 * (text.match(/[\u0080-\u009f]/g)?.length ?? 0)
  for (const [word] of text.matchAll(/[\p{L}\p{N}\u00b9\u00b3\u00bf\u00a5\u00a3]+/gu)) {
    const special = [...word].filter((ch) => ch > '\u007f')
    if (special.length === 0) continue
    score += alphabets.some((alphabet) => special.every((ch) => alphabet.includes(ch))) ? 1 : -1
  }
  return score
}

/** UTF-16 without a BOM shows as NUL in every other byte of mostly-ASCII text. */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const sample = bytes.subarray(0, 2048)
  if (sample.length < 4) return undefined
  let even = 0
  let odd = 0
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) (i % 2 === 0 ? even++ : odd++)
  const half = sample.length / 2
  if (odd > half * 0.3 && even < half * 0.05) return 'utf-16le'
  if (even > half * 0.3 && odd < half * 0.05) return 'utf-16be'
  return undefined
}

function decoded(encoding: string, bytes: Uint8Array): { text: string; encoding: string } {
  return { text: decodeBytes(bytes, encoding), encoding }
}

/** Windows-1252's characters at 0x80-0x9F (€, „, Œ, œ, Ÿ, dashes, quotes); the gaps stay C1. */
const cp1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'

/**
 * `TextDecoder`, except that Node 20 decodes windows-1252 as Latin-1, leaving 0x80-0x9F as control
 * characters: those are mapped here.
 */
export function decodeBytes(bytes: Uint8Array, encoding: string): string {
  const decoder = new TextDecoder(encoding)
  const text = decoder.decode(bytes)
  if (decoder.encoding !== 'windows-1252') return text
  return text.replace(/[\u0080-\u009f]/g, (ch) => cp1252High[ch.charCodeAt(0) - 0x80]!)
}
