import { describe, expect, it } from 'vitest'
import { extractDocument } from '../../src/intake/index.js'
import { fixture, rejection } from './fixtures.js'

/** What a reader of each fixture must get out of it, in order; see test/fixtures/texts.ts. */
describe('extractDocument, one fixture per format and language', () => {
  it('reads a German DOCX with its header, table, text box and footer', async () => {
    const doc = await extractDocument(fixture('resume-de.docx'), 'lebenslauf.docx')
    expect(doc.format).toBe('docx')
    expect(doc.text).toContain('katrin.vogelsang@example.de · +49 89 1234567') // page header
    expect(doc.text).toContain('Führerschein Klasse B') // text box
    expect(doc.text).toContain('Englisch\tverhandlungssicher') // a table row on one line
    expect(doc.text).toContain('München, im März 2024') // page footer
    expect(doc.text.indexOf('katrin.vogelsang')).toBeLessThan(doc.text.indexOf('Berufserfahrung'))
    expect(doc.pageCount).toBe(1)
  })

  it('reads a French Word 97 DOC with accents and ligatures', async () => {
    const doc = await extractDocument(fixture('resume-fr.doc'), 'cv.doc')
    expect(doc.format).toBe('doc')
    expect(doc.text).toContain('Développeur full-stack chez Océane Logiciels')
    expect(doc.text).toContain('Œnologie, randonnée, échecs')
    expect(doc.text).toContain('etienne.marchais@example.fr') // header
    expect(doc.text).toContain('Disponible immédiatement') // footer
    expect(doc.pageCount).toBe(1)
  })

  it('reads a Spanish RTF written by LibreOffice', async () => {
    const doc = await extractDocument(fixture('resume-es.rtf'), 'cv.rtf')
    expect(doc.format).toBe('rtf')
    expect(doc.text).toContain('Lucía Fernández Ortega')
    expect(doc.text).toContain('Ingeniera de datos en Castañar Energía, Sevilla (2020–2024)')
    expect(doc.text).toContain('Español (nativo), inglés (C1), portugués (B2)')
    expect(doc.text).not.toMatch(/Times New Roman|\\[a-z]+/) // no font table, no control words
  })

  it('reads an Italian ODT of two pages with its footer', async () => {
    const doc = await extractDocument(fixture('resume-it.odt'), 'cv.odt')
    expect(doc.format).toBe('odt')
    expect(doc.pageCount).toBe(2)
    expect(doc.text).toContain('Più di sette anni di esperienza; città: Perugia.')
    expect(doc.text).toContain('Autorizzo il trattamento dei dati personali')
    expect(doc.text.match(/giulia\.benedetti@example\.it/g)).toHaveLength(1) // a header on every page, once
  })

  it('reads a two-column PDF column by column', async () => {
    const doc = await extractDocument(fixture('resume-en-two-columns.pdf'), 'cv.pdf')
    expect(doc.format).toBe('pdf')
    expect(doc.pageCount).toBe(1)
    const text = doc.text
    // The left column (experience) is read through before the right one (skills) starts.
    expect(text).toContain('Built streaming pipelines in Kafka and\nFlink for fraud detection across twelve\nmarkets.')
    expect(text.indexOf('by half.')).toBeLessThan(text.indexOf('Python, Scala, SQL'))
    expect(text.indexOf('Profile')).toBeLessThan(text.indexOf('Experience'))
    // The table below the columns is read row by row, the page footer last.
    expect(text).toContain('Languages\nEnglish (native)\nGerman (fluent)\nDegree\tUniversity\nMSc Computer Science\tUniversity of Bristol\nReferences available on request')
  })

  it('OCRs a scanned German PDF that has no text layer', async () => {
    const doc = await extractDocument(fixture('resume-de-scanned.pdf'), 'scan.pdf')
    expect(doc.pageCount).toBe(1)
    expect(doc.warnings.join()).toContain('OCR')
    expect(doc.text).toContain('Katrin Vogelsang')
    expect(doc.text).toContain('Technische Universität Dresden')
    expect(doc.text).toContain('Alpenblick Versicherungs AG, München')
  })

  it('reads Polish HTML, and Polish plain text saved in Windows-1250', async () => {
    const html = await extractDocument(fixture('resume-pl.html'), 'cv.html')
    expect(html.format).toBe('html')
    expect(html.text).toContain('Tworzenie usług sieciowych w Pythonie i Django; wdrożenie źródeł danych dla księgowości.')
    const txt = await extractDocument(fixture('resume-pl-cp1250.txt'), 'cv.txt')
    expect(txt.format).toBe('txt')
    expect(txt.text).toContain('Zofia Łukaszewska\nProgramistka Python, Łódź')
    expect(txt.warnings).toContain('decoded as windows-1250')
  })

  it('reads the bytes, not the name: a .doc that is DOCX, a .doc that is RTF', async () => {
    expect((await extractDocument(fixture('resume-de.docx'), 'cv.doc')).text).toContain('Katrin Vogelsang')
    const rtf = await extractDocument(fixture('resume-es.rtf'), 'cv.doc')
    expect(rtf.format).toBe('rtf')
    expect(rtf.warnings[0]).toBe('read as RTF: the name says doc')
  })

  it('collects embedded pictures from DOCX, ODT, RTF and PDF', async () => {
    const { flatOdt, convertWithSoffice } = await import('../fixtures/documents.js')
    const png = new Uint8Array(await (await import('sharp')).default({ create: { width: 120, height: 160, channels: 3, background: '#3366aa' } }).png().toBuffer())
    const spec = { paragraphs: ['Anna Example'], image: { data: png, type: 'png' as const, widthCm: 3, heightCm: 4 } }
    for (const to of ['docx', 'odt', 'rtf', 'pdf'] as const) {
      const doc = await extractDocument(convertWithSoffice(flatOdt(spec), 'fodt', to), `photo.${to}`)
      expect(doc.images.map((image) => image.type)).toEqual(['png'])
      const { width, height } = await (await import('sharp')).default(doc.images[0]!.data).metadata()
      expect([width, height]).toEqual([120, 160])
      expect(doc.text).toBe('Anna Example')
    }
  }, 60_000)
})

