import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { detectLanguage } from '../parser/language.js'
import sharp from 'sharp'
import { ApiError } from '../errors/api-error.js'
import { cleanText } from './clean-text.js'
import { joinWrappedLines } from './wrapped-lines.js'
import { intakeLimits } from '../config.js'
import { runProcess, type RunResult } from './run-process.js'
import { Slots } from './slots.js'
import type { ExtractedDocument, ExtractOptions } from './types.js'

/** Our six languages (ISO 639-1, as eld names them) and Tesseract's models for them (Debian tesseract-ocr-<lang>). */
const tesseractModels: Record<string, string> = { en: 'eng', de: 'deu', fr: 'fra', es: 'spa', it: 'ita', pl: 'pol' }

/**
 * Tesseract with one OpenMP thread: on two cores its default threading made a page several times
 * slower (docs/benchmarks.md), and requests run side by side anyway.
 */
const tesseractEnv = { ...process.env, OMP_THREAD_LIMIT: '1' }

/** OCR runs one document per core at most; the others wait, and their time starts when they run. */
let ocrSlots: Slots | undefined
const ocrQueue = () => (ocrSlots ??= new Slots(Math.max(1, intakeLimits().ocrWorkers)))

/** Scans are rendered at 200 dpi: enough for 9 pt type, and half the work of 300. */
const renderDpi = 200

/**
 * A PNG or JPEG: checked against MAX_IMAGE_PIXELS (1032) before anything decodes it, then OCRed unless
 * `options.ocr` is false. The image itself is handed on: a photo resume is its own face picture.
 */
export async function extractImage(bytes: Uint8Array, type: 'png' | 'jpeg', options: ExtractOptions = {}): Promise<Omit<ExtractedDocument, 'format'>> {
  const limits = intakeLimits()
  let size: { width?: number; height?: number }
  try {
    size = await sharp(bytes).metadata()
  } catch (cause) {
    throw new ApiError(1031, `not a readable ${type.toUpperCase()} image`, { cause })
  }
  const pixels = (size.width ?? 0) * (size.height ?? 0)
  if (pixels > limits.maxImagePixels) throw new ApiError(1032, limits.maxImagePixels)
  const images = [{ data: bytes, type, source: 'file' }]
  if (options.ocr === false) return { text: '', pageCount: 1, images, warnings: ['OCR skipped'] }
  const timeoutMs = options.timeoutMs ?? limits.ocrTimeoutMs
  const { text, language } = await ocrQueue().run(() => recognise((languages, remainingMs) =>
    runProcess(limits.tesseractPath, ['stdin', 'stdout', '-l', languages], { input: bytes, timeoutMs: remainingMs, env: tesseractEnv }), timeoutMs))
  return { text: joinWrappedLines(cleanText(text)), pageCount: 1, images, warnings: [`text recognised by OCR (${language})`] }
}

/**
 * The first `pages` pages of an image-only PDF, rendered with pdftoppm and OCRed in one Tesseract run
 * (the language models load once). Both steps share one deadline (1028).
 */
export function ocrPdfPages(pdf: Uint8Array, pages: number, timeoutMs: number): Promise<string> {
  return ocrQueue().run(() => renderAndRecognise(pdf, pages, timeoutMs))
}

async function renderAndRecognise(pdf: Uint8Array, pages: number, timeoutMs: number): Promise<string> {
  const limits = intakeLimits()
  const deadline = Date.now() + timeoutMs
  const folder = await mkdtemp(join(tmpdir(), 'rs-ocr-'))
  try {
    await writeFile(join(folder, 'in.pdf'), pdf)
    const render = await runProcess(limits.pdftoppmPath, ['-r', String(renderDpi), '-gray', '-png', '-f', '1', '-l', String(pages), 'in.pdf', 'page'], { cwd: folder, timeoutMs })
    if (render.kind === 'missing') throw new ApiError(1034)
    if (render.kind === 'timeout') throw new ApiError(1028, timeoutMs)
    const images = (await readdir(folder)).filter((name) => name.startsWith('page')).sort()
    if (images.length === 0) throw new ApiError(1031, 'no page of the PDF could be rendered for OCR')
    await writeFile(join(folder, 'pages.txt'), images.map((name) => join(folder, name)).join('\n') + '\n')
    const run = (languages: string, remainingMs: number) =>
      runProcess(limits.tesseractPath, ['pages.txt', 'stdout', '-l', languages], { cwd: folder, timeoutMs: remainingMs, env: tesseractEnv })
    return (await recognise(run, deadline - Date.now())).text
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

/**
 * Two passes instead of one with all six models (several times slower): English first, which reads any Latin
 * script well enough to tell its language; then, for another of our languages, that language's model
 * with English (CVs mix in English terms). Both passes share `timeoutMs` (1028).
 */
async function recognise(run: (languages: string, remainingMs: number) => Promise<RunResult>, timeoutMs: number): Promise<{ text: string; language: string }> {
  const deadline = Date.now() + timeoutMs
  const first = ocrOutput(await run('eng', timeoutMs), timeoutMs)
  const language = detectLanguage(first)
  const model = tesseractModels[language]
  if (!model || model === 'eng') return { text: first, language: 'eng' }
  return { text: ocrOutput(await run(`${model}+eng`, deadline - Date.now()), timeoutMs), language: `${model}+eng` }
}

function ocrOutput(result: RunResult, timeoutMs: number): string {
  if (result.kind === 'missing') throw new ApiError(1034)
  if (result.kind === 'timeout') throw new ApiError(1028, timeoutMs)
  if (result.code !== 0) throw new ApiError(1031, `the image could not be read for OCR (${result.stderr.trim().split('\n').at(-1) ?? ''})`)
  return result.stdout.toString('utf8')
}
