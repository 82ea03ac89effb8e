import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { filters, flatOdt } from '../fixtures/documents.js'

const run = promisify(execFile)

/** What intake reads a file as; the name's extension picks the file a format case sends. */
export type Written = 'txt' | 'docx' | 'doc' | 'odt' | 'rtf' | 'pdf' | 'html' | 'png' | 'jpg' | 'scan'

/**
 * One upload format as a client sends it: the name's extension and which written file it carries.
 * DOTX and DOCM are DOCX inside, DOT is DOC: intake reads the bytes, so the same file under each name.
 */
export interface FormatCase {
  fileName: string
  written: Written
  /** Read by OCR: seconds, not milliseconds, so few of them. */
  ocr: boolean
}

export const textFormats: FormatCase[] = [
  { fileName: 'cv.txt', written: 'txt', ocr: false },
  { fileName: 'cv.docx', written: 'docx', ocr: false },
  { fileName: 'cv.dotx', written: 'docx', ocr: false },
  { fileName: 'cv.docm', written: 'docx', ocr: false },
  { fileName: 'cv.doc', written: 'doc', ocr: false },
  { fileName: 'cv.dot', written: 'doc', ocr: false },
  { fileName: 'cv.odt', written: 'odt', ocr: false },
  { fileName: 'cv.rtf', written: 'rtf', ocr: false },
  { fileName: 'cv.pdf', written: 'pdf', ocr: false },
  { fileName: 'cv.html', written: 'html', ocr: false },
  { fileName: 'cv.htm', written: 'html', ocr: false },
]

export const ocrFormats: Record<'png' | 'jpg' | 'jpeg' | 'scan', FormatCase> = {
  png: { fileName: 'cv.png', written: 'png', ocr: true },
  jpg: { fileName: 'cv.jpg', written: 'jpg', ocr: true },
  jpeg: { fileName: 'cv.jpeg', written: 'jpg', ocr: true },
  // A PDF without a text layer: a page picture, as a scanner writes it.
  scan: { fileName: 'scan.pdf', written: 'scan', ocr: true },
}

/**
 * Each text in every format a client uploads, written now by LibreOffice from the same paragraphs (one
 * per line), so that every format carries exactly the same document; pictures and a scan are the PDF's
 * page rendered by poppler at 150 dpi. Returns name -> written format -> bytes.
 */
export async function inEveryFormat(texts: Record<string, string>): Promise<Record<string, Record<Written, Uint8Array>>> {
  const folder = await mkdtemp(join(tmpdir(), 'rs-formats-'))
  try {
    const names = Object.keys(texts)
    for (const name of names) await writeFile(join(folder, `${name}.fodt`), flatOdt({ paragraphs: texts[name]!.split('\n') }))
    // Two soffice processes at a time (each with its own profile): the machine has two cores.
    const targets = ['docx', 'doc', 'odt', 'rtf', 'pdf', 'html'] as const
    for (let i = 0; i < targets.length; i += 2) {
      await Promise.all(targets.slice(i, i + 2).map((to, slot) => soffice(folder, `p${slot}`, to, names.map((name) => `${name}.fodt`))))
    }
    for (const name of names) {
      await run('pdftoppm', ['-r', '150', '-png', '-singlefile', join(folder, `${name}.pdf`), join(folder, `${name}-page`)])
      await run('pdftoppm', ['-r', '150', '-jpeg', '-singlefile', join(folder, `${name}.pdf`), join(folder, `${name}-page`)])
      const picture = new Uint8Array(await readFile(join(folder, `${name}-page.jpg`)))
      await writeFile(join(folder, `${name}-scan.fodt`), flatOdt({ paragraphs: [], image: { data: picture, type: 'jpeg', widthCm: 17, heightCm: 24 } }))
    }
    await soffice(folder, 'p0', 'pdf', names.map((name) => `${name}-scan.fodt`))

    const read = async (file: string) => new Uint8Array(await readFile(join(folder, file)))
    const out: Record<string, Record<Written, Uint8Array>> = {}
    for (const name of names) {
      out[name] = {
        txt: new TextEncoder().encode(texts[name]!),
        docx: await read(`${name}.docx`),
        doc: await read(`${name}.doc`),
        odt: await read(`${name}.odt`),
        rtf: await read(`${name}.rtf`),
        pdf: await read(`${name}.pdf`),
        html: await read(`${name}.html`),
        png: await read(`${name}-page.png`),
        jpg: await read(`${name}-page.jpg`),
        scan: await read(`${name}-scan.pdf`),
      }
    }
    return out
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

async function soffice(folder: string, profile: string, to: keyof typeof filters, files: string[]): Promise<void> {
  const home = join(folder, profile)
  await run('soffice', ['--headless', '--norestore', `-env:UserInstallation=file://${home}`, '--convert-to', filters[to], '--outdir', folder, ...files.map((file) => join(folder, file))], {
    timeout: 120_000,
    env: { ...process.env, HOME: home },
  })
}
