/**
 * `npm run bench:extract`: milliseconds per document for each format (median and p95), then OCR, face
 * detection and LibreOffice conversion, which are reported apart because they run other programs.
 * Inputs are the fixtures of test/fixtures. Targets (issue 3): <= 30 ms median for docx, odt, rtf, html
 * and txt, <= 80 ms for a 2-page text PDF.
 */
import { readFileSync } from 'node:fs'
import { extractDocument } from '../src/intake/index.js'
import { findFace } from '../src/plugins/face-detection.js'
import { LibreOfficePool } from '../src/plugins/libreoffice.js'

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url)))

async function measure(label: string, runs: number, work: () => Promise<unknown>, perPage = 1): Promise<void> {
  await work() // warm-up: module loading and first-call compilation are not per-document costs
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await work()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)]!
  const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!
  const page = perPage > 1 ? `  (${(median / perPage).toFixed(1)} ms per page)` : ''
  console.log(`${label.padEnd(34)} ${median.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}   n=${runs}${page}`)
}

console.log(`${'extraction'.padEnd(34)} ${'median'.padStart(8)} ${'p95'.padStart(8)}`)
const formats: Array<[string, string]> = [
  ['docx', 'resume-de.docx'],
  ['odt', 'resume-it.odt'],
  ['rtf', 'resume-es.rtf'],
  ['html', 'resume-pl.html'],
  ['txt (Windows-1250)', 'resume-pl-cp1250.txt'],
  ['doc', 'resume-fr.doc'],
  ['pdf, 2 pages of text', 'resume-it.pdf'],
  ['pdf, 1 page, two columns', 'resume-en-two-columns.pdf'],
]
for (const [label, name] of formats) {
  const bytes = fixture(name)
  await measure(label, 50, () => extractDocument(bytes, name))
}

console.log('\nOCR (Tesseract: an English pass, then one with the language found, unless English)')
const scan = fixture('resume-de-scanned.pdf')
await measure('scanned pdf, 1 page (render + OCR)', 5, () => extractDocument(scan, 'scan.pdf'), 1)
const page = (await extractDocument(scan, 'scan.pdf', { ocr: false })).images[0]
if (page) await measure('png page image', 5, () => extractDocument(page.data, 'page.png'))

console.log('\nface detection (OpenCV Haar cascade, WebAssembly)')
const photoPath = '/usr/share/doc/opencv-doc/examples/data/messi5.jpg'
try {
  const photo = new Uint8Array(readFileSync(photoPath))
  await measure('548 x 342 jpeg', 20, () => findFace([{ data: photo, type: 'jpeg', source: 'file' }]))
} catch {
  console.log(`(skipped: ${photoPath} not installed; Debian opencv-doc)`)
}

console.log('\nconversion (LibreOffice headless, one process per conversion)')
const pool = new LibreOfficePool(1)
const docx = fixture('resume-de.docx')
await measure('docx -> pdf', 5, () => pool.convert({ bytes: docx, extension: 'docx' }, 'pdf'))
await measure('docx -> doc', 5, () => pool.convert({ bytes: docx, extension: 'docx' }, 'doc'))
await measure('odt -> docx', 5, () => pool.convert({ bytes: fixture('resume-it.odt'), extension: 'odt' }, 'docx'))
