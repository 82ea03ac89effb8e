/**
 * Service configuration, read once from the environment at start-up.
 *
 * @example
 *   const config = loadConfig()            // process.env
 *   const config = loadConfig({ PORT: '0' }) // tests
 */
export interface Config {
  port: number
  /** Set: a pg pool to this PostgreSQL + PostGIS. Unset: embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined
  dataDir: string
  /** The master key of the admin API; see src/accounts/admin-key.ts for the embedded default. */
  adminKey: string | undefined
  searchBasePath: string
  pluginBasePath: string
  bodyLimitBytes: number
  /** Requests per minute and key; 0 turns the limit off. */
  rateLimitPerMinute: number
  logLevel: string
  /** Documents a match scores per candidate tier (src/match/match-model.ts); bounds a match's cost. */
  matchCandidatesPerTier: number
  /**
   * When the search segment takes in what was written since its last merge (docs/search-core.md):
   * `background` (default) merges an index once `segmentMergeDocs` documents or `segmentMergeMs` have
   * passed; `on-search` merges before each search (small installs, and the tests, so that every search
   * reads the segment).
   */
  searchMerge: 'background' | 'on-search'
  segmentMergeDocs: number
  segmentMergeMs: number
}

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env): Config {
  return {
    port: integer(env, 'PORT', 8080),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: nonEmpty(env.DATA_DIR) ?? './data',
    adminKey: nonEmpty(env.ADMIN_KEY),
    searchBasePath: basePath(env.SEARCH_BASE_PATH, '/searchengine'),
    pluginBasePath: basePath(env.PLUGIN_BASE_PATH, '/plugin'),
    // 25 MB of JSON carries a ~18 MB file in base64, more than any resume we have seen.
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 25 * 1024 * 1024),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 0),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    matchCandidatesPerTier: positive(env, 'MATCH_CANDIDATES_PER_TIER', 500),
    searchMerge: env.SEARCH_MERGE === 'on-search' ? 'on-search' : 'background',
    segmentMergeDocs: positive(env, 'SEGMENT_MERGE_DOCS', 2000),
    segmentMergeMs: positive(env, 'SEGMENT_MERGE_MS', 5000),
  }
}

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

export function intakeLimits(env: Env = process.env): IntakeLimits {
  return {
    maxFileBytes: positiveLimit(env, 'MAX_FILE_BYTES', 15 * 1024 * 1024),
    maxPdfPages: positiveLimit(env, 'MAX_PDF_PAGES', 100),
    maxPdfStreamBytes: positiveLimit(env, 'MAX_PDF_STREAM_BYTES', 200 * 1024 * 1024),
    maxOcrPages: positiveLimit(env, 'MAX_OCR_PAGES', 10),
    maxImagePixels: positiveLimit(env, 'MAX_IMAGE_PIXELS', 40_000_000),
    ocrTimeoutMs: positiveLimit(env, 'OCR_TIMEOUT_MS', 60_000),
    conversionTimeoutMs: positiveLimit(env, 'CONVERSION_TIMEOUT_MS', 60_000),
    maxZipEntries: positiveLimit(env, 'MAX_ZIP_ENTRIES', 2_000),
    maxZipBytes: positiveLimit(env, 'MAX_ZIP_BYTES', 200 * 1024 * 1024),
    maxZipRatio: positiveLimit(env, 'MAX_ZIP_RATIO', 200),
    conversionWorkers: positiveLimit(env, 'CONVERSION_WORKERS', 2),
    ocrWorkers: positiveLimit(env, 'OCR_WORKERS', 2),
    sofficePath: env.SOFFICE_PATH?.trim() || 'soffice',
    tesseractPath: env.TESSERACT_PATH?.trim() || 'tesseract',
    pdftoppmPath: env.PDFTOPPM_PATH?.trim() || 'pdftoppm',
    faceCascadePath: env.FACE_CASCADE_PATH?.trim() || '/usr/share/opencv4/haarcascades/haarcascade_frontalface_alt2.xml',
  }
}

/** A limit that is not a positive number keeps its default. */
function positiveLimit(env: Env, name: string, fallback: number): number {
  const value = Number(env[name])
  return env[name] && Number.isFinite(value) && value > 0 ? value : fallback
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

function integer(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env[name])
  if (raw === undefined) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`)
  return value
}

function positive(env: Env, name: string, fallback: number): number {
  const value = integer(env, name, fallback)
  if (value === 0) throw new Error(`${name} must be at least 1`)
  return value
}

function basePath(raw: string | undefined, fallback: string): string {
  const value = nonEmpty(raw) ?? fallback
  const path = '/' + value.replace(/^\/+|\/+$/g, '')
  return path
}
