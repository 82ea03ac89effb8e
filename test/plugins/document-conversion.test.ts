import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { extractDocument } from '../../src/intake/index.js'
import { findFace } from '../../src/plugins/face-detection.js'
import { convertWithSoffice, flatOdt } from '../fixtures/documents.js'
import { facePhotoFace, facePhotoPath } from '../intake/fixtures.js'
import type { ErrorCode } from '../../src/errors/catalogue.js'
import { expectRefused } from '../support/refusal.js'
import { startTestService, type TestService } from '../support/service.js'
import { conversionBody, convert, failingRequests, fixture } from './requests.js'

let service: TestService
let key: string
beforeAll(async () => {
  service = await startTestService()
  key = await service.createKey({ name: 'converter' })
})
afterAll(() => service.close())

interface ConversionResponse {
  FileName: string
  PageCount: number
  TextData: string
  FaceImage?: { Data: string; Type: string }
  ConvertedData?: { Data: string; Type: string }
}

async function ok(res: Response): Promise<ConversionResponse> {
  const body = await res.json()
  expect(res.status, JSON.stringify(body)).toBe(200)
  return body as ConversionResponse
}

describe('POST /plugin/documentConversion', () => {
  it('answers FileName, PageCount and TextData, and the PDF asked for in the sample\'s array configuration', async () => {
    const res = await convert(service, conversionBody(key, fixture('resume-it.odt'), 'curriculum.odt', [{ outputtype: 'pdf' }, { facedetection: 'false' }]))
    const body = await ok(res)
    expect(body).toMatchObject({ FileName: 'curriculum.odt', PageCount: 2 })
    expect(body.TextData).toContain('Laurea magistrale in Informatica, Università di Pisa')
    expect(body.FaceImage).toBeUndefined()
    expect(body.ConvertedData?.Type).toBe('pdf')
    const pdf = await extractDocument(new Uint8Array(Buffer.from(body.ConvertedData!.Data, 'base64')), 'out.pdf')
    expect(pdf).toMatchObject({ format: 'pdf', pageCount: 2 })
    expect(pdf.text).toContain('Più di sette anni di esperienza')
  })

  it('converts to doc, docx, rtf and html through the LibreOffice pool, several at once', async () => {
    const types = ['doc', 'docx', 'rtf', 'html'] as const
    const bodies = await Promise.all(
      types.map(async (outputtype) => ok(await convert(service, conversionBody(key, fixture('resume-es.rtf'), 'cv.rtf', { outputtype })))),
    )
    for (const [i, body] of bodies.entries()) {
      expect(body.ConvertedData?.Type).toBe(types[i])
      const converted = await extractDocument(new Uint8Array(Buffer.from(body.ConvertedData!.Data, 'base64')), `out.${types[i]}`)
      expect(converted.format).toBe(types[i])
      expect(converted.text).toContain('Ingeniera de datos en Castañar Energía')
    }
    // RTF to RTF is the file itself.
    expect(bodies[2]!.ConvertedData!.Data).toBe(Buffer.from(fixture('resume-es.rtf')).toString('base64'))
  }, 120_000)

  it('converts a PDF and a photographed page, which Writer cannot open, from their text', async () => {
    const fromPdf = await ok(await convert(service, conversionBody(key, fixture('resume-en-two-columns.pdf'), 'cv.pdf', { outputtype: 'docx' })))
    const docx = await extractDocument(new Uint8Array(Buffer.from(fromPdf.ConvertedData!.Data, 'base64')), 'out.docx')
    expect(docx.text).toContain('Migrated a warehouse of forty terabytes')
    const txt = await ok(await convert(service, conversionBody(key, fixture('resume-pl-cp1250.txt'), 'cv.txt', { outputtype: 'pdf' })))
    expect((await extractDocument(new Uint8Array(Buffer.from(txt.ConvertedData!.Data, 'base64')), 'out.pdf')).text).toContain('Politechnika Łódzka')
  }, 60_000)
})

