import type { ExtractedDocument } from '../intake/index.js'
import type { ConversionInput, OutputType } from './libreoffice.js'

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * What LibreOffice is given for a file: the file itself where Writer imports its format; for PDF and
 * images (which Writer cannot open) a flat ODT of the extracted text, with the image on top.
 * `undefined` when the file already is of the asked type and goes back as it is.
 */
export function conversionSource(bytes: Uint8Array, document: ExtractedDocument, to: OutputType): ConversionInput | undefined {
  const same: Partial<Record<ExtractedDocument['format'], OutputType>> = { pdf: 'pdf', doc: 'doc', docx: 'docx', rtf: 'rtf', html: 'html' }
  if (same[document.format] === to) return undefined
  switch (document.format) {
    case 'doc':
    case 'docx':
    case 'odt':
    case 'rtf':
      return { bytes, extension: document.format }
    case 'html':
      // By extension alone soffice opens HTML in Writer/Web, whose exports differ.
      return { bytes, extension: 'html', importFilter: 'HTML (StarWriter)' }
    case 'txt':
      return { bytes: new TextEncoder().encode(document.text), extension: 'txt', importFilter: 'Text (encoded):UTF8' }
    default:
      return { bytes: new TextEncoder().encode(flatOdt(document)), extension: 'fodt' }
  }
}

function flatOdt(document: ExtractedDocument): string {
  const image = document.images[0]
  const picture = image && (document.format === 'png' || document.format === 'jpeg')
    ? `<text:p><draw:frame text:anchor-type="as-char" svg:width="16cm" svg:height="${imageHeightCm(image.data, 16)}cm"><draw:image><office:binary-data>${Buffer.from(image.data).toString('base64')}</office:binary-data></draw:image></draw:frame></text:p>`
    : ''
  const paragraphs = document.text.split('\n').map((line) => `<text:p>${esc(line)}</text:p>`).join('')
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:body><office:text>${picture}${paragraphs}</office:text></office:body></office:document>`
}

/** The height that keeps a PNG's or JPEG's aspect ratio at `widthCm`; 4:3 when the header says nothing. */
function imageHeightCm(data: Uint8Array, widthCm: number): string {
  const size = pixelSize(data)
  return (size ? (widthCm * size.height) / size.width : (widthCm * 3) / 4).toFixed(2)
}

function pixelSize(data: Uint8Array): { width: number; height: number } | undefined {
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  if (view[0] === 0x89 && view.length > 24) return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) }
  for (let i = 2; i + 9 < view.length; ) {
    if (view[i] !== 0xff) return undefined
    const marker = view[i + 1]!
    // SOF0-SOF15 but DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { height: view.readUInt16BE(i + 5), width: view.readUInt16BE(i + 7) }
    i += 2 + view.readUInt16BE(i + 2)
  }
  return undefined
}
