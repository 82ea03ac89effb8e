import { zipSync } from 'fflate'
import type { TestService } from '../support/service.js'
import { deflatedPdf, fixture, minimalPdf, withEnv } from '../intake/fixtures.js'

export { fixture, withEnv }

/** A documentConversion body for `bytes`, as the vendor's sample sends it (configuration an array). */
export function conversionBody(key: string, bytes: Uint8Array, filename: string, configuration: unknown = [{ outputtype: '' }, { facedetection: 'false' }]): Record<string, unknown> {
  return { userkey: key, subuserid: 'recruiter-1', version: '1.0.0', filename, filedata: Buffer.from(bytes).toString('base64'), configuration }
}

export const convert = (service: TestService, body: Record<string, unknown>) => service.post('/plugin/documentConversion', body)

/** A request for each numbered failure of documentConversion: what the error catalogue test sends. */
export function failingRequests(service: TestService, key: string): Record<number, () => Promise<Response>> {
  const docx = fixture('resume-de.docx')
  const body = (more: Record<string, unknown> = {}) => ({ ...conversionBody(key, docx, 'cv.docx'), ...more })
  const post = (b: Record<string, unknown>) => convert(service, b)
  const word = (xml: string) => zipSync({ 'word/document.xml': new TextEncoder().encode(xml) })
  return {
    1014: () => post(body({ filedata: undefined })),
    1015: () => post(body({ filedata: 42 })),
    1016: () => post(body({ filename: undefined })),
    1017: () => post(body({ filename: ['cv.docx'] })),
    1018: () => post(body({ version: undefined })),
    1019: () => post(body({ version: '9.9' })),
    1020: () => post(body({ configuration: 'pdf' })),
    1021: () => post(body({ configuration: [{ outputtype: 'xlsx' }] })),
    1022: () => post(body({ configuration: { facedetection: 'yes' } })),
    1023: () => post(conversionBody(key, new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0x80, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b]), 'cv.gif')),
    1024: () => withEnv({ MAX_FILE_BYTES: '1000' }, () => post(body())),
    1025: () => post(conversionBody(key, zipSync(Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`f${i}`, new Uint8Array([1])]))), 'cv.docx')),
    1026: () => post(conversionBody(key, word('<!DOCTYPE d [<!ENTITY a "aaaa">]><w:document>&a;</w:document>'), 'cv.docx')),
    1027: () => post(conversionBody(key, minimalPdf(101), 'long.pdf')),
    1037: () => withEnv({ MAX_PDF_STREAM_BYTES: '100000' }, () => post(conversionBody(key, deflatedPdf('BT ET\n', 200_000), 'bomb.pdf'))),
    1028: () => withEnv({ OCR_TIMEOUT_MS: '200' }, () => post(conversionBody(key, fixture('resume-de-scanned.pdf'), 'scan.pdf'))),
    1029: () => withEnv({ CONVERSION_TIMEOUT_MS: '200' }, () => post(body({ configuration: { outputtype: 'pdf' } }))),
    1030: () => withEnv({ SOFFICE_PATH: '/nonexistent/soffice' }, () => post(body({ configuration: { outputtype: 'pdf' } }))),
    1031: () => post(conversionBody(key, docx.subarray(0, 3000), 'cv.docx')),
    1032: () => withEnv({ MAX_IMAGE_PIXELS: '100' }, () => post(conversionBody(key, new Uint8Array(Buffer.from(smallPng, 'base64')), 'photo.png'))),
    1033: () => withEnv({ FACE_CASCADE_PATH: '/nonexistent/face.xml' }, () => post(body({ configuration: { facedetection: 'true' } }))),
    1034: () => withEnv({ TESSERACT_PATH: '/nonexistent/tesseract' }, () => post(conversionBody(key, new Uint8Array(Buffer.from(smallPng, 'base64')), 'scan.png'))),
    1035: async () => post(conversionBody(key, await encryptedPdf(), 'locked.pdf')),
    // soffice that exits without writing anything stands for a conversion LibreOffice gives up on.
    1036: () => withEnv({ SOFFICE_PATH: '/bin/true' }, () => post(body({ configuration: { outputtype: 'rtf' } }))),
    2026: () => post(body({ filedata: 'this is not base64!' })),
  }
}

/** A 16 x 16 white PNG. */
const smallPng = 'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAHUlEQVR4nGP4TyJgGNVABGAgRhEyGNVADKB9KAEAr639HzhpQWIAAAAASUVORK5CYII='

let encrypted: Promise<Uint8Array> | undefined
/** A PDF with an open password, written by LibreOffice once per test file. */
export function encryptedPdf(): Promise<Uint8Array> {
  encrypted ??= (async () => {
    const { convertWithSoffice, flatOdt } = await import('../fixtures/documents.js')
    return convertWithSoffice(flatOdt({ paragraphs: ['Secret resume'] }), 'fodt', 'pdf', '{"EncryptFile":{"type":"boolean","value":"true"},"DocumentOpenPassword":{"type":"string","value":"secret"}}')
  })()
  return encrypted
}
