import { zipSync } from 'fflate'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/errors/api-error.js'
import { decodeFileContent, extractDocument } from '../../src/intake/index.js'
import { listZipEntries } from '../../src/intake/zip-guard.js'
import { deflatedPdf, fixture, minimalPdf, rejection, withEnv } from './fixtures.js'

const docxWith = (documentXml: string, extra: Record<string, Uint8Array> = {}) =>
  zipSync({ '[Content_Types].xml': new TextEncoder().encode('<Types/>'), 'word/document.xml': new TextEncoder().encode(documentXml), ...extra })

const wordXml = (body: string) => `<?xml version="1.0"?><w:document xmlns:w="w"><w:body>${body}</w:body></w:document>`

/** Rewrites the uncompressed size the central directory declares for `name`. */
function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const copy = new Uint8Array(zip)
  const view = new DataView(copy.buffer)
  const text = Buffer.from(copy).toString('latin1')
  const central = text.lastIndexOf(`PK\u0001\u0002`, text.lastIndexOf(name))
  view.setUint32(central + 24, size, true)
  return copy
}

describe('decoded-size limit and base64 (decodeFileContent)', () => {
  it('decodes standard, MIME-wrapped and URL-safe base64', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0x00, 0x41, 0x42])
    expect(decodeFileContent(Buffer.from(bytes).toString('base64'))).toEqual(bytes)
    expect(decodeFileContent('+/8A\r\nQUI=')).toEqual(bytes)
    expect(decodeFileContent(Buffer.from(bytes).toString('base64url'))).toEqual(bytes)
  })

  it('refuses what is not base64 (2026)', () => {
    expect(() => decodeFileContent('not base64!')).toThrowError(expect.objectContaining({ code: 2026 }))
    expect(() => decodeFileContent('QUJDR')).toThrowError(expect.objectContaining({ code: 2026 }))
  })

  it('refuses more decoded bytes than the limit before decoding (1024)', () => {
    const base64 = Buffer.alloc(3000).toString('base64')
    expect(decodeFileContent(base64, 3000)).toHaveLength(3000)
    expect(() => decodeFileContent(base64, 2999)).toThrowError(expect.objectContaining({ code: 1024 }))
  })
})

describe('zip bombs (1025)', () => {
  it('refuses an archive with more entries than MAX_ZIP_ENTRIES (2000)', async () => {
    const many = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`word/media/f${i}.txt`, new Uint8Array([i % 256])]))
    const result = await rejection(extractDocument(docxWith(wordXml(''), many), 'cv.docx'))
    expect(result.code).toBe(1025)
    expect(result.message).toContain('2003 entries')
  })

  it('refuses an entry that expands past MAX_ZIP_RATIO, before inflating it', async () => {
    const bomb = docxWith(wordXml(`<w:p><w:r><w:t>${'A'.repeat(30 * 1024 * 1024)}</w:t></w:r></w:p>`))
    expect(bomb.length).toBeLessThan(100_000)
    const result = await rejection(extractDocument(bomb, 'cv.docx'))
    expect(result).toMatchObject({ code: 1025 })
    expect(result.message).toMatch(/word\/document\.xml expands \d+ times/)
    expect(result.ms).toBeLessThan(1000)
  })

  it('refuses more declared bytes in all than MAX_ZIP_BYTES', async () => {
    const lying = declareSize(fixture('resume-de.docx'), 'word/document.xml', 300 * 1024 * 1024)
    expect((await rejection(extractDocument(lying, 'cv.docx'))).message).toMatch(/uncompressed bytes, limit/)
  })

  it('stops inflating an entry that yields more than it declared', async () => {
    const docx = docxWith(wordXml(`<w:p><w:r><w:t>${'Anna '.repeat(20_000)}</w:t></w:r></w:p>`))
    const entry = listZipEntries(docx).find((e) => e.name === 'word/document.xml')!
    const result = await rejection(extractDocument(declareSize(docx, 'word/document.xml', entry.size - 1000), 'cv.docx'))
    expect(result.code).toBe(1025)
    expect(result.message).toContain('inflates past its declared size')
  })
})

describe('PDF decompression bombs (1037)', () => {
  const text = 'BT /F1 12 Tf 72 720 Td (Anna Kowalska, Java developer) Tj ET\n'

  it('reads a PDF whose content stream is deflated, as most writers store it', async () => {
    expect((await extractDocument(deflatedPdf(text), 'cv.pdf')).text).toContain('Anna Kowalska, Java developer')
  })

  it('refuses a content stream that expands past MAX_PDF_STREAM_BYTES, before pdf.js reads it', async () => {
    // 300 MB of spaces after one line of text, deflated to about 300 kB.
    const bomb = deflatedPdf(text, 300 * 1024 * 1024)
    expect(bomb.length).toBeLessThan(400_000)
    const result = await rejection(extractDocument(bomb, 'cv.pdf'))
    expect(result).toMatchObject({ code: 1037 })
    expect(result.message).toContain(`expand past ${200 * 1024 * 1024} bytes`)
    expect(result.ms).toBeLessThan(5000)
  })

  it('admits a 2 MB stream by default and refuses it when MAX_PDF_STREAM_BYTES is set to 1 MB', async () => {
    const pdf = deflatedPdf(text, 2 * 1024 * 1024)
    expect((await extractDocument(pdf, 'cv.pdf')).text).toContain('Anna Kowalska')
    const result = await withEnv({ MAX_PDF_STREAM_BYTES: String(1024 * 1024) }, () => rejection(extractDocument(pdf, 'cv.pdf')))
    expect(result.code).toBe(1037)
  })
})

