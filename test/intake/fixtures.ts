import { readFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

/** A checked-in fixture of test/fixtures, as bytes. */
export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)))
}

/** Sets environment variables (intake limits are read per call) for the length of `run`. */
export async function withEnv<T>(env: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]))
  Object.assign(process.env, env)
  try {
    return await run()
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  }
}

/** The numbered error a promise rejects with, and how long it took to. */
export async function rejection(promise: Promise<unknown>): Promise<{ code: number | undefined; ms: number; message: string }> {
  const start = performance.now()
  try {
    await promise
  } catch (error) {
    return { code: (error as { code?: number }).code, ms: performance.now() - start, message: String((error as Error).message) }
  }
  throw new Error('expected a rejection, got a result')
}

/** Where the test photo (a real face, from Debian opencv-doc) is; .ci/run installs the package. */
export const facePhotoPath = '/usr/share/doc/opencv-doc/examples/data/messi5.jpg'
/** The face in that photo, found by looking at it: left, top, right, bottom in pixels. */
export const facePhotoFace = { left: 205, top: 60, right: 270, bottom: 135 }

/** A minimal valid PDF of `pages` pages, each with one line of text. */
export function minimalPdf(pages: number): Uint8Array {
  const objects: string[] = []
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ')
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
  objects[2] = `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'
  for (let i = 0; i < pages; i++) {
    const stream = `BT /F1 12 Tf 72 720 Td (Page ${i + 1} of a long document) Tj ET`
    objects[4 + i * 2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`
    objects[5 + i * 2] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
  }
  return assemblePdf(objects)
}

/** A PDF file of numbered objects (1 the catalog), with its cross-reference table; latin1, so binary streams pass. */
function assemblePdf(objects: string[]): Uint8Array {
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  for (let n = 1; n < objects.length; n++) {
    offsets[n] = body.length
    body += `${n} 0 obj\n${objects[n]}\nendobj\n`
  }
  const xref = body.length
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`
  for (let n = 1; n < objects.length; n++) body += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(body, 'latin1'))
}

/**
 * A one-page PDF whose content stream is `content` deflated (/FlateDecode), as most PDF writers store
 * it; with `padding` bytes of spaces after the content, a decompression bomb.
 */
export function deflatedPdf(content: string, padding = 0): Uint8Array {
  const stream = deflateSync(Buffer.concat([Buffer.from(content, 'latin1'), Buffer.alloc(padding, 0x20)]), { level: 9 })
  const objects = [
    '',
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n${stream.toString('latin1')}\nendstream`,
  ]
  return assemblePdf(objects)
}