describe('text encodings', () => {
  // Node 20's TextDecoder reads windows-1252 as Latin-1, so its 0x80-0x9F letters are spelled out here.
  const cp1252 = new Map([['Œ', 0x8c], ['œ', 0x9c], ['€', 0x80], ['–', 0x96]])
  const encode = (text: string, encoding: string) => {
    const decoder = new TextDecoder(encoding)
    const table = new Map<string, number>(encoding === 'windows-1252' ? cp1252 : [])
    for (let byte = 0; byte < 256; byte++) if (byte < 0x80 || byte > 0x9f || encoding !== 'windows-1252') table.set(decoder.decode(new Uint8Array([byte])), byte)
    return new Uint8Array([...text].map((ch) => table.get(ch) ?? Number.NaN))
  }
  const read = async (bytes: Uint8Array) => (await extractDocument(bytes, 'cv.txt')).text

  it.each([
    ['windows-1252', 'Étienne Marchais, développeur à Nantes; Œnologie'],
    ['windows-1252', 'Katrin Vogelsang, Softwareentwicklerin in München, Führerschein'],
    ['windows-1252', 'Lucía Fernández, ingeniera en Castañar Energía'],
    ['windows-1250', 'Zofia Łukaszewska, programistka z Łodzi, źródła, księgowość'],
    ['iso-8859-2', 'Zofia Łukaszewska, programistka z Łodzi, źródła, księgowość'],
  ])('guesses %s for %s', async (encoding, text) => {
    expect(await read(encode(text, encoding))).toBe(text)
  })

  it('reads UTF-8 with and without a BOM, and UTF-16 LE and BE with a BOM', async () => {
    const text = 'Zofia Łukaszewska – Łódź'
    const utf8 = new TextEncoder().encode(text)
    expect(await read(utf8)).toBe(text)
    expect(await read(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text)
    const le = Buffer.from('\ufeff' + text, 'utf16le')
    expect(await read(new Uint8Array(le))).toBe(text)
    expect(await read(new Uint8Array(Buffer.from(le).swap16()))).toBe(text)
  })
})

describe('unsupported and empty files', () => {
  it('refuses content of no supported format (1023), whatever the name says', async () => {
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0])
    expect((await rejection(extractDocument(gif, 'cv.pdf'))).code).toBe(1023)
    const zip = new Uint8Array(Buffer.from('504b0506000000000000000000000000000000000000', 'hex'))
    expect((await rejection(extractDocument(zip, 'cv.docx'))).code).toBe(1023)
  })

  it('refuses an empty file as unreadable (1031)', async () => {
    expect((await rejection(extractDocument(new Uint8Array(), 'cv.pdf'))).code).toBe(1031)
  })
})