describe('XML entity expansion (1026)', () => {
  it('refuses a DOCX whose XML declares entities ("billion laughs"), at once', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>` +
      `<w:document xmlns:w="w"><w:body><w:p><w:r><w:t>&lol2;</w:t></w:r></w:p></w:body></w:document>`
    const result = await rejection(extractDocument(docxWith(laughs), 'cv.docx'))
    expect(result.code).toBe(1026)
    expect(result.ms).toBeLessThan(1000)
  })

  it('refuses an ODT with a DTD in its content', async () => {
    const odt = zipSync({
      mimetype: [new TextEncoder().encode('application/vnd.oasis.opendocument.text'), { level: 0 }],
      'content.xml': new TextEncoder().encode('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><office:document-content>&e;</office:document-content>'),
    })
    expect((await rejection(extractDocument(odt, 'cv.odt'))).code).toBe(1026)
  })
})

describe('PDF page limit (1027)', () => {
  it('reads 100 pages and refuses 101, within a second', async () => {
    const hundred = await extractDocument(minimalPdf(100), 'long.pdf')
    expect(hundred.pageCount).toBe(100)
    expect(hundred.text).toContain('Page 100 of a long document')
    const result = await rejection(extractDocument(minimalPdf(101), 'longer.pdf'))
    expect(result).toMatchObject({ code: 1027 })
    expect(result.ms).toBeLessThan(3000)
  })
})

describe('OCR time limit (1028) and image size limit (1032)', () => {
  it('stops OCR of a scan at OCR_TIMEOUT_MS', async () => {
    const result = await withEnv({ OCR_TIMEOUT_MS: '300' }, () => rejection(extractDocument(fixture('resume-de-scanned.pdf'), 'scan.pdf', { images: false })))
    expect(result.code).toBe(1028)
    expect(result.ms).toBeLessThan(2000)
  })

  it('refuses an image over MAX_IMAGE_PIXELS (40 MP) before decoding it', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } }).png().toBuffer()
    const result = await rejection(extractDocument(new Uint8Array(huge), 'photo.png'))
    expect(result.code).toBe(1032)
    expect(result.ms).toBeLessThan(2000)
  })
})

describe('corrupted files of every format (1031), never a crash or a hang', () => {
  const truncated = (name: string) => fixture(name).subarray(0, Math.floor(fixture(name).length / 2))
  const garbage = (head: number[] | string, size = 4000) => {
    const prefix = typeof head === 'string' ? [...Buffer.from(head, 'latin1')] : head
    return new Uint8Array([...prefix, ...Array.from({ length: size }, (_, i) => (i * 7919 + 13) % 256)])
  }
  const cases: Array<[string, Uint8Array, string]> = [
    ['a truncated PDF', truncated('resume-en-two-columns.pdf'), 'cv.pdf'],
    ['a PDF header and noise', garbage('%PDF-1.7\n'), 'cv.pdf'],
    ['a truncated DOCX', truncated('resume-de.docx'), 'cv.docx'],
    ['a truncated ODT', truncated('resume-it.odt'), 'cv.odt'],
    ['a DOC header and noise', garbage([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'cv.doc'],
    ['a truncated DOC', truncated('resume-fr.doc'), 'cv.doc'],
    ['an RTF with binary noise', garbage('{\\rtf1\\ansi '), 'cv.rtf'],
    ['a PNG header and noise', garbage([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'cv.png'],
    ['a JPEG header and noise', garbage([0xff, 0xd8, 0xff, 0xe0]), 'cv.jpg'],
  ]
  it.each(cases)('%s', async (_label, bytes, name) => {
    const result = await rejection(extractDocument(bytes, name, { ocr: false }))
    expect(result.code).toBe(1031)
    expect(result.ms).toBeLessThan(3000)
  })

  it('refuses binary noise named .txt or .html as unsupported (1023)', async () => {
    expect((await rejection(extractDocument(garbage([0, 1, 2]), 'cv.txt'))).code).toBe(1023)
    expect((await rejection(extractDocument(garbage([0, 1, 2]), 'cv.html'))).code).toBe(1023)
  })
})

describe('damaged copies of every fixture: a text or a numbered error, never anything else', () => {
  const names = ['resume-de.docx', 'resume-fr.doc', 'resume-es.rtf', 'resume-it.odt', 'resume-en-two-columns.pdf', 'resume-pl.html', 'resume-pl-cp1250.txt']
  it.each(names.map((name) => [name]))('%s, 40 random damages', async (name) => {
    let seed = 20_240_601 + name.length
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
    const original = fixture(name)
    const outcomes = new Set<string>()
    for (let i = 0; i < 40; i++) {
      const bytes = new Uint8Array(original)
      for (let flips = 1 + Math.floor(random() * 20); flips > 0; flips--) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256)
      const damaged = random() < 0.2 ? bytes.subarray(0, Math.floor(random() * bytes.length)) : bytes
      const start = performance.now()
      const outcome = await extractDocument(damaged, name, { ocr: false }).then(
        (doc) => (typeof doc.text === 'string' && doc.pageCount >= 1 ? 'text' : 'malformed result'),
        (error: unknown) => (error instanceof ApiError ? 'error' : `crash: ${String(error)}`),
      )
      outcomes.add(outcome)
      expect(performance.now() - start).toBeLessThan(5000)
    }
    expect([...outcomes].filter((o) => o !== 'text' && o !== 'error')).toEqual([])
  })
})
