/**
 * The safety limits of document intake, read from the environment on every call so that an operator
 * (or a test) can tighten them without a restart.
 *
 * @example
 *   const { maxFileBytes } = intakeLimits()
 */
export interface IntakeLimits {
  /** Decoded file bytes (1024). 15 MB is well above any resume we have seen, including scans. */
  maxFileBytes: number
  /** Pages of a PDF (1027). A resume has 1-5; 100 still admits a long publication list. */
  maxPdfPages: number
  /** Bytes a PDF's deflated streams expand to in all, pictures aside (1037): a resume's come to a few MB. */
  maxPdfStreamBytes: number
  /** Pages of an image-only PDF that are OCRed; a scanned resume rarely has more. */
  maxOcrPages: number
  /** Width x height of an image (1032): a 40 MP limit admits 300 dpi A3 scans and stops pixel bombs. */
  maxImagePixels: number
  /** OCR of one document, all pages together (1028). */
  ocrTimeoutMs: number
  /** One LibreOffice conversion, queueing excluded (1029). */
  conversionTimeoutMs: number
  /** Zip entries (1025): a DOCX has 10-100, a bomb thousands. */
  maxZipEntries: number
  /** Declared uncompressed bytes of all zip entries together (1025). */
  maxZipBytes: number
  /** Compression ratio of one entry over 1 MB (1025): XML compresses about 10:1, bombs about 1000:1. */
  maxZipRatio: number
  /** Concurrent soffice processes, each with its own profile. */
  conversionWorkers: number
  /** Concurrent OCR runs (Tesseract uses one core each). */
  ocrWorkers: number
  sofficePath: string
  tesseractPath: string
  pdftoppmPath: string
  faceCascadePath: string
}

type Env = Record<string, string | undefined>

export function intakeLimits(env: Env = process.env): IntakeLimits {
  return {
    maxFileBytes: positive(env, 'MAX_FILE_BYTES', 15 * 1024 * 1024),
    maxPdfPages: positive(env, 'MAX_PDF_PAGES', 100),
    maxPdfStreamBytes: positive(env, 'MAX_PDF_STREAM_BYTES', 200 * 1024 * 1024),
    maxOcrPages: positive(env, 'MAX_OCR_PAGES', 10),
    maxImagePixels: positive(env, 'MAX_IMAGE_PIXELS', 40_000_000),
    ocrTimeoutMs: positive(env, 'OCR_TIMEOUT_MS', 60_000),
    conversionTimeoutMs: positive(env, 'CONVERSION_TIMEOUT_MS', 60_000),
    maxZipEntries: positive(env, 'MAX_ZIP_ENTRIES', 2_000),
    maxZipBytes: positive(env, 'MAX_ZIP_BYTES', 200 * 1024 * 1024),
    maxZipRatio: positive(env, 'MAX_ZIP_RATIO', 200),
    conversionWorkers: positive(env, 'CONVERSION_WORKERS', 2),
    ocrWorkers: positive(env, 'OCR_WORKERS', 2),
    sofficePath: env.SOFFICE_PATH?.trim() || 'soffice',
    tesseractPath: env.TESSERACT_PATH?.trim() || 'tesseract',
    pdftoppmPath: env.PDFTOPPM_PATH?.trim() || 'pdftoppm',
    faceCascadePath: env.FACE_CASCADE_PATH?.trim() || '/usr/share/opencv4/haarcascades/haarcascade_frontalface_alt2.xml',
  }
}

function positive(env: Env, name: string, fallback: number): number {
  const value = Number(env[name])
  return env[name] && Number.isFinite(value) && value > 0 ? value : fallback
}