describe('face detection', () => {
  const photo = new Uint8Array(readFileSync(facePhotoPath))

  const photoResume = (to: 'docx' | 'pdf') =>
    convertWithSoffice(flatOdt({ paragraphs: ['Marco Esposito', 'Calciatore e allenatore, Napoli'], image: { data: photo, type: 'jpeg', widthCm: 8, heightCm: 5 } }), 'fodt', to)

  /** The face a response carries is cropped: small beside the photo, and the face fills most of it. */
  async function expectCroppedFace(face: ConversionResponse['FaceImage']): Promise<void> {
    expect(face?.Type).toBe('jpg')
    const crop = new Uint8Array(Buffer.from(face!.Data, 'base64'))
    const size = await sharp(crop).metadata()
    const photoSize = await sharp(photo).metadata()
    expect(size.width! * size.height!).toBeLessThan((photoSize.width! * photoSize.height!) / 20)
    // The detector finds the face again in the crop, filling most of it.
    const again = await findFace([{ data: crop, type: 'jpeg', source: 'crop' }])
    expect(again!.box.width).toBeGreaterThan(size.width! * 0.4)
  }

  it('returns the face of a photo resume (DOCX), cropped: the crop holds the face and little else', async () => {
    const body = await ok(await convert(service, conversionBody(key, photoResume('docx'), 'cv-foto.docx', { facedetection: 'true' })))
    expect(body.TextData).toContain('Marco Esposito')
    await expectCroppedFace(body.FaceImage)
  }, 60_000)

  it('finds the photo inside a PDF resume, and crops its face likewise', async () => {
    const body = await ok(await convert(service, conversionBody(key, photoResume('pdf'), 'cv-foto.pdf', { facedetection: 'true' })))
    expect(body.TextData).toContain('Calciatore e allenatore, Napoli')
    await expectCroppedFace(body.FaceImage)
  }, 60_000)

  it('finds the face where the photo shows it, in an uploaded JPEG', async () => {
    const face = await findFace([{ data: photo, type: 'jpeg', source: 'file' }])
    const centre = { x: face!.box.x + face!.box.width / 2, y: face!.box.y + face!.box.height / 2 }
    expect(centre.x).toBeGreaterThan(facePhotoFace.left)
    expect(centre.x).toBeLessThan(facePhotoFace.right)
    expect(centre.y).toBeGreaterThan(facePhotoFace.top)
    expect(centre.y).toBeLessThan(facePhotoFace.bottom)
    const body = await ok(await convert(service, conversionBody(key, photo, 'photo.jpg', { facedetection: true })))
    expect(body.FaceImage?.Type).toBe('jpg')
    expect(body.PageCount).toBe(1)
  }, 60_000)

  it('gives no FaceImage when the document has no face, or when not asked', async () => {
    const noFace = await ok(await convert(service, conversionBody(key, fixture('resume-de.docx'), 'cv.docx', { facedetection: 'true' })))
    expect(noFace.FaceImage).toBeUndefined()
    const baboon = new Uint8Array(readFileSync('/usr/share/doc/opencv-doc/examples/data/baboon.jpg'))
    expect(await findFace([{ data: baboon, type: 'jpeg', source: 'file' }])).toBeUndefined()
    const notAsked = await ok(await convert(service, conversionBody(key, photo, 'photo.jpg', { facedetection: 'false' })))
    expect(notAsked.FaceImage).toBeUndefined()
  }, 60_000)
})

describe('numbered errors, each within bounded time', () => {
  const expected: Record<number, number> = {
    1014: 400, 1015: 400, 1016: 400, 1017: 400, 1018: 400, 1019: 400, 1020: 400, 1021: 400, 1022: 400, 1023: 422, 1024: 413,
    1025: 422, 1026: 422, 1027: 422, 1028: 504, 1029: 504, 1030: 503, 1031: 422, 1032: 422, 1033: 503, 1034: 503, 1035: 422,
    1036: 422, 1037: 422, 2026: 400,
  }
  it.each(Object.entries(expected))('error %s (HTTP %s)', async (code, http) => {
    const send = failingRequests(service, key)[Number(code)]!
    const start = performance.now()
    await expectRefused(service.database.db, send, Number(code) as ErrorCode, http)
    expect(performance.now() - start).toBeLessThan(Number(code) === 1035 ? 30_000 : 10_000)
  }, 60_000)

  it('checks the request after the key: a missing version with a bad key is 2001', async () => {
    await expectRefused(service.database.db, () => convert(service, { ...conversionBody('wrong-key', fixture('resume-de.docx'), 'cv.docx'), version: undefined }), 2001)
  })
})
